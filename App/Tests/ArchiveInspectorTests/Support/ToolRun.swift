import ArchiveInspector
import ArgumentKit
import Foundation

/// What one in-process run of the tool printed and returned.
struct ToolRun {
    var status: Int32
    var output: String
    var errors: String

    /// Runs `restoration-archive` with `arguments` in this process.
    /// - Parameters:
    ///   - environment: The variables the tool sees; none by default, so that the host's
    ///     `NO_COLOR` or `XDG_STATE_HOME` cannot change the result.
    ///   - terminal: Whether standard output is a terminal.
    ///   - standardInput: The descriptor read for `-`.
    static func run(
        _ arguments: [String], environment: [String: String] = [:], terminal: Bool = false,
        standardInput: Int32 = 0
    ) -> ToolRun {
        final class Sink {
            var text = ""
        }
        let output = Sink()
        let errors = Sink()
        let context = CommandContext(
            environment: environment, standardInput: standardInput, standardOutputIsTerminal: terminal,
            standardOutput: { output.text += $0 }, standardError: { errors.text += $0 })
        let status = RestorationArchiveTool.run(arguments, context: context)
        return ToolRun(status: status.rawValue, output: output.text, errors: errors.text)
    }
}
