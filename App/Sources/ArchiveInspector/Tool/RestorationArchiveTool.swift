import ArgumentKit
import Foundation
import StateRestoration

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// The `restoration-archive` command-line tool: `show`, `show --json`, `verify` and `diff`
/// of state restoration archives (rules A1–A5).
///
/// The executable is one call to ``main(arguments:)``; tests call ``run(_:context:)`` with
/// their own ``CommandContext`` to run it in-process.
public enum RestorationArchiveTool {
    /// What `--version` prints.
    public static let version =
        "restoration-archive \(ArchiveFormat.engineVersion) (StateRestoration \(ArchiveFormat.engineVersion), "
        + "reads archive format \(ArchiveFormat.readableVersions.lowerBound)"
        + (ArchiveFormat.readableVersions.count > 1 ? "–\(ArchiveFormat.readableVersions.upperBound))" : ")")

    /// Runs the tool on `arguments` (without the executable's name).
    /// - Returns: The exit status: 0 success, 1 `diff` found differences, 64 usage error,
    ///   65 invalid archive, 66 missing or unreadable file, 74 I/O error.
    public static func run(_ arguments: [String], context: CommandContext) -> ExitStatus {
        do throws(InspectorError) {
            let request: ParseResult
            do {
                request = try ArgumentParser(Commands.root).parse(arguments)
            } catch {
                throw .usage(error)
            }
            switch request {
            case .help(let text):
                context.standardOutput(text)
                return .success
            case .version(let text):
                context.standardOutput(text + "\n")
                return .success
            case .run(let command):
                do {
                    return try Commands.run(command, context: context)
                } catch {
                    // A script that asked for JSON gets its error as JSON too, on standard
                    // output, with the same exit status; a wrong command line stays text.
                    if case .usage = error { throw error }
                    guard command.spec.options.contains(where: { $0.name == "json" }), command.flag("json")
                    else {
                        throw error
                    }
                    context.standardOutput(error.json)
                    return error.exitStatus
                }
            }
        } catch {
            context.standardError(error.rendered)
            return error.exitStatus
        }
    }

    /// Runs the tool as a process: on `CommandLine.arguments`, the process environment and
    /// the standard streams.
    /// - Returns: The exit status for `exit(_:)`. A failed write to standard output (a full
    ///   disk) turns success into 74.
    public static func main(arguments: [String] = CommandLine.arguments) -> Int32 {
        let output = DescriptorWriter(descriptor: STDOUT_FILENO)
        let errors = DescriptorWriter(descriptor: STDERR_FILENO)
        let context = CommandContext(
            environment: ProcessInfo.processInfo.environment, standardInput: STDIN_FILENO,
            standardOutputIsTerminal: isatty(STDOUT_FILENO) == 1, standardOutput: output.write,
            standardError: errors.write)
        let status = run(Array(arguments.dropFirst()), context: context)
        if let failure = output.failure {
            errors.write("error: cannot write to standard output: \(failure)\n")
            return ExitStatus.ioError.rawValue
        }
        return status.rawValue
    }
}
