import ArgumentKit
import Foundation

#if canImport(Glibc)
    import Glibc
#endif

/// restoration-bench: see `BenchOptions.spec` and docs/PERFORMANCE.md.
func writeError(_ text: String) {
    FileHandle.standardError.write(Data(text.utf8))
}

// The hostile shapes' child processes (`--hostile`): not part of the command line's help.
if CommandLine.arguments.count == 3, CommandLine.arguments[1] == "--hostile-child" {
    print(MainActor.assumeIsolated { HostileShapes.child(file: CommandLine.arguments[2]) })
    exit(ExitStatus.success.rawValue)
}

// scripts/bench-phases: the parts of a restore, timed (Measurement/PhaseTimes.swift); not part
// of the command line's help.
if CommandLine.arguments.count >= 2, CommandLine.arguments[1] == "--phases" {
    do {
        try MainActor.assumeIsolated { try PhaseTimes.main(Array(CommandLine.arguments.dropFirst(2))) }
    } catch {
        writeError("restoration-bench: error: \(error)\n")
        exit(ExitStatus.software.rawValue)
    }
    exit(ExitStatus.success.rawValue)
}

let parsed: ParseResult
do {
    parsed = try ArgumentParser(BenchOptions.spec).parse(Array(CommandLine.arguments.dropFirst()))
} catch {
    writeError(error.rendered)
    exit(ExitStatus.usage.rawValue)
}

let command: ParsedCommand
switch parsed {
case .help(let text), .version(let text):
    print(text, terminator: text.hasSuffix("\n") ? "" : "\n")
    exit(ExitStatus.success.rawValue)
case .run(let parsedCommand):
    command = parsedCommand
}

let options: (json: Bool, profile: Library?, plan: BenchPlan)
do {
    options = try BenchOptions.plan(from: command)
} catch {
    writeError(error.rendered)
    exit(ExitStatus.usage.rawValue)
}

let showsProgress = isatty(STDERR_FILENO) == 1
let started = ContinuousClock.now
let machine = MachineDescription.current
do {
    let runner = BenchRunner(plan: options.plan) { message in
        if showsProgress { writeError("restoration-bench: \(message)\n") }
    }
    if command.flag("hostile") {
        let executable =
            (try? FileManager.default.destinationOfSymbolicLink(atPath: "/proc/self/exe"))
            ?? CommandLine.arguments[0]
        print(try HostileShapes.run(executable: executable), terminator: "")
        exit(ExitStatus.success.rawValue)
    }
    if command.flag("continuous") {
        print(
            try ContinuousRun.run(sizes: options.plan.sizes, repetitions: options.plan.repetitions),
            terminator: "")
        exit(ExitStatus.success.rawValue)
    }
    if command.flag("incremental") {
        let nodes = options.plan.sizes.count == 1 ? options.plan.sizes[0] : 100_000
        // Each repetition saves 100,000 objects twice: 21 of them unless told.
        let repetitions = command.value("repetitions") == nil ? 21 : options.plan.repetitions
        print(try IncrementalRun.run(nodes: nodes, repetitions: repetitions), terminator: "")
        exit(ExitStatus.success.rawValue)
    }
    if let library = options.profile {
        let nodes = options.plan.sizes.first ?? 1_000
        print(try ProfileRun.run(library, nodes: nodes, count: options.plan.repetitions), terminator: "")
        exit(ExitStatus.success.rawValue)
    }
    let results = try runner.run()
    var paired: PairedResult?
    if !options.json, let sizes = PairedRun.sizes(in: options.plan) {
        paired = try PairedRun(small: sizes.small, large: sizes.large, runner: runner).run()
    }
    if options.json {
        print(JSONReport(machine: machine, results: results).text())
    } else {
        let seconds = Stopwatch.milliseconds(ContinuousClock.now - started) / 1_000
        print(
            TableReport(
                machine: machine, plan: options.plan, results: results, paired: paired, seconds: seconds
            ).text(),
            terminator: "")
    }
} catch {
    writeError("restoration-bench: error: \(error)\n")
    exit(ExitStatus.software.rawValue)
}
