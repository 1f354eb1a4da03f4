import ArgumentKit

/// Specs shaped like the project's two tools, so the tests exercise what they will use.
enum Fixtures {
    /// A single-command tool like `homepwner`.
    static let app = CommandSpec(
        name: "homepwner", abstract: "An inventory of your possessions, in the terminal.",
        options: [
            .flag("fresh", help: "Starts without restoring the saved state, and forgets it."),
            .option("data-dir", valueName: "dir", help: "Where the items and photos live."),
            .option("state-dir", valueName: "dir", help: "Where the restoration archive lives."),
            .option("random-items", short: "n", valueName: "count", help: "Adds this many random items."),
        ],
        version: "homepwner 1.0.0")

    /// A tool with subcommands like `restoration-archive`.
    static let tool = CommandSpec(
        name: "archive-tool", abstract: "Shows and compares archives.",
        subcommands: [
            CommandSpec(
                name: "show", abstract: "Shows an archive.",
                options: [
                    .flag("json", help: "Prints JSON."),
                    .option(
                        "color", valueName: "when", allowedValues: ["auto", "always", "never"],
                        defaultValue: "auto", help: "When to use colour."),
                    .option("app", valueName: "name", help: "Shows the archive of this app."),
                ],
                positionals: [PositionalSpec("file", arity: .optional, help: "The archive file.")]),
            CommandSpec(
                name: "diff", abstract: "Compares two archives.",
                positionals: [
                    PositionalSpec("old", help: "The older archive."),
                    PositionalSpec("new", help: "The newer archive."),
                ]),
            CommandSpec(
                name: "cat", abstract: "Prints files.",
                positionals: [PositionalSpec("files", arity: .variadic, help: "The files.")]),
        ],
        version: "archive-tool 2.0")

    /// Parses and expects a command to run.
    static func run(_ spec: CommandSpec, _ arguments: [String]) throws -> ParsedCommand {
        let result = try ArgumentParser(spec).parse(arguments)
        guard case .run(let command) = result else {
            throw UnexpectedResult(result: result)
        }
        return command
    }

    /// Parses and expects a usage error.
    static func usageError(_ spec: CommandSpec, _ arguments: [String]) -> UsageError? {
        do {
            _ = try ArgumentParser(spec).parse(arguments)
            return nil
        } catch {
            return error
        }
    }

    struct UnexpectedResult: Error, CustomStringConvertible {
        var result: ParseResult
        var description: String { "expected a command to run, got \(result)" }
    }
}
