import Foundation

/// The readable report: per size a table of the libraries, then the disk figures, then the
/// goals of rule P4 checked against this run.
struct TableReport {
    let machine: String
    let plan: BenchPlan
    let results: [SizeResult]
    /// The engine and the floor back to back, if this run paired two sizes.
    var paired: PairedResult?
    let seconds: Double

    func text() -> String {
        var lines: [String] = []
        lines.append("restoration-bench: \(machine)")
        lines.append(
            "Median (min–max) of \(plan.repetitions) interleaved repetitions after a warm-up; milliseconds. "
                + "Encode = live tree to bytes; decode = bytes to a new live tree.")
        for size in results {
            lines.append("")
            lines.append(
                "N = \(Self.grouped(size.nodes)) objects: depth \(size.depth), \(Self.grouped(size.keys)) keys, "
                    + "\(Self.grouped(size.photos)) photos of \(BenchTree.photoBytes / 1024) KiB")
            lines.append(
                Self.row(["library", "encode ms", "decode ms", "bytes", "enc/floor", "dec/floor"]))
            let floor = size.result(.floor)
            for result in size.cases {
                lines.append(
                    Self.row([
                        result.library.rawValue, Self.figure(result.encode), Self.figure(result.decode),
                        Self.grouped(result.bytes), Self.ratio(result.encode.median, floor?.encode.median),
                        Self.ratio(result.decode.median, floor?.decode.median),
                    ]))
            }
            for (library, reason) in size.leftOut {
                lines.append("  (\(library.rawValue) left out: \(reason))")
            }
        }
        if plan.showsSamples { lines.append(contentsOf: sampleLines()) }
        let disks = results.compactMap { size in size.disk.map { (size.nodes, $0) } }
        if let first = disks.first?.1 {
            lines.append("")
            lines.append(
                "Disk: the engine's archive through FileRestorationStorage (temp file, fsync, rename, "
                    + "directory fsync), \(first.fileSystem) at \(first.directory)")
            lines.append(
                Self.row(["objects", "archive bytes", "atomic write ms", "read ms"], widths: Self.diskWidths))
            for (nodes, disk) in disks {
                let cells = [
                    Self.grouped(nodes), Self.grouped(disk.bytes), Self.figure(disk.write),
                    Self.figure(disk.read),
                ]
                lines.append(Self.row(cells, widths: Self.diskWidths))
            }
        }
        if let paired { lines.append(contentsOf: pairedLines(paired)) }
        lines.append("")
        lines.append(contentsOf: GoalCheck(results: results, paired: paired).lines)
        lines.append("")
        lines.append("Legend:")
        for library in Library.reportOrder { lines.append("  \(library.rawValue): \(library.summary)") }
        lines.append(String(format: "Run time: %.1f s.", seconds))
        return lines.joined(separator: "\n") + "\n"
    }

    /// The back-to-back ratios: their median and range, and with `--samples` each group's.
    private func pairedLines(_ paired: PairedResult) -> [String] {
        var lines = [
            "",
            "Engine against the floor, back to back: \(PairedRun.groups) groups, each timing the floor and the "
                + "engine at \(Self.grouped(paired.small)) objects, then at \(Self.grouped(paired.large)), "
                + "the order alternating; the engine's time over the floor's.",
            Self.row(["", "median", "min–max"], widths: Self.pairedWidths),
        ]
        for (name, ratios) in paired.rows {
            let statistics = Statistics(ratios)
            lines.append(
                Self.row(
                    [
                        name, Self.times(statistics.median),
                        Self.times(statistics.minimum) + "–" + Self.times(statistics.maximum),
                    ], widths: Self.pairedWidths))
        }
        if plan.showsSamples {
            for (name, ratios) in paired.rows {
                lines.append("Groups, \(name): " + ratios.map(Self.times).joined(separator: " "))
            }
        }
        return lines
    }

    static func times(_ ratio: Double) -> String { String(format: "%.2fx", ratio) }

    /// Every repetition's timing per size, library and direction, in the order taken.
    private func sampleLines() -> [String] {
        var lines = ["", "Samples: every repetition, in the order taken; milliseconds."]
        for size in results {
            for result in size.cases {
                for (direction, statistics) in [("encode", result.encode), ("decode", result.decode)] {
                    let name = "N = \(Self.grouped(size.nodes)) \(result.library.rawValue) \(direction):"
                    lines.append(
                        name + " " + statistics.samples.map(Self.milliseconds).joined(separator: " "))
                }
            }
        }
        return lines
    }

    private static let widths = [20, 26, 26, 13, 10, 10]
    private static let diskWidths = [10, 14, 28, 28]
    private static let pairedWidths = [36, 8, 16]

    private static func row(_ cells: [String], widths: [Int] = widths) -> String {
        var line = ""
        for (index, cell) in cells.enumerated() {
            let width = index < widths.count ? widths[index] : 12
            if index == 0 {
                line += cell.padding(toLength: max(width, cell.count), withPad: " ", startingAt: 0)
            } else {
                line += String(repeating: " ", count: max(1, width - cell.count)) + cell
            }
        }
        return line
    }

    /// `median (min–max)`.
    static func figure(_ statistics: Statistics) -> String {
        "\(milliseconds(statistics.median)) (\(milliseconds(statistics.minimum))–\(milliseconds(statistics.maximum)))"
    }

    /// About four significant digits.
    static func milliseconds(_ value: Double) -> String {
        switch value {
        case ..<10: String(format: "%.3f", value)
        case ..<100: String(format: "%.2f", value)
        case ..<1_000: String(format: "%.1f", value)
        default: grouped(Int(value.rounded()))
        }
    }

    static func ratio(_ value: Double, _ reference: Double?) -> String {
        guard let reference, reference > 0 else { return "-" }
        return String(format: "%.2fx", value / reference)
    }

    /// 1234567 as `1,234,567`.
    static func grouped(_ value: Int) -> String {
        let digits = String(value.magnitude)
        var result = ""
        for (index, digit) in digits.enumerated() {
            if index > 0 && (digits.count - index) % 3 == 0 { result.append(",") }
            result.append(digit)
        }
        return value < 0 ? "-" + result : result
    }
}
