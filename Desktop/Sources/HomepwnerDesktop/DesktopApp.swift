import Foundation
import GtkKit
import GtkRestoration
import HomepwnerCore
import StateRestoration

/// Homepwner on GTK: the application, a scene per window, and GNOME's keys: Ctrl-N opens a
/// window (a new session), Ctrl-Q quits (every window's state is kept for the next launch),
/// Ctrl-W closes the window (its session ends, rule G5). SIGTERM, SIGINT and SIGHUP quit as
/// Ctrl-Q does.
@MainActor
final class DesktopApp {
    /// The name recorded in archives; an archive of another app is not restored.
    nonisolated static let name = "homepwner-gtk"
    /// The app's version, recorded in archives.
    nonisolated static let version = "0.1.0"
    /// GApplication's id.
    nonisolated static let identifier = "org.homepwner.Homepwner"
    /// How long input must be idle before continuous preservation saves (rule R20), as in
    /// the terminal app: a `kill -9` loses at most this much of the window's state.
    nonisolated static let continuousPreservationDelay: Duration = .milliseconds(300)

    // snippet: gtk-registry
    /// The restoration classes archives may name.
    static var registry: RestorationRegistry {
        RestorationRegistry([ItemsPage.self, DetailPage.self, DeleteItemPage.self, NewItemPage.self])
    }
    // end-snippet

    let application = Application(identifier: identifier)
    let context: DesktopContext
    private var scenes: [Scene] = []
    /// The errors of the saves made on quitting, and of sessions that could not be ended.
    private(set) var preservationErrors: [RestorationError] = []
    private let sessions: RestorationSessions
    private let windows: WindowList
    /// The sessions of the windows to open at launch, and the item the first shows.
    private var launching: [(session: RestorationSession, opening: Item?)]
    private let configuration: RestorationConfiguration

    /// Creates the app, one window per session in `opened`, the first showing `opening`
    /// if given.
    init(
        context: DesktopContext, sessions: RestorationSessions, windows: WindowList,
        opened: [RestorationSession], opening: Item?, debugOutput: RestorationConfiguration.DebugOutput
    ) {
        self.context = context
        self.sessions = sessions
        self.windows = windows
        launching = opened.enumerated().map { ($0.element, $0.offset == 0 ? opening : nil) }
        configuration = RestorationConfiguration(
            appName: Self.name, appVersion: Self.version,
            continuousPreservationDelay: Self.continuousPreservationDelay,
            debugOutput: debugOutput)
        application.onActivate { [weak self] in self?.activate() }
        application.addAction("quit", accelerators: ["<Control>q"]) { [weak self] in self?.quit() }
        application.addAction("close", accelerators: ["<Control>w"]) { [weak self] in self?.closeWindow() }
        application.addAction("new-window", accelerators: ["<Control>n"]) { [weak self] in self?.newWindow() }
        // A logout, kill or Ctrl-C in the terminal that started it: saved as a quit is.
        for signal in [SIGTERM, SIGINT, SIGHUP] {
            MainLoop.onSignal(signal) { [weak self] in
                self?.signalStatus = 128 + signal
                self?.quit()
            }
        }
    }

    /// The desktop's dark or light preference, followed while the app runs (G3).
    private var colorScheme: SystemColorScheme?

    /// 128 + the signal's number after SIGTERM, SIGINT or SIGHUP, as shells report it.
    private var signalStatus: Int32?

    /// Runs until the last window closes or the app quits.
    /// - Returns: 0, or 74 when the state could not be saved on quitting.
    func run() -> Int32 {
        let status = application.run(programName: Self.name)
        return preservationErrors.isEmpty ? signalStatus ?? status : 74
    }

    private func activate() {
        guard scenes.isEmpty else { return }
        colorScheme = colorScheme ?? SystemColorScheme.follow()
        for (session, opening) in launching { open(session, opening: opening) }
        launching = []
        recordWindows()
    }

    // snippet: gtk-scene-per-window
    /// Opens a window on `session`: its own scene, restored from the session's archive.
    private func open(_ session: RestorationSession, opening: Item?) {
        let scene = Scene(
            application: application, delegate: WindowDelegate(context: context, opening: opening),
            configuration: configuration, registry: Self.registry, storage: session.storage, session: session)
        scene.engine.restorationContext = context
        scenes.append(scene)
        scene.window.onCloseRequest { [weak self, weak scene] in
            if let self, let scene { self.end(scene) }
            return false
        }
        scene.launch()
    }
    // end-snippet

    /// Ctrl-N: a new window, on a new session, showing the list.
    private func newWindow() {
        do {
            open(try sessions.open(.new, pruning: false).session, opening: nil)
            recordWindows()
        } catch {
            // The windows open stay as they are; the desktop shows no terminal, but a log may.
            FileHandle.standardError.write(Data("homepwner-gtk: error: no new window: \(error)\n".utf8))
        }
    }

    /// Writes which windows are open, for the next launch (rule G5).
    private func recordWindows() {
        try? windows.write(scenes.compactMap { $0.session?.id })
    }

    // snippet: gtk-quit-and-close
    /// Saves every window's state, keeping their sessions for the next launch, and quits.
    private func quit() {
        for scene in scenes {
            do {
                try scene.preserve()
            } catch {
                preservationErrors.append(error)
            }
        }
        scenes.removeAll()
        application.quit()
    }

    /// Closes the active window, ending its session.
    private func closeWindow() {
        scenes.first(where: { $0.window.isActive })?.window.close()
    }

    /// A window closed: its session ends (rule G5).
    private func end(_ scene: Scene) {
        scenes.removeAll { $0 === scene }
        recordWindows()
        do {
            try scene.end()
        } catch {
            preservationErrors.append(error)
        }
    }
    // end-snippet
}
