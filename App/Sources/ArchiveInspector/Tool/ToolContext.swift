import Foundation

/// What a run of `restoration-archive` sees of its process: the environment, whether
/// standard output is a terminal, and where its output goes.
///
/// The executable passes the real process's (``process(standardOutput:standardError:)``);
/// tests pass their own, to run the whole tool in-process and read what it printed.
public struct ToolContext {
    /// The environment variables (`XDG_STATE_HOME`, `HOME`, `NO_COLOR`, `TERM`).
    public var environment: [String: String]
    /// True when standard output is a terminal, for `--color=auto`.
    public var standardOutputIsTerminal: Bool
    /// The file descriptor read for the file `-`.
    public var standardInput: Int32
    /// Writes to standard output.
    public var standardOutput: (String) -> Void
    /// Writes to standard error.
    public var standardError: (String) -> Void

    /// Creates a context.
    public init(
        environment: [String: String], standardOutputIsTerminal: Bool = false, standardInput: Int32 = 0,
        standardOutput: @escaping (String) -> Void, standardError: @escaping (String) -> Void
    ) {
        self.environment = environment
        self.standardOutputIsTerminal = standardOutputIsTerminal
        self.standardInput = standardInput
        self.standardOutput = standardOutput
        self.standardError = standardError
    }
}
