/// What a command line asks the tool to do.
public enum ParseResult: Hashable, Sendable {
    /// Run a command with these values.
    case run(ParsedCommand)
    /// Print this help text on standard output and exit 0.
    case help(String)
    /// Print this version text on standard output and exit 0.
    case version(String)
}
