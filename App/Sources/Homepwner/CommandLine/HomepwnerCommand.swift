import ArgumentKit
import Foundation
import HomepwnerCore
import HomepwnerLaunch
import StateRestoration
import TerminalKit

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// The `homepwner` command (rule H10): options, then the app on the terminal.
///
/// The executable is one call to ``main()``; tests call ``run(_:context:)`` with their own
/// `CommandContext`.
///
/// Exit status: 0 after a quit (a key: `q`, `Q`, Ctrl-C); 128 + the signal's number
/// after SIGTERM (143), SIGHUP (129), SIGINT (130) or SIGQUIT (131), the state saved all
/// the same; a signal such as SIGUSR1 ends it as that signal would, the terminal put back
/// first; 1 without a terminal (unless `--random-items` only filled the store); 64 for a wrong command line; 65 for a database Homepwner cannot use (a newer
/// schema, another app's file, a file that is not a database; refused without writing to
/// it), and for an `--open` item that does not exist; 75 when `--session` names a session
/// another running instance holds; 73 when a directory cannot be created; 74 when the database cannot be read or
/// written (also after a quit when changes could not be saved because another program
/// kept the database locked); 77 when a directory is not safe to use (another user's, or
/// writable by others: rule R36).
public enum HomepwnerCommand {
    static let spec = CommandSpec(
        name: "homepwner",
        abstract: "An inventory of your possessions, in the terminal. Quit it, suspend it or kill it: "
            + "it comes back where you were.",
        discussion: """
            KEYS (the footer shows those that work on the current screen):
              list     ↑/↓ choose, Enter open, a add, Del delete (asks first), e edit mode
                       (Shift-↑/↓ move, Esc leaves), / find by name or serial (n the next
                       match), q quit, Q quit and forget this session
              item     Tab next field, Esc back (edits are saved as you type, at least
                       once a second); in the Photo field Tab completes the path and
                       Enter attaches the photo; Ctrl-X removes it (asks first)
              conflict a field changed here and elsewhere (another terminal, sqlite3)
                       says so: Ctrl-R keeps your text, Ctrl-G takes the other
              notes    the Notes field takes any number of lines: Enter starts a new
                       line, ↑/↓ move between its rows, Tab moves on out of it; Shift
                       with the arrows selects, Alt-c copies, Alt-x cuts, Alt-v pastes
                       (or Esc, then the letter); a copy also reaches the desktop's
                       clipboard where the terminal takes OSC 52
              new item Enter Done (keeps it), except in Notes (a new line there), Esc
                       Cancel (deletes it; asks first if you typed anything)
              wide     from 120 columns the list and the open item show side by side:
                       Ctrl-O moves between them, Esc goes back to the list; narrower,
                       the item shows alone, over the list
              tabs     Ctrl-T switches between Items and Summary, and 1 and 2 choose one
                       (Alt-1, Alt-2 in a field); in Summary, Enter opens the most
                       valuable item
              anywhere Ctrl-Z suspend (the state is saved), Ctrl-C quit

            SESSIONS:
              Each running Homepwner has its own session: its own screen state, kept apart
              from the others', so two terminals never overwrite each other's. A launch
              takes the most recently saved session no other instance is using, else a new
              one; so relaunching two killed instances brings both screens back, one each.
              Q ends this session only, and the next plain launch starts on the list.
              A new item not yet kept with Done belongs to its session: no other terminal
              lists it, and it waits for that session. Sessions unused for --session-days days, or beyond
              --keep-sessions, are removed at launch (never one in use). To see them:
              restoration-archive sessions --app homepwner [--state-dir <dir>]

            FILES:
              <data-dir>/items.sqlite         the items (SQLite; readable with sqlite3)
              <data-dir>/images/<item-key>    the photos
              <data-dir>/items.sqlite-pending changes the database refused for now (a
                                              lock, a full disk); the next launch saves them
              <state-dir>/sessions/<id>/      a session: restoration.archive (the screen
                                              state and its activity), launch markers, lock
              <state-dir>/restoration.log     diagnostics, with RESTORATION_DEBUG=1

            ENVIRONMENT:
              RESTORATION_DEBUG=1     writes the restoration engine's diagnostics (what was
                                      not saved or not restored, and why) to the log above
              RESTORATION_DEBUG_LOG   a file to write them to instead
              NO_COLOR                turns colour off
              COLORTERM, TERM         how many colours photos get: truecolor or 24bit,
                                      then a TERM ending in 256color, else 8
              XDG_DATA_HOME, XDG_STATE_HOME   the default directories' bases

            Without a terminal, --random-items N adds the items and exits.
            """,
        options: LaunchCommandLine.options,
        version: "homepwner \(HomepwnerApplication.version) (StateRestoration \(ArchiveFormat.engineVersion))"
    )

    /// What a command line asks for.
    enum Request: Hashable, Sendable {
        case help(String)
        case version(String)
        case run(HomepwnerOptions)
    }

    /// Parses and checks a command line (without the executable's name).
    /// - Throws: ``UsageError`` for the first mistake.
    static func parse(_ arguments: [String]) throws(UsageError) -> Request {
        switch try ArgumentParser(spec).parse(arguments) {
        case .help(let text): return .help(text)
        case .version(let text): return .version(text)
        case .run(let command):
            return .run(try LaunchCommandLine.options(from: command))
        }
    }

    /// Runs the command as the process: its arguments, environment and streams.
    /// - Returns: The exit status.
    @MainActor
    public static func main() -> Int32 {
        run(Array(CommandLine.arguments.dropFirst()), context: processContext)
    }

    /// The process's environment, directory, terminal and streams.
    private static var processContext: CommandContext {
        CommandContext(
            environment: ProcessInfo.processInfo.environment,
            currentDirectory: FileManager.default.currentDirectoryPath,
            standardInputIsTerminal: isatty(STDIN_FILENO) == 1,
            standardOutputIsTerminal: isatty(STDOUT_FILENO) == 1,
            standardOutput: { FileHandle.standardOutput.write(Data($0.utf8)) },
            standardError: { FileHandle.standardError.write(Data($0.utf8)) })
    }

    /// Runs the command.
    /// - Parameters:
    ///   - arguments: The command line without the executable's name.
    ///   - context: Variables, directory, terminal and streams.
    /// - Returns: The exit status (see the type's documentation).
    @MainActor
    public static func run(_ arguments: [String], context: CommandContext) -> Int32 {
        let process = context.printingSafely()
        let options: HomepwnerOptions
        do {
            switch try parse(arguments) {
            case .help(let text):
                process.standardOutput(text.hasSuffix("\n") ? text : text + "\n")
                return ExitStatus.success.rawValue
            case .version(let text):
                process.standardOutput(text + "\n")
                return ExitStatus.success.rawValue
            case .run(let parsed):
                options = parsed
            }
        } catch {
            report(error.message, hint: error.hint, to: process)
            return ExitStatus.usage.rawValue
        }
        switch prepare(options, process: process) {
        case .failure(let failure):
            report(failure.message, hint: failure.hint, to: process)
            return failure.status.rawValue
        case .success(let prepared):
            return launch(prepared, options: options, process: process)
        }
    }

    /// Writes an error as every error of the command reads: "homepwner: error: " and the
    /// message, then "hint: " and the hint on a line of its own when there is one (as
    /// ArgumentKit's ``UsageError/rendered`` does).
    private static func report(_ message: String, hint: String? = nil, to process: CommandContext) {
        process.standardError("homepwner: error: \(message)\n" + (hint.map { "hint: \($0)\n" } ?? ""))
    }

    /// A failure before the app starts: the message and the exit status.
    typealias Failure = LaunchFailure

    /// Resolves the directories, opens the store and adds the random items, as every
    /// Homepwner front end does (``PreparedLaunch/prepare(_:variables:currentDirectory:)``).
    static func prepare(_ options: HomepwnerOptions, process: CommandContext) -> Result<
        PreparedLaunch, Failure
    > {
        PreparedLaunch.prepare(
            options, variables: process.environment, currentDirectory: process.currentDirectory)
    }

    /// The item `text` names (rule S6): ``PreparedLaunch/findItem(_:in:databasePath:)``.
    static func findItem(_ text: String, in store: ItemStore, databasePath: String) -> Result<Item, Failure> {
        PreparedLaunch.findItem(text, in: store, databasePath: databasePath)
    }

    @MainActor
    private static func launch(
        _ prepared: PreparedLaunch, options: HomepwnerOptions, process: CommandContext
    )
        -> Int32
    {
        guard process.hasTerminal else {
            if let count = options.randomItems {
                process.standardOutput(
                    "homepwner: added \(count) random items to \(prepared.paths.databasePath)\n")
                return ExitStatus.success.rawValue
            }
            report(
                "standard input and output must be a terminal (Homepwner is a full-screen app)", to: process)
            prepared.leftovers.remove()
            return ExitStatus.failure.rawValue
        }
        // Rule S3: this instance's own session, held until it ends.
        let sessions = RestorationSessions(
            stateDirectory: prepared.paths.stateDirectory, policy: options.sessionPolicy)
        let session: RestorationSession
        // Sessions holding an unfinished new item are not pruned for their number (H18).
        let unfinished = (try? prepared.store.sessionsWithUnfinishedItems()) ?? []
        do {
            // Pruning waits for the first frame (below).
            session = try sessions.open(options.sessionChoice, keeping: unfinished, pruning: false).session
        } catch {
            let failure = LaunchFailure(opening: error)
            report(failure.message, hint: failure.hint, to: process)
            return failure.status.rawValue
        }
        prepared.store.session = session.id
        let context = HomepwnerContext(
            store: prepared.store, colorEnabled: ANSIRenderer.colorEnabled(environment: process.environment)
        )
        let application = HomepwnerApplication.makeApplication(
            context: context, driver: ANSITerminal(environment: process.environment), session: session,
            configuration: HomepwnerApplication.configuration(
                debugOutput: debugOutput(process.environment, stateDirectory: prepared.paths.stateDirectory)
            ),
            opening: prepared.openItem?.key)
        if !session.isNew {
            // A session taken again is restored, most often to the list and an item's page:
            // the classes only a restore meets before the first frame are reflected for their
            // restorable properties on another thread, in the order the restore meets them,
            // while the main thread reads the archive and meets the others (rule P2).
            let layouts = application.engine.restorablePropertyLayouts
            DispatchQueue.global(qos: .userInitiated).async {
                layouts.prepare([
                    ItemsViewController.self, TableView.self, DetailViewController.self, TextField.self,
                    TextView.self,
                ])
            }
        }
        // Old sessions are pruned once the first frame is up, off the main thread (S4): the
        // run loop's first timers fire after that frame.
        // The date formatter is made then too, for the item pages to come: a restored page's
        // first frame shows the date it saved (rule P2).
        application.schedule(after: .zero) {
            DispatchQueue.global(qos: .utility).async { sessions.tidy(keeping: unfinished) }
            CreatedDate.prepare()
        }
        let status = application.run()
        for error in application.preservationErrors {
            report("the screen state was not saved: \(error)", to: process)
        }
        if context.unsavedWrites > 0 {
            // What is true of them (rule H19): kept in the journal beside the database,
            // which the next launch of any session applies, or lost with the reason.
            let kept =
                if let problem = context.unkeptWritesProblem {
                    "They could not be kept either (\(problem)), so they are lost."
                } else {
                    "They are kept in \(context.journalPath ?? "the journal"), and the next launch of "
                        + "Homepwner saves them."
                }
            report(
                "\(context.unsavedWrites) change(s) could not be saved yet: "
                    + "\(prepared.paths.databasePath) was locked by another program, or the disk refused "
                    + "the write. \(kept)", to: process)
            return ExitStatus.ioError.rawValue
        }
        return status
    }

    /// Where diagnostics go: ``PreparedLaunch/debugOutput(_:stateDirectory:)``.
    static func debugOutput(_ variables: [String: String], stateDirectory: String)
        -> RestorationConfiguration.DebugOutput
    {
        PreparedLaunch.debugOutput(variables, stateDirectory: stateDirectory)
    }
}
