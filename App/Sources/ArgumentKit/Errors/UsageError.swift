/// A mistake on the command line, with what is needed to explain it.
///
/// The parser throws it; a tool renders it with ``rendered`` on standard error and exits
/// with ``ExitStatus/usage`` (64). Tools throw it too, for rules the parser cannot check
/// (see ``ParsedCommand/usageError(_:)``), so that every usage error reads the same.
public struct UsageError: Error, Hashable, Sendable, CustomStringConvertible {
    /// What is wrong.
    public enum Kind: Hashable, Sendable {
        /// An option the command does not have. `suggestion` is a close match, written out
        /// (`"--json"`); `owner` names a subcommand that has the option, when the user put it
        /// before the subcommand.
        case unknownOption(String, suggestion: String?, owner: String?)
        /// A word in the subcommand's place that is not one. `suggestion` is a close match.
        case unknownSubcommand(String, suggestion: String?)
        /// A tool with subcommands was run without one.
        case missingSubcommand(available: [String])
        /// An option that takes a value was given none. The payload is its synopsis.
        case missingValue(option: String)
        /// A flag was given a value, as in `--fresh=yes`.
        case unexpectedValue(flag: String, value: String)
        /// A value was rejected: not in the allowed list, or not convertible, or refused by
        /// the tool. `suggestion` is a close allowed value.
        case invalidValue(option: String, value: String, reason: String, suggestion: String?)
        /// A required positional argument is missing. The payload is its synopsis.
        case missingArgument(String)
        /// More positional arguments than the command takes.
        case unexpectedArgument(String)
        /// A rule of the tool's own, in a sentence without the `error:` prefix.
        case other(String)
    }

    /// What is wrong.
    public var kind: Kind
    /// The command it happened in, root first: `["restoration-archive", "show"]`.
    public var commandPath: [String]

    /// Creates an error.
    public init(_ kind: Kind, commandPath: [String]) {
        self.kind = kind
        self.commandPath = commandPath
    }

    /// The one-line message, without the `error:` prefix.
    public var message: String {
        switch kind {
        case .unknownOption(let option, _, _):
            "unknown option '\(TerminalText.quoted(option))'"
        case .unknownSubcommand(let word, _):
            "unknown subcommand '\(TerminalText.quoted(word))'"
        case .missingSubcommand:
            "missing subcommand"
        case .missingValue(let option):
            "missing value for '\(TerminalText.quoted(option))'"
        case .unexpectedValue(let flag, let value):
            "'\(TerminalText.quoted(flag))' takes no value, but was given '\(TerminalText.quoted(value))'"
        case .invalidValue(let option, let value, let reason, _):
            "invalid value '\(TerminalText.quoted(value))' for '\(TerminalText.quoted(option))': \(reason)"
        case .missingArgument(let name):
            "missing argument \(name)"
        case .unexpectedArgument(let argument):
            "unexpected argument '\(TerminalText.quoted(argument))'"
        case .other(let message):
            message
        }
    }

    /// The line after the message: a did-you-mean when there is a close match, otherwise
    /// where to read more.
    public var hint: String {
        let command = commandPath.joined(separator: " ")
        let help = "run '\(command) --help' for usage"
        switch kind {
        case .unknownOption(_, let suggestion?, _), .unknownSubcommand(_, let suggestion?),
            .invalidValue(_, _, _, let suggestion?):
            return "did you mean '\(TerminalText.quoted(suggestion))'? (\(help))"
        case .unknownOption(let option, nil, let owner?):
            return "'\(TerminalText.quoted(option))' belongs to a subcommand: '\(command) \(owner) \(option)'"
        case .missingSubcommand(let available):
            return "choose one of: \(available.joined(separator: ", ")) (\(help))"
        default:
            return help
        }
    }

    /// The text for standard error: `error: <message>` then `hint: <hint>`, each on its line.
    public var rendered: String {
        "error: \(message)\nhint: \(hint)\n"
    }

    public var description: String { rendered }
}
