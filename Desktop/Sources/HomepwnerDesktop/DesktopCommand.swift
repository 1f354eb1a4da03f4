import ArgumentKit
import Foundation
import GtkKit
import HomepwnerCore
import HomepwnerLaunch
import StateRestoration

/// The `homepwner-gtk` command (rules G1, G7): the terminal app's options, then the app in
/// a window.
///
/// Exit status: 0 after a quit or the last window closed; 128 + the signal after SIGTERM
/// (143), SIGINT (130) or SIGHUP (129), the windows saved first; 64 for a wrong command line; 69
/// when there is no display to open; 65, 73, 74, 75 and 77 as `homepwner` (a database it
/// cannot use or an unknown `--open` item; a directory it cannot create; a read or write
/// that failed, or a state that could not be saved on quitting; a `--session` another
/// instance holds; a directory that is not safe).
public enum DesktopCommand {
    static let spec = CommandSpec(
        name: "homepwner-gtk",
        abstract: "An inventory of your possessions, on the desktop (GTK 4). Quit it or kill it: "
            + "it comes back where you were.",
        discussion: """
            KEYS:
              list     ↑/↓ choose, Enter opens the item, Delete deletes it (asks first),
                       Alt+E edit mode (Shift+↑/↓ move the item; Alt+D leaves)
              item     Tab next field, Escape or Alt+← back (edits are saved as you type)
              tabs     Alt+1 the list, Alt+2 the summary
              anywhere Ctrl-N opens a new window, Ctrl-W closes the window (its session
                       ends), Ctrl-Q quits (every window comes back at the next launch)

            SESSIONS:
              Each window has its own session: its own saved state, kept apart from the
              terminal app's, under <state-dir>/desktop/sessions/<id>/. A plain launch
              brings back every window open at the last quit (or kill). To see them:
              restoration-archive sessions --app homepwner-gtk --state-dir <state-dir>/desktop

            ENVIRONMENT:
              DISPLAY, WAYLAND_DISPLAY        the display to open (without one: exit 69)
              RESTORATION_DEBUG=1             writes the engine's diagnostics to
                                              <state-dir>/restoration.log
              XDG_DATA_HOME, XDG_STATE_HOME   the default directories' bases
            """,
        options: LaunchCommandLine.options,
        version: "homepwner-gtk \(DesktopApp.version) (StateRestoration \(ArchiveFormat.engineVersion))")

    /// `EX_UNAVAILABLE`: the service the command needs (a display) is not there.
    static let noDisplay = ExitStatus(rawValue: 69)

    /// Runs the command as the process: its arguments, environment and streams.
    /// - Returns: The exit status.
    @MainActor
    public static func main() -> Int32 {
        run(
            Array(CommandLine.arguments.dropFirst()), variables: ProcessInfo.processInfo.environment,
            currentDirectory: FileManager.default.currentDirectoryPath,
            standardOutput: { FileHandle.standardOutput.write(Data($0.utf8)) },
            standardError: { FileHandle.standardError.write(Data($0.utf8)) },
            displayIsOpen: Display.open)
    }

    /// Runs the command.
    /// - Parameters:
    ///   - arguments: The command line without the executable's name.
    ///   - variables: The environment.
    ///   - currentDirectory: The base of relative directories.
    ///   - standardOutput: Writes to standard output.
    ///   - standardError: Writes to standard error.
    ///   - displayIsOpen: Opens the display; false when there is none.
    /// - Returns: The exit status (see the type's documentation).
    @MainActor
    static func run(
        _ arguments: [String], variables: [String: String], currentDirectory: String,
        standardOutput: (String) -> Void, standardError: (String) -> Void, displayIsOpen: () -> Bool
    ) -> Int32 {
        let options: LaunchOptions
        do {
            switch try ArgumentParser(spec).parse(arguments) {
            case .help(let text):
                standardOutput(text.hasSuffix("\n") ? text : text + "\n")
                return ExitStatus.success.rawValue
            case .version(let text):
                standardOutput(text + "\n")
                return ExitStatus.success.rawValue
            case .run(let command):
                options = try LaunchCommandLine.options(from: command)
            }
        } catch {
            standardError("homepwner-gtk: " + error.rendered)
            return ExitStatus.usage.rawValue
        }
        guard displayIsOpen() else {
            standardError(
                "homepwner-gtk: error: cannot open a display: neither DISPLAY nor WAYLAND_DISPLAY names one "
                    + "that answers. homepwner-gtk is a desktop app: start it on a desktop, or under "
                    + "xvfb-run; in a terminal, use homepwner\n")
            return noDisplay.rawValue
        }
        let prepared: PreparedLaunch
        switch PreparedLaunch.prepare(options, variables: variables, currentDirectory: currentDirectory) {
        case .failure(let failure):
            standardError("homepwner-gtk: error: \(failure.message)\n")
            return failure.status.rawValue
        case .success(let success):
            prepared = success
        }
        // The desktop app's sessions, apart from the terminal app's (docs/DECISIONS.md).
        let desktopState = HomepwnerPaths.join(prepared.paths.stateDirectory, "desktop")
        let sessions = RestorationSessions(stateDirectory: desktopState, policy: options.sessionPolicy)
        let windows = WindowList(path: HomepwnerPaths.join(desktopState, "windows"))
        let opened: [RestorationSession]
        do {
            opened = try windows.openSessions(sessions, choice: options.sessionChoice)
        } catch {
            let failure = LaunchFailure(opening: error)
            standardError("homepwner-gtk: error: \(failure.message)\n")
            if let hint = failure.hint { standardError("hint: \(hint)\n") }
            return failure.status.rawValue
        }
        prepared.store.session = opened[0].id
        let context = DesktopContext(store: prepared.store)
        context.watch()
        let app = DesktopApp(
            context: context, sessions: sessions, windows: windows, opened: opened,
            opening: prepared.openItem,
            debugOutput: PreparedLaunch.debugOutput(variables, stateDirectory: prepared.paths.stateDirectory))
        let status = app.run()
        for error in app.preservationErrors {
            standardError("homepwner-gtk: error: the window's state was not saved: \(error)\n")
        }
        return status
    }
}
