import ArgumentKit
import Foundation
import StateRestoration

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// The command-line interface of `restoration-archive`: the specs that the parser reads and
/// help is generated from, and one function per subcommand.
enum Commands {
    static let root = CommandSpec(
        name: "restoration-archive",
        abstract: "Shows, checks and compares the state restoration archives that apps save.",
        discussion: """
            Instead of a file, '--app NAME' reads the archive of the app NAME from its state
            directory, $XDG_STATE_HOME/NAME (by default ~/.local/state/NAME), or the one
            '--state-dir DIR' names (an app started with --state-dir DIR): the most
            recently saved session's, sessions/<id>/restoration.archive, or the session
            '--session ID' names ('sessions --app NAME' lists them). For diff,
            '--app NAME OLD' compares the file OLD with the app's current archive (the new
            one). A file '-' is standard input.

            EXIT STATUS:
              0   success; for diff, the archives hold the same state
              1   diff: the archives differ
              64  the command line is wrong
              65  the file is not a valid archive (the reason and byte offset are printed)
              66  the file, the state directory or a saved session does not exist, or
                  cannot be read
              74  reading or writing failed
            """,
        subcommands: [show, verify, diff, sessions], version: RestorationArchiveTool.version)

    static let colorOption = OptionSpec.option(
        "color", valueName: "when", allowedValues: ColorChoice.allCases.map(\.rawValue), defaultValue: "auto",
        help: "When to colour the text: 'auto' colours a terminal only. NO_COLOR turns colour off.")
    static let appOption = OptionSpec.option(
        "app", valueName: "name",
        help: "Reads the archive of this app from its state directory instead of a file.")
    static let discardedFlag = OptionSpec.flag(
        "discarded",
        help: "With --app, reads the archive the engine last threw away (corrupt, or forgotten); "
            + "show salvages one whose only fault is its checksum, with a warning."
    )
    static let sessionOption = OptionSpec.option(
        "session", valueName: "id", help: "With --app, reads this session's archive instead of the newest.")
    static let stateDirectoryOption = OptionSpec.option(
        "state-dir", valueName: "dir",
        help: "With --app, the app's state directory, when it was given one (homepwner --state-dir); "
            + "else $XDG_STATE_HOME/<name>.")
    static let fileArgument = PositionalSpec(
        "file", arity: .optional, help: "The archive file; '-' reads standard input.")

    static let show = CommandSpec(
        name: "show",
        abstract: "Shows what an archive holds: its metadata, the application state, and the tree "
            + "of saved objects with every key and its typed value.",
        options: [
            .flag("json", help: "Prints JSON instead of text (its shape: docs/ARCHIVE-JSON.md)."),
            colorOption, appOption, stateDirectoryOption, sessionOption, discardedFlag,
        ],
        positionals: [fileArgument],
        usageOverride: [
            "[--json] [--color <when>] <file>",
            "[--json] [--color <when>] [--state-dir <dir>] --app <name> [--session <id>] [--discarded]",
        ])

    static let verify = CommandSpec(
        name: "verify",
        abstract: "Checks an archive as the engine would at launch. Valid: a one-line summary, exit 0. "
            + "Not valid: the reason and the byte offset, exit 65.",
        options: [appOption, stateDirectoryOption, sessionOption, discardedFlag],
        positionals: [fileArgument],
        usageOverride: ["<file>", "[--state-dir <dir>] --app <name> [--session <id>] [--discarded]"])

    static let diff = CommandSpec(
        name: "diff",
        abstract: "Compares two archives: objects added, removed and changed, and for changed objects "
            + "the keys with their old and new values, and the activities saved after them. "
            + "Exit 0 when the same, 1 when different.",
        options: [
            colorOption,
            .option(
                "app", valueName: "name",
                help: "Compares <old> with this app's current archive, read from its state directory, "
                    + "instead of a file <new>."),
            stateDirectoryOption, sessionOption,
        ],
        positionals: [
            PositionalSpec("old", help: "The older archive; '-' reads standard input."),
            PositionalSpec("new", arity: .optional, help: "The newer archive (not with --app)."),
        ],
        usageOverride: [
            "[--color <when>] <old> <new>", "[<options>] --app <name> [--session <id>] <old>",
        ])

    static let sessions = CommandSpec(
        name: "sessions",
        abstract: "Lists an app's sessions (one per running instance): id, when last saved, whether a "
            + "running instance holds it, the top of its stack and its activity. Newest first.",
        options: [
            .flag("json", help: "Prints JSON: an array of sessions."),
            .option("app", valueName: "name", help: "The app whose sessions to list (required)."),
            stateDirectoryOption,
        ],
        usageOverride: ["[--json] [--state-dir <dir>] --app <name>"])

    // MARK: Running

    static func run(_ command: ParsedCommand, context: CommandContext) throws(InspectorError) -> ExitStatus {
        switch command.subcommand {
        case "show": return try runShow(command, context: context)
        case "verify": return try runVerify(command, context: context)
        case "diff": return try runDiff(command, context: context)
        case "sessions": return try runSessions(command, context: context)
        default:
            // The parser only returns commands of the spec; a new subcommand needs a case here.
            assertionFailure("no runner for \(command.commandPath)")
            return .software
        }
    }

    private static func runShow(_ command: ParsedCommand, context: CommandContext) throws(InspectorError)
        -> ExitStatus
    {
        let source = try source(of: command, context: context)
        try checkStandardInput([source], command, context: context)
        let (archive, activity) = try loadFile(source, context: context, salvaging: command.flag("discarded"))
        if command.flag("json") {
            context.standardOutput(
                ArchiveJSONRenderer.render(archive, source: source.displayName, activity: activity))
        } else {
            let color = useColor(command, context: context)
            context.standardOutput(
                ArchiveTextRenderer(color: color).render(
                    archive, source: source.displayName, activity: activity))
        }
        return .success
    }

    private static func runVerify(_ command: ParsedCommand, context: CommandContext) throws(InspectorError)
        -> ExitStatus
    {
        let source = try source(of: command, context: context)
        try checkStandardInput([source], command, context: context)
        let (archive, activity) = try loadFile(source, context: context)
        let metadata = archive.metadata
        let app = [metadata.appName, metadata.appVersion].filter { !$0.isEmpty }.joined(separator: " ")
        let facts = [
            "format \(metadata.formatVersion)", ArchiveTextRenderer.count(archive.byteCount, "byte"),
            ArchiveTextRenderer.count(archive.records.count, "object"),
            ArchiveTextRenderer.count(archive.applicationState.count, "application-state key"),
        ]
        let saved =
            (app.isEmpty ? "" : "\(ArchiveText.escaped(app)), ")
            + "saved \(ValueFormatter.timestamp(metadata.timestamp))"
            + (ArchiveTextRenderer.activity(activity).map { "; activity " + ArchiveText.escaped($0) } ?? "")
        context.standardOutput(
            "\(ArchiveText.escaped(source.displayName)): valid restoration archive (\(facts.joined(separator: ", "))); \(saved)\n"
        )
        return .success
    }

    private static func runDiff(_ command: ParsedCommand, context: CommandContext) throws(InspectorError)
        -> ExitStatus
    {
        let color = useColor(command, context: context)
        func file(_ name: String) -> ArchiveSource { name == "-" ? .standardInput : .file(name) }
        let oldSource = file(command.positional("old") ?? "")
        let sources: [ArchiveSource]
        switch (command.value("app"), command.positional("new")) {
        case (nil, nil):
            throw .usage(command.usageError(.missingArgument("<new> (or --app <name>)")))
        case (nil, let new?):
            sources = [oldSource, file(new)]
        case (let app?, nil):
            sources = [
                oldSource,
                try appSource(
                    app, session: command.value("session"), discarded: false, command, context: context),
            ]
        case (.some, .some):
            throw .usage(
                command.usageError(
                    .other("with --app <name>, give one file: the old archive to compare with")))
        }
        if sources[0] == .standardInput, sources[1] == .standardInput {
            throw .usage(command.usageError(.other("only one of the two archives can be standard input")))
        }
        try checkStandardInput(sources, command, context: context)
        let old = try loadFile(sources[0], context: context)
        let new = try loadFile(sources[1], context: context)
        let diff = ArchiveDiff(
            old: old.archive, new: new.archive, oldActivity: old.activity, newActivity: new.activity)
        context.standardOutput(
            ArchiveDiffRenderer(color: color).render(
                diff, oldSource: sources[0].displayName, newSource: sources[1].displayName))
        return diff.isEmpty ? .success : .failure
    }

    // MARK: Shared steps

    /// The archive named by `<file>` or `--app <name>` (exactly one of them).
    private static func source(of command: ParsedCommand, context: CommandContext) throws(InspectorError)
        -> ArchiveSource
    {
        let discarded = command.flag("discarded")
        switch (command.positional("file"), command.value("app")) {
        case (nil, nil):
            throw .usage(command.usageError(.missingArgument("<file> (or --app <name>)")))
        case (.some, .some):
            throw .usage(command.usageError(.other("give either <file> or --app <name>, not both")))
        case (let file?, nil):
            if discarded { throw .usage(command.usageError(.other("--discarded goes with --app <name>"))) }
            if command.value("session") != nil {
                throw .usage(command.usageError(.other("--session goes with --app <name>")))
            }
            if command.value("state-dir") != nil {
                throw .usage(command.usageError(.other("--state-dir goes with --app <name>")))
            }
            return file == "-" ? .standardInput : .file(file)
        case (nil, let app?):
            return try appSource(
                app, session: command.value("session"), discarded: discarded, command, context: context)
        }
    }

    /// The archive of the app named `name`, a name and not a path.
    private static func appSource(
        _ name: String, session: String? = nil, discarded: Bool, _ command: ParsedCommand,
        context: CommandContext
    ) throws(InspectorError) -> ArchiveSource {
        try checkAppName(name, command)
        return try ArchiveSource.app(
            name, session: session, discarded: discarded,
            stateDirectory: try givenStateDirectory(command), environment: context.environment)
    }

    /// The `--state-dir` given, which must be a directory: a mistyped one is an error, not
    /// an empty listing.
    private static func givenStateDirectory(_ command: ParsedCommand) throws(InspectorError) -> String? {
        guard let directory = command.value("state-dir") else { return nil }
        var status = stat()
        guard stat(directory, &status) == 0, status.st_mode & S_IFMT == S_IFDIR else {
            throw .noStateDirectoryAt(path: directory)
        }
        return directory
    }

    /// Refuses an empty app name or a path.
    private static func checkAppName(_ name: String, _ command: ParsedCommand) throws(InspectorError) {
        guard !name.isEmpty else {
            throw .usage(
                command.usageError(
                    .other("--app <name> is empty: give the name of an app, such as 'homepwner'")))
        }
        guard !name.contains("/"), name != ".", name != ".." else {
            throw .usage(
                command.usageError(
                    .invalidValue(
                        option: "--app <name>", value: ArchiveText.escaped(name),
                        reason: "expected an app's name, not a path (give a path as <file>)",
                        suggestion: nil)))
        }
    }

    /// Reading an archive from a terminal would wait for typing that never comes.
    private static func checkStandardInput(
        _ sources: [ArchiveSource], _ command: ParsedCommand, context: CommandContext
    )
        throws(InspectorError)
    {
        guard sources.contains(.standardInput), isatty(context.standardInput) == 1 else { return }
        throw .usage(
            command.usageError(.other("standard input is a terminal; pipe an archive in, or give a file")))
    }

    /// The archive of a file, and the session's activity after it (rule S5), if any.
    ///
    /// With `salvaging` (`show --discarded`: the engine sets archives aside because they are
    /// damaged), an archive whose only fault is its checksum is shown anyway, after a warning
    /// on standard error: every record still parses, but some value may not be what was saved.
    private static func loadFile(_ source: ArchiveSource, context: CommandContext, salvaging: Bool = false)
        throws(InspectorError) -> (archive: Archive, activity: ActivityFooter.Found)
    {
        let limits = ArchiveLimits.default
        let bytes = try FileReader.read(source, standardInput: context.standardInput, limits: limits)
        let (length, activity) = ActivityFooter.split(bytes)
        var archiveBytes = length == bytes.count ? bytes : Array(bytes[..<length])
        switch ArchiveVerifier.verify(archiveBytes, limits: limits) {
        case .success(let archive): return (archive, activity)
        case .failure(let problem):
            guard salvaging, case .checksumMismatch(_, let computed) = problem.error.reason,
                problem.offset + ArchiveFormat.trailerSize == archiveBytes.count
            else { throw .invalid(source, problem) }
            ArchiveFormat.setLittleEndian(
                Int(computed), width: ArchiveFormat.trailerSize, at: problem.offset, in: &archiveBytes)
            guard case .success(let archive) = ArchiveVerifier.verify(archiveBytes, limits: limits) else {
                throw .invalid(source, problem)
            }
            context.standardError(
                "warning: \(ArchiveText.escaped(source.displayName)) is damaged (\(problem)); every object "
                    + "still reads, and is shown below, but any value may differ from what was saved\n")
            return (archive, activity)
        }
    }

    private static func runSessions(_ command: ParsedCommand, context: CommandContext) throws(InspectorError)
        -> ExitStatus
    {
        guard let app = command.value("app") else {
            throw .usage(command.usageError(.missingArgument("--app <name>")))
        }
        try checkAppName(app, command)
        let given = try givenStateDirectory(command)
        guard
            let directory = given ?? ArchiveSource.stateDirectory(app: app, environment: context.environment)
        else {
            throw .noStateDirectory(app: app)
        }
        let listing = SessionListing(stateDirectory: directory)
        if command.flag("json") {
            context.standardOutput(listing.json())
        } else {
            let timeZone = context.environment["TZ"].flatMap { TimeZone(identifier: $0) } ?? .current
            let width =
                context.standardOutputIsTerminal
                ? context.environment["COLUMNS"].flatMap { Int($0) } ?? 80 : nil
            context.standardOutput(
                listing.text(
                    app: app,
                    stateDirectoryOption: given.map { " --state-dir " + Self.shellQuoted($0) } ?? "",
                    timeZone: timeZone, width: width))
        }
        return .success
    }

    /// `text` as a shell reads it back: as it is when it has only safe characters, else in
    /// single quotes.
    static func shellQuoted(_ text: String) -> String {
        let safe = text.allSatisfy { $0.isASCII && ($0.isLetter || $0.isNumber || "/._-+=:,@".contains($0)) }
        return safe && !text.isEmpty ? text : "'" + text.replacingOccurrences(of: "'", with: "'\\''") + "'"
    }

    private static func useColor(_ command: ParsedCommand, context: CommandContext) -> Bool {
        // The parser has checked the value against the allowed list.
        let choice = command.value("color").flatMap(ColorChoice.init(rawValue:)) ?? .auto
        return choice.resolve(environment: context.environment, isTerminal: context.standardOutputIsTerminal)
    }
}
