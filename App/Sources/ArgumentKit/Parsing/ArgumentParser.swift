/// Parses a command line against a ``CommandSpec``.
///
/// The grammar is the common one of POSIX and GNU tools:
/// - `--name value` and `--name=value` for options with a value, `--flag` for flags, `-x`
///   for a one-letter alias (`-x value` when it takes one);
/// - options and positional arguments in any order; `--` ends the options, so that a
///   file may be called `--odd`; a lone `-` is a positional (usually standard input);
/// - the first positional word chooses a subcommand when the command has some; `help
///   <subcommand>` is the same as `<subcommand> --help`;
/// - `-h`/`--help` anywhere before `--` prints the help of the command chosen so far, even
///   if the rest of the line has mistakes; `--version` prints the root's version.
///
/// A tool declares its spec once; help text, usage lines and did-you-mean all come from it:
///
/// ```swift
/// let spec = CommandSpec(
///     name: "homepwner", abstract: "An inventory of your possessions, in the terminal.",
///     options: [
///         .flag("fresh", help: "Starts without the saved state, and forgets it."),
///         .option("data-dir", valueName: "dir", help: "Where the items live."),
///         .option("random-items", valueName: "count", help: "Adds this many random items."),
///     ],
///     version: "homepwner 1.0")
///
/// func options(_ arguments: [String]) throws(UsageError) -> Options? {
///     switch try ArgumentParser(spec).parse(arguments) {
///     case .help(let text), .version(let text):
///         print(text, terminator: text.hasSuffix("\n") ? "" : "\n")
///         return nil                                   // exit 0
///     case .run(let command):
///         let count = try command.value("random-items", as: Int.self) ?? 0
///         guard count >= 0 else {
///             throw command.usageError(.invalidValue(
///                 option: "--random-items <count>", value: String(count),
///                 reason: "expected 0 or more", suggestion: nil))
///         }
///         return Options(fresh: command.flag("fresh"), dataDirectory: command.value("data-dir"),
///                        randomItems: count)
///     }
/// }
/// // On a UsageError: write `error.rendered` to standard error, exit with ExitStatus.usage (64).
/// ```
public struct ArgumentParser: Sendable {
    /// The root command.
    public let root: CommandSpec

    /// Creates a parser for `root`.
    public init(_ root: CommandSpec) {
        self.root = root
    }

    /// Parses `arguments` (without the executable's name).
    /// - Throws: ``UsageError`` for the first mistake found, left to right.
    public func parse(_ arguments: [String]) throws(UsageError) -> ParseResult {
        var state = ParseState(root: root)
        do {
            return try state.parse(arguments)
        } catch {
            // `--help` wins over mistakes: someone stuck on an error asks for help.
            if Self.asksForHelp(arguments) {
                return .help(HelpFormatter.help(for: state.command, path: state.path))
            }
            throw error
        }
    }

    /// The help text of the command at `path` (root first, starting with the root's name),
    /// or of the root when `path` names no command.
    public func help(for path: [String] = []) -> String {
        var command = root
        var resolved = [root.name]
        for name in path.dropFirst() {
            guard let next = command.subcommand(named: name) else { break }
            command = next
            resolved.append(name)
        }
        return HelpFormatter.help(for: command, path: resolved)
    }

    private static func asksForHelp(_ arguments: [String]) -> Bool {
        for argument in arguments {
            if argument == "--" { return false }
            if argument == "--help" || argument == "-h" { return true }
        }
        return false
    }
}

/// The parser's position in one command line.
private struct ParseState {
    let root: CommandSpec
    var command: CommandSpec
    var path: [String]
    var optionValues: [String: [String]] = [:]
    var words: [String] = []

    init(root: CommandSpec) {
        self.root = root
        self.command = root
        self.path = [root.name]
    }

    mutating func parse(_ arguments: [String]) throws(UsageError) -> ParseResult {
        var index = 0
        var optionsEnded = false
        while index < arguments.count {
            let argument = arguments[index]
            index += 1
            if optionsEnded || argument == "-" || !argument.hasPrefix("-") || Self.isNumber(argument) {
                if let result = try word(argument, rest: arguments[index...]) { return result }
                continue
            }
            if argument == "--" {
                optionsEnded = true
                continue
            }
            if argument == "--help" || argument == "-h" {
                return .help(HelpFormatter.help(for: command, path: path))
            }
            if argument == "--version", let version = root.version {
                return .version(version)
            }
            try option(argument, arguments: arguments, index: &index)
        }
        return .run(try finish())
    }

    /// A word that is not an option: a subcommand's name or a positional argument.
    private mutating func word(_ word: String, rest: ArraySlice<String>) throws(UsageError) -> ParseResult? {
        guard !command.subcommands.isEmpty else {
            words.append(word)
            return nil
        }
        if word == "help" {
            // `tool help sub` reads as `tool sub --help`; `tool help` as `tool --help`.
            if let name = rest.first { try enter(name) }
            return .help(HelpFormatter.help(for: command, path: path))
        }
        try enter(word)
        return nil
    }

    /// Moves into the subcommand `name`.
    private mutating func enter(_ name: String) throws(UsageError) {
        guard let subcommand = command.subcommand(named: name) else {
            let names = command.subcommands.map(\.name)
            throw UsageError(
                .unknownSubcommand(name, suggestion: Suggestion.closest(to: name, among: names)),
                commandPath: path)
        }
        command = subcommand
        path.append(name)
    }

    /// An argument starting with `-`: looks the option up and reads its value.
    private mutating func option(_ argument: String, arguments: [String], index: inout Int) throws(UsageError)
    {
        var name: Substring
        var inline: String?
        let spec: OptionSpec?
        if argument.hasPrefix("--") {
            let body = argument.dropFirst(2)
            if let equals = body.firstIndex(of: "=") {
                name = body[..<equals]
                inline = String(body[body.index(after: equals)...])
            } else {
                name = body
            }
            spec = command.option(named: String(name))
        } else {
            name = argument.dropFirst()
            if name.count == 1, let letter = name.first {
                spec = command.option(short: letter)
            } else {
                spec = nil
            }
        }
        guard let spec else { throw unknownOption(argument, name: String(name)) }
        let written = argument.hasPrefix("--") ? "--\(spec.name)" : argument
        if spec.isFlag {
            if let inline {
                throw UsageError(.unexpectedValue(flag: written, value: inline), commandPath: path)
            }
            optionValues[spec.name, default: []].append("")
            return
        }
        let value: String
        if let inline {
            value = inline
        } else if index < arguments.count, Self.canBeValue(arguments[index]) {
            value = arguments[index]
            index += 1
        } else {
            throw UsageError(.missingValue(option: spec.synopsis), commandPath: path)
        }
        if !spec.allowedValues.isEmpty, !spec.allowedValues.contains(value) {
            throw UsageError(
                .invalidValue(
                    option: spec.synopsis, value: value,
                    reason: "expected one of \(spec.allowedValues.joined(separator: ", "))",
                    suggestion: Suggestion.closest(to: value, among: spec.allowedValues)),
                commandPath: path)
        }
        optionValues[spec.name, default: []].append(value)
    }

    private func unknownOption(_ argument: String, name: String) -> UsageError {
        var candidates = command.options.map(\.name) + ["help"]
        if root.version != nil { candidates.append("version") }
        var suggestion = Suggestion.closest(to: name, among: candidates).map { "--\($0)" }
        if !argument.hasPrefix("--"), name.count > 1, suggestion == nil, command.option(named: name) != nil {
            suggestion = "--\(name)"  // `-json` for `--json`
        }
        let owner = command.subcommands.first { $0.option(named: name) != nil }?.name
        return UsageError(.unknownOption(argument, suggestion: suggestion, owner: owner), commandPath: path)
    }

    /// Assigns the words to the positionals, checking their number.
    private func finish() throws(UsageError) -> ParsedCommand {
        if !command.subcommands.isEmpty {
            throw UsageError(
                .missingSubcommand(available: command.subcommands.map(\.name)), commandPath: path)
        }
        var remaining = words[...]
        var positionalValues: [String: [String]] = [:]
        for positional in command.positionals {
            switch positional.arity {
            case .required:
                guard let value = remaining.popFirst() else {
                    throw UsageError(.missingArgument(positional.synopsis), commandPath: path)
                }
                positionalValues[positional.name] = [value]
            case .optional:
                if let value = remaining.popFirst() { positionalValues[positional.name] = [value] }
            case .variadic:
                positionalValues[positional.name] = Array(remaining)
                remaining = []
            }
        }
        if let extra = remaining.first {
            throw UsageError(.unexpectedArgument(extra), commandPath: path)
        }
        return ParsedCommand(
            commandPath: path, spec: command, optionValues: optionValues, positionalValues: positionalValues)
    }

    /// `-5` and `-0.5` are values, not options.
    private static func isNumber(_ argument: String) -> Bool {
        argument.count > 1 && Double(argument) != nil
    }

    /// The word after an option is its value unless it is itself an option, so that
    /// `--data-dir --fresh` reports the missing value instead of making a directory called
    /// `--fresh`. `--data-dir=--odd` still works.
    private static func canBeValue(_ argument: String) -> Bool {
        argument == "-" || !argument.hasPrefix("-") || isNumber(argument)
    }
}
