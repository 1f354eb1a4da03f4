import ArgumentKit
import StateRestoration

/// The options every Homepwner front end takes (rule G1): `homepwner` in the terminal and
/// `homepwner-gtk` on the desktop list ``options`` in their own ``CommandSpec`` and read
/// them with ``options(from:)``, so the two command lines cannot drift apart.
public enum LaunchCommandLine {
    /// The most `--random-items` adds.
    public static let maximumRandomItems = 1_000_000

    /// The shared options, in the order help lists them.
    public static let options: [OptionSpec] = [
        .flag("fresh", help: "Starts a new session, from the list; other sessions are kept."),
        .option(
            "session", valueName: "id",
            help: "Uses this session (made if new): its saved screens come back. See SESSIONS."),
        .option(
            "open", valueName: "item",
            help: "Starts a new session showing this item: a serial number or an item key."),
        .option(
            "keep-sessions", valueName: "count", defaultValue: "16",
            help: "Keeps at most this many sessions; the least recently used go first."),
        .option(
            "session-days", valueName: "days", defaultValue: "30",
            help: "Removes sessions unused for longer than this."),
        .option(
            "data-dir", valueName: "dir", defaultValue: "$XDG_DATA_HOME/homepwner",
            help: "Where the items database and the photos live."),
        .option(
            "state-dir", valueName: "dir", defaultValue: "$XDG_STATE_HOME/homepwner",
            help: "Where the saved screen state lives."),
        .option(
            "random-items", valueName: "count",
            help: "Adds this many of the book's random items (\"Shiny Spork\") before starting."),
    ]

    /// Reads and checks the shared options of a parsed command line.
    /// - Parameter command: A command whose spec lists ``options``.
    /// - Returns: The options.
    /// - Throws: ``UsageError`` for the first mistake (an empty `--open`, a bad session
    ///   identifier, `--session` with `--fresh` or `--open`, a count out of range).
    public static func options(from command: ParsedCommand) throws(UsageError) -> LaunchOptions {
        var options = LaunchOptions()
        options.startsFresh = command.flag("fresh")
        options.session = command.value("session")
        options.openItem = command.value("open")
        if options.openItem?.isEmpty == true {
            throw command.usageError(
                .other("--open needs an item's serial number or key, not an empty string"))
        }
        if let session = options.session, !RestorationSessions.isValidIdentifier(session) {
            throw command.usageError(
                .invalidValue(
                    option: "--session <id>", value: session,
                    reason: "expected 1 to 64 letters, digits, '-', '_' or '.', not starting with '.'",
                    suggestion: nil))
        }
        if options.session != nil, options.startsFresh || options.openItem != nil {
            throw command.usageError(
                .other("--session cannot be used with --fresh or --open, which start a new session"))
        }
        if let count = try command.wholeNumber("keep-sessions", in: 1...10_000) {
            options.sessionPolicy.maximumCount = count
        }
        if let days = try command.wholeNumber("session-days", in: 1...36_500) {
            options.sessionPolicy.maximumAge = .seconds(days * 24 * 3600)
        }
        options.dataDirectory = command.value("data-dir")
        options.stateDirectory = command.value("state-dir")
        options.randomItems = try command.wholeNumber("random-items", in: 0...maximumRandomItems)
        return options
    }
}
