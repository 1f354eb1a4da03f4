import Foundation
import Testing

/// The benchmark runs and reports; no timing is asserted (the machines are noisy).
@Suite("restoration-bench: a run at N = 10 measures every library")
struct BenchmarkRunTests {
    static let libraries: Set<String> = [
        "StateRestoration", "NSKeyedArchiver", "PropertyListEncoder", "JSONEncoder", "floor",
    ]

    @Test("--json prints exactly one JSON object with a case for every library at N = 10")
    func jsonAtTen() throws {
        let outcome = try BenchBinary.run(["--nodes", "10", "--json"])
        #expect(outcome.status == 0, "stderr: \(outcome.errors)")
        let object = try #require(
            try JSONSerialization.jsonObject(with: outcome.output) as? [String: Any],
            "not a JSON object: \(outcome.text)")
        #expect(Set(object.keys) == ["machine", "cases"])
        let machine = try #require(object["machine"] as? String)
        #expect(!machine.isEmpty)
        let cases = try #require(object["cases"] as? [[String: Any]])
        var seen: Set<String> = []
        for entry in cases {
            #expect(Set(entry.keys) == ["nodes", "library", "encode_ms", "decode_ms", "bytes"])
            let library = try #require(entry["library"] as? String)
            #expect(seen.insert(library).inserted, "\(library) reported twice")
            #expect(entry["nodes"] as? Int == 10)
            let encode = try #require(entry["encode_ms"] as? Double)
            let decode = try #require(entry["decode_ms"] as? Double)
            #expect(encode >= 0 && decode >= 0)
            let bytes = try #require(entry["bytes"] as? Int)
            #expect(bytes > 0)
        }
        #expect(seen == Self.libraries)
        #expect(outcome.text.filter { $0 == "\n" }.count == 1, "one object on one line")
    }

    @Test("the table names every library, the disk figures and the goals")
    func tableAtTen() throws {
        let outcome = try BenchBinary.run(["--nodes", "10", "--repetitions", "7"])
        #expect(outcome.status == 0, "stderr: \(outcome.errors)")
        for library in Self.libraries { #expect(outcome.text.contains(library)) }
        #expect(outcome.text.contains("N = 10 objects"))
        #expect(outcome.text.contains("atomic write"))
        #expect(outcome.text.contains("Goals"))
        // Without 1,000 objects in the run there is nothing to pair.
        #expect(!outcome.text.contains("back to back"))
    }

    @Test("with 1,000 objects and a larger size, engine and floor are timed back to back; the goals read it")
    func backToBack() throws {
        let outcome = try BenchBinary.run([
            "--nodes", "1000", "--nodes", "2000", "--skip", "JSONEncoder", "--skip", "PropertyListEncoder",
            "--skip", "NSKeyedArchiver", "--no-disk", "--repetitions", "7", "--samples",
        ])
        #expect(outcome.status == 0, "stderr: \(outcome.errors)")
        let lines = outcome.text.split(separator: "\n").map(String.init)
        #expect(lines.contains { $0.hasPrefix("Engine against the floor, back to back: 15 groups") })
        func ratios(_ row: String) throws -> [Double] {
            let line = try #require(lines.first { $0.hasPrefix("Groups, \(row): ") }, "no groups of \(row)")
            let values = line.dropFirst("Groups, \(row): ".count).split(separator: " ").compactMap {
                Double($0.dropLast())
            }
            #expect(values.count == 15, "\(line)")
            return values
        }
        func median(_ row: String) throws -> Double {
            let line = try #require(lines.first { $0.hasPrefix(row + " ") }, "no row \(row)")
            let cells = line.dropFirst(row.count).split(separator: " ")
            return try #require(cells.first.flatMap { Double($0.dropLast()) }, "\(line)")
        }
        for direction in ["encode", "decode"] {
            let small = try ratios("\(direction) at 1,000")
            let large = try ratios("\(direction) at 2,000")
            let growth = try ratios("\(direction) growth, 1,000 → 2,000")
            for (index, value) in growth.enumerated() where index < small.count && index < large.count {
                // Printed to two decimals: the group's own large ratio over its small one.
                #expect(abs(value - large[index] / small[index]) <= 0.02 * value + 0.01, "group \(index + 1)")
            }
            // The row's median is the groups' middle one, and it is what the goal reads.
            let middle = small.sorted()[7]
            #expect(try median("\(direction) at 1,000") == middle)
            let limit = direction == "encode" ? "2x" : "2.5x"
            let goal = try #require(lines.first { $0.contains("engine \(direction) ≤ \(limit) floor: ") })
            #expect(goal.contains(": " + String(format: "%.2fx", middle) + " ["), "\(goal)")
        }
        #expect(lines.contains { $0.hasPrefix("Goals, from this run (engine against floor: the median of") })
        // 2,000 is not the goals' large size, so the growth goals are not read from it.
        #expect(lines.contains { $0.contains("growth 1,000 → 100,000: not measured in this run") })
    }

    @Test("--skip leaves a library out, and a misspelt one is a usage error with a suggestion")
    func skip() throws {
        let skipped = try BenchBinary.run(["--nodes", "10", "--json", "--skip", "NSKeyedArchiver"])
        #expect(skipped.status == 0)
        #expect(!skipped.text.contains("NSKeyedArchiver"))
        #expect(skipped.text.contains("StateRestoration"))

        let misspelt = try BenchBinary.run(["--skip", "NSKeyArchiver"])
        #expect(misspelt.status == 64)
        #expect(misspelt.errors.contains("did you mean 'NSKeyedArchiver'?"))
        #expect(misspelt.output.isEmpty)
    }

    @Test("--samples lists every repetition of every case, in order, and the median is their middle one")
    func samples() throws {
        let outcome = try BenchBinary.run(["--nodes", "10", "--repetitions", "7", "--no-disk", "--samples"])
        #expect(outcome.status == 0)
        let lines = outcome.text.split(separator: "\n").map(String.init)
        let engine = try #require(lines.first { $0.hasPrefix("N = 10 StateRestoration encode:") })
        let timings = engine.split(separator: " ").dropFirst(5).compactMap { Double($0) }
        #expect(timings.count == 7, "\(engine)")
        // The table's median is the middle of these, as printed.
        let row = try #require(lines.first { $0.hasPrefix("StateRestoration") })
        let median = try #require(row.split(separator: " ").dropFirst().first.flatMap { Double($0) })
        #expect(timings.sorted()[3] == median, "\(row) / \(engine)")
        for library in ["floor", "StateRestoration", "JSONEncoder", "PropertyListEncoder", "NSKeyedArchiver"]
        {
            for direction in ["encode", "decode"] {
                #expect(
                    lines.contains { $0.hasPrefix("N = 10 \(library) \(direction):") },
                    "\(library) \(direction)")
            }
        }
        let without = try BenchBinary.run(["--nodes", "10", "--repetitions", "7", "--no-disk"])
        #expect(!without.text.contains("Samples:"))
    }

    @Test("P1: --incremental times the four saves side by side and prints the three goal lines")
    func incrementalSaves() throws {
        let outcome = try BenchBinary.run(["--incremental", "--nodes", "2000", "--repetitions", "7"])
        #expect(outcome.status == 0, "stderr: \(outcome.errors)")
        for name in [
            "full save (incremental saves off), 1 changed", "incremental save, 1 changed",
            "incremental save, 1,000 changed", "full change (incremental saves on), 2,000 changed",
        ] {
            #expect(outcome.text.contains(name), "\(name): \(outcome.text)")
        }
        let goals = outcome.text.split(separator: "\n").filter { $0.contains("of a full save (goal") }
        let labels = [
            "incremental save, 1 changed of 2,000", "incremental save, 1,000 changed of 2,000",
            "full change, 2,000 changed of 2,000",
        ]
        #expect(goals.count == 3, "\(outcome.text)")
        for (goal, (label, limit)) in zip(goals, zip(labels, [10, 20, 105])) {
            let pattern = #/^(.+): [0-9.]+% of a full save \(goal ≤ ([0-9]+)%\): (met|NOT met)$/#
            let match = try #require(try pattern.wholeMatch(in: String(goal)), "\(goal)")
            #expect(match.1 == label)
            #expect(Int(match.2) == limit)
        }
    }

    @Test("--help describes the options")
    func help() throws {
        let outcome = try BenchBinary.run(["--help"])
        #expect(outcome.status == 0)
        for option in ["--json", "--nodes", "--skip", "--slow", "--repetitions"] {
            #expect(outcome.text.contains(option))
        }
    }
}
