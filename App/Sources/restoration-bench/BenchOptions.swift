import ArgumentKit

/// The command line of `restoration-bench`.
enum BenchOptions {
    static let defaultSizes = [10, 1_000, 100_000]
    static let minimumRepetitions = 7

    static let spec = CommandSpec(
        name: "restoration-bench",
        abstract: "Times the restoration engine against NSKeyedArchiver, PropertyListEncoder, "
            + "JSONEncoder and a hand-written floor.",
        discussion: """
            Builds the same seeded synthetic restorable tree for each size (a navigation root,
            depth up to 8, 6 to 10 keys per object, a 2 KiB photo on about 5% of objects) and, in
            one run, times every library on it, interleaved: encode (live tree to bytes) and
            decode (bytes to a new live tree), as the median and range of the repetitions after a
            warm-up. Every round trip is checked before it is timed. Then it times the engine's
            archive on disk (atomic write and read) for each size.

            When the run has 1,000 objects and a larger size, it then times the engine and the
            floor back to back, in 15 groups: in each, both at 1,000 objects, then both at the
            largest size, each once untimed first, the order alternating. The goals that compare
            the engine with the floor are read from the median of the groups' ratios (the ratio
            of the table's medians is shown beside them).

            NSKeyedArchiver is left out above 10,000 objects unless --slow is given: its encoder
            grows faster than linearly on Linux (here ten times the objects took eighteen times as
            long), and the ten encodes a run needs at 100,000 objects take tens of minutes.

            Build it with `swift build -c release`; a debug build says so in its output.
            """,
        options: [
            .flag(
                "json",
                help: "Print exactly one JSON object (medians, no disk figures) instead of the tables."),
            .option(
                "nodes", valueName: "n", defaultValue: "10, 1000 and 100000",
                help: "Run only this tree size (repeatable)."),
            .option(
                "skip", valueName: "library", allowedValues: Library.allCases.map(\.rawValue),
                help: "Leave a library out at every size (repeatable)."),
            .flag(
                "slow", help: "Also run NSKeyedArchiver above 10,000 objects (tens of minutes at 100,000)."),
            .option(
                "repetitions", valueName: "k", defaultValue: "9",
                help: "Timed repetitions per case, at least \(minimumRepetitions)."),
            .option(
                "disk-dir", valueName: "dir", defaultValue: "the temporary directory",
                help: "Where to time the disk; a subdirectory is created and removed."),
            .flag("no-disk", help: "Leave out the disk figures."),
            .flag(
                "samples",
                help: "Also list every repetition's timing, in the order taken, to see how a median "
                    + "came about (a machine that switches between a fast and a slow state shows two "
                    + "clusters)."),
            .flag(
                "hostile",
                help: "Instead, time hostile archives (rule R33) at growing sizes, each restore in a child "
                    + "process, with its extra peak memory."),
            .flag(
                "continuous",
                help: "Instead, time continuous-preservation passes (rule R26): every object changed, "
                    + "one changed, none changed (which writes nothing)."),
            .flag(
                "incremental",
                help:
                    "Instead, time continuous saves beside a full save (rule P1): after 1 and 1,000 changed "
                    + "objects, and after every object changed; the main actor's time, with goal lines."),
            .option(
                "profile", valueName: "library", allowedValues: Library.allCases.map(\.rawValue),
                help: "Instead of timing, run only this library's encodes, then its decodes, for a "
                    + "profiler (at the first --nodes size, --repetitions times each)."),
        ])

    /// Output format and plan from a parsed command line.
    static func plan(from command: ParsedCommand) throws(UsageError) -> (
        json: Bool, profile: Library?, plan: BenchPlan
    ) {
        var sizes: [Int] = []
        for size in try command.wholeNumbers("nodes", in: 1...1_000_000) where !sizes.contains(size) {
            sizes.append(size)
        }
        let repetitions = try command.value("repetitions", as: Int.self) ?? 9
        guard repetitions >= minimumRepetitions else {
            throw command.usageError(
                .invalidValue(
                    option: "--repetitions <k>", value: "\(repetitions)",
                    reason: "at least \(minimumRepetitions) repetitions give a meaningful median",
                    suggestion: nil))
        }
        let json = command.flag("json")
        var plan = BenchPlan(
            sizes: sizes.isEmpty ? defaultSizes : sizes,
            skipped: Set(command.values("skip").compactMap(Library.init(rawValue:))),
            includeSlow: command.flag("slow"), repetitions: repetitions,
            measureDisk: !json && !command.flag("no-disk"), diskDirectory: command.value("disk-dir"))
        plan.showsSamples = command.flag("samples")
        return (json, command.value("profile").flatMap(Library.init(rawValue:)), plan)
    }
}
