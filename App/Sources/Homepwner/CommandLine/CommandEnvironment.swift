import ArgumentKit
import Foundation

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// The world `homepwner` runs in: its environment variables, its current directory,
/// whether it has a terminal, and its output streams. The process's own by default;
/// tests pass their own to run the command in-process.
public struct CommandEnvironment {
    /// The environment variables (XDG, HOME, NO_COLOR, RESTORATION_DEBUG, …).
    public var variables: [String: String]
    /// The base of relative `--data-dir` and `--state-dir` values.
    public var currentDirectory: String
    /// True when standard input and output are a terminal the app can take over.
    public var hasTerminal: Bool
    /// Writes to standard output.
    public var standardOutput: (String) -> Void
    /// Writes to standard error.
    public var standardError: (String) -> Void

    /// Creates an environment.
    public init(
        variables: [String: String], currentDirectory: String, hasTerminal: Bool,
        standardOutput: @escaping (String) -> Void, standardError: @escaping (String) -> Void
    ) {
        self.variables = variables
        self.currentDirectory = currentDirectory
        self.hasTerminal = hasTerminal
        self.standardOutput = standardOutput
        self.standardError = standardError
    }

    /// The same environment, its streams given only text a terminal prints as it is: an
    /// ESC, another control or a bidirectional override in a message (from an option's
    /// value, a path, an item's name) is written as `\u{1b}` and so on
    /// (``TerminalText/printable(_:)``), line breaks kept.
    func printingSafely() -> CommandEnvironment {
        var safe = self
        let output = standardOutput
        let error = standardError
        safe.standardOutput = { output(TerminalText.printable($0)) }
        safe.standardError = { error(TerminalText.printable($0)) }
        return safe
    }

    /// The process's environment, directory, terminal and streams.
    public static var process: CommandEnvironment {
        CommandEnvironment(
            variables: ProcessInfo.processInfo.environment,
            currentDirectory: FileManager.default.currentDirectoryPath,
            hasTerminal: isatty(STDIN_FILENO) == 1 && isatty(STDOUT_FILENO) == 1,
            standardOutput: { FileHandle.standardOutput.write(Data($0.utf8)) },
            standardError: { FileHandle.standardError.write(Data($0.utf8)) })
    }
}
