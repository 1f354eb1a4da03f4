/// What one run of a command sees of its process: the environment variables, the current
/// directory, standard input, whether standard input and output are terminals, and where
/// its output goes.
///
/// `homepwner` and `restoration-archive` run on one: the executable passes its process's,
/// and tests pass their own, to run the whole command in-process and read what it printed.
public struct CommandContext {
    /// The environment variables (`HOME`, `XDG_STATE_HOME`, `NO_COLOR`, `TERM`, …).
    public var environment: [String: String]
    /// The base of the relative paths the command resolves itself (`--data-dir`): the
    /// process's current directory by default (`.`).
    public var currentDirectory: String
    /// The file descriptor read for standard input (the file `-`).
    public var standardInput: Int32
    /// True when standard input is a terminal.
    public var standardInputIsTerminal: Bool
    /// True when standard output is a terminal (for `--color=auto`).
    public var standardOutputIsTerminal: Bool
    /// Writes to standard output.
    public var standardOutput: (String) -> Void
    /// Writes to standard error.
    public var standardError: (String) -> Void

    /// Creates a context: no terminal and descriptor 0 for standard input unless given.
    public init(
        environment: [String: String], currentDirectory: String = ".", standardInput: Int32 = 0,
        standardInputIsTerminal: Bool = false, standardOutputIsTerminal: Bool = false,
        standardOutput: @escaping (String) -> Void, standardError: @escaping (String) -> Void
    ) {
        self.environment = environment
        self.currentDirectory = currentDirectory
        self.standardInput = standardInput
        self.standardInputIsTerminal = standardInputIsTerminal
        self.standardOutputIsTerminal = standardOutputIsTerminal
        self.standardOutput = standardOutput
        self.standardError = standardError
    }

    /// True when standard input and output are both terminals, which a full-screen app
    /// can take over.
    public var hasTerminal: Bool { standardInputIsTerminal && standardOutputIsTerminal }

    /// The same context, its streams given only text a terminal prints as it is: an ESC,
    /// another control or a bidirectional override in a message (from an option's value, a
    /// path, an item's name) is written as `\u{1b}` and so on (``TerminalText/printable(_:)``),
    /// line breaks kept.
    public func printingSafely() -> CommandContext {
        var safe = self
        let output = standardOutput
        let error = standardError
        safe.standardOutput = { output(TerminalText.printable($0)) }
        safe.standardError = { error(TerminalText.printable($0)) }
        return safe
    }
}
