import ArgumentKit
import Foundation

@testable import Homepwner

/// One run of `homepwner` in-process (``HomepwnerCommand``): its exit status and what it
/// wrote.
@MainActor
struct CommandRun {
    let status: Int32
    let output: String
    let errors: String

    /// Runs `homepwner` with `arguments` in `scratch` (its current directory, `HOME` inside
    /// it), on a terminal when `hasTerminal`, with `variables` added to its environment.
    init(
        _ arguments: [String], in scratch: Scratch, hasTerminal: Bool = false,
        variables: [String: String] = [:]
    ) {
        var output = ""
        var errors = ""
        let context = CommandContext(
            environment: ["HOME": scratch.file("home")].merging(variables) { $1 },
            currentDirectory: scratch.path, standardInputIsTerminal: hasTerminal,
            standardOutputIsTerminal: hasTerminal, standardOutput: { output += $0 },
            standardError: { errors += $0 })
        status = HomepwnerCommand.run(arguments, context: context)
        self.output = output
        self.errors = errors
    }
}
