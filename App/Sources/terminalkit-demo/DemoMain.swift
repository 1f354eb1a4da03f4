import Foundation
import StateRestoration
import TerminalKit

/// `terminalkit-demo`: a shopping list that comes back exactly as it was left.
@main
enum DemoMain {
    static let usage = """
        usage: terminalkit-demo [--state-dir DIR] [--fresh] [--help] [--version]

        A shopping list built on TerminalKit, and a short tour of what TerminalKit
        restores: each screen says what comes back there. Suspend it (Ctrl-Z), quit it
        (q, Ctrl-C), or kill it, then start it again: it comes back where you left it.

          --state-dir DIR  where the list and the restoration archive live
                           (default: $XDG_STATE_HOME/terminalkit-demo)
          --fresh          start without the saved state
          --help           show this help
          --version        show the version

        Three tabs show TerminalKit's containers: Shopping (a split view: the list and
        the open item side by side from 120 columns, one over the other below), Notes
        (a text view) and Tour (a scroll view that says what each one restores).

        Keys: a add, Enter open, e edit (Del delete, Shift-↑↓ move), Tab next field,
        Esc back, q quit, Q quit and forget the state, Ctrl-Z suspend.
        Ctrl-T next tab (Alt-1 to Alt-3: a tab by number), Ctrl-O the other pane when
        side by side. In Notes: Shift with the arrows selects, Alt-c copy, Alt-x cut,
        Alt-v paste. In Tour: ↑ ↓ PgUp PgDn Home End scroll.
        RESTORATION_DEBUG=1 writes restoration diagnostics next to the archive.
        """

    @MainActor
    static func main() {
        var arguments = CommandLine.arguments.dropFirst()
        var stateDirectory: String?
        var fresh = false
        while let argument = arguments.popFirst() {
            switch argument {
            case "--help", "-h":
                print(usage)
                exit(0)
            case "--version":
                print("terminalkit-demo 1.0 (StateRestoration \(ArchiveFormat.engineVersion))")
                exit(0)
            case "--fresh":
                fresh = true
            case "--restoration-fuzz":
                exit(DemoRestorationFuzz.run(arguments))
            case "--state-dir":
                guard let value = arguments.popFirst() else { fail("--state-dir needs a directory") }
                stateDirectory = value
            default:
                fail("unknown option '\(argument)'")
            }
        }
        let directory = stateDirectory ?? defaultStateDirectory()
        guard !directory.isEmpty else { fail("--state-dir needs a directory, not an empty string") }
        do {
            // Rule R36: no state from a directory that someone else could plant files in.
            try DirectoryTrust.check(directory)
        } catch {
            FileHandle.standardError.write(
                Data("terminalkit-demo: error: the state directory \(error)\n".utf8))
            exit(77)
        }
        let store = ShoppingStore(directory: URL(fileURLWithPath: directory))
        let application = Application(
            delegate: DemoAppDelegate(store: store, fresh: fresh), driver: ANSITerminal(),
            configuration: RestorationConfiguration(
                appName: "terminalkit-demo", appVersion: "1.0", continuousPreservationDelay: .seconds(1)),
            storage: FileRestorationStorage(directory: directory))
        exit(application.run())
    }

    static func defaultStateDirectory() -> String {
        let environment = ProcessInfo.processInfo.environment
        if let state = environment["XDG_STATE_HOME"], state.hasPrefix("/") {
            return state + "/terminalkit-demo"
        }
        return (environment["HOME"] ?? "/tmp") + "/.local/state/terminalkit-demo"
    }

    /// A wrong command line: the same form as the other tools' usage errors, exit 64
    /// (`EX_USAGE`).
    static func fail(_ message: String) -> Never {
        FileHandle.standardError.write(
            Data("terminalkit-demo: error: \(message)\nhint: run 'terminalkit-demo --help' for usage\n".utf8))
        exit(64)
    }
}
