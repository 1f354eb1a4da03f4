import Foundation
import StateRestoration

#if canImport(Glibc)
    import Glibc
#endif

/// A running terminal app: its window, its delegate, its driver, its run loop, and the
/// restoration engine wired to all of them (UIKit's `UIApplication`, as an instance).
///
/// ```swift
/// let app = Application(
///     delegate: AppDelegate(), driver: ANSITerminal(),
///     configuration: RestorationConfiguration(appName: "notes", appVersion: "1.0"),
///     registry: RestorationRegistry([NoteViewController.self]),
///     storage: FileRestorationStorage(directory: stateDirectory))
/// exit(app.run())
/// ```
///
/// - Launch: ``ApplicationDelegate/applicationWillFinishLaunching(_:)``, the engine's
///   restore, the restored root as the window's root if the delegate set none,
///   ``ApplicationDelegate/applicationDidFinishLaunching(_:)`` (rules R11, R12).
/// - Ctrl-Z and SIGTSTP: enter the background, save, give the terminal back, stop;
///   on `fg`: take it again, enter the foreground, redraw.
/// - Ctrl-C, SIGINT, SIGTERM, SIGHUP, SIGQUIT, end of input and ``quit(forgettingState:)``:
///   save (or forget), give the terminal back, and ``run()`` returns 0.
/// - After each key the engine hears what changed: the objects that said so
///   (`invalidateRestorableState()`), when the responder that took the key reports its
///   changes (``Responder/reportsRestorableStateChanges``), else everything
///   (`stateDidChange()`); with `continuousPreservationDelay` set it saves once input was
///   idle that long (R20), encoding only what changed (P1).
@MainActor
public final class Application: Responder {
    /// Where the app is in its life.
    public enum State: Hashable, Sendable {
        case notLaunched
        case launching
        case active
        case background
        case terminated
    }

    /// The window.
    public let window: Window
    /// The restoration engine.
    public let engine: RestorationEngine
    /// The terminal.
    public let driver: any TerminalDriver
    /// The delegate (held strongly: the application owns it).
    public let delegate: any ApplicationDelegate
    /// Where the app is in its life.
    public private(set) var state: State = .notLaunched
    /// What the launch restored, once launched.
    public private(set) var restorationReport: RestorationReport?
    /// The errors of saves made on background and termination, newest last.
    public private(set) var preservationErrors: [RestorationError] = []
    /// Where restoration diagnostics go when `RESTORATION_DEBUG=1` asked for standard
    /// error on a full-screen terminal (a file next to the archive), or nil.
    public let debugLogPath: String?
    /// Commands that work everywhere, at the end of the responder chain.
    public var globalKeyCommands: [KeyCommand] = []
    /// The session this instance holds (rules S1, S2), when created with one: its archive
    /// and markers are the engine's storage, and quitting with `forgettingState` ends it.
    public let session: RestorationSession?

    private let timers = TimerQueue()
    /// What other threads posted to the run loop (the engine's write outcomes).
    private let posted: PostedActions
    /// What runs right after the first frame (``afterFirstFrame(_:)``).
    private var firstFrameActions: [@MainActor () -> Bool] = []
    /// True once the first frame is drawn: actions for after it run at once.
    private var firstFrameDrawn = false

    /// Creates an application. Nothing happens until ``launch()`` or ``run()``.
    /// - Parameters:
    ///   - delegate: The app delegate.
    ///   - driver: ``ANSITerminal`` for a real terminal, ``HeadlessTerminal`` in tests.
    ///   - configuration: The engine's configuration. If it sends diagnostics to standard
    ///     error while the driver draws on a real terminal, they go to
    ///     `restoration-debug.log` in the storage's directory instead (see
    ///     ``debugLogPath``), so they never tear the screen.
    ///   - registry: The restoration classes the archive may name.
    ///   - storage: Where the archive lives.
    ///   - scheduler: The engine's clock; defaults to the run loop's timers.
    public convenience init(
        delegate: any ApplicationDelegate, driver: any TerminalDriver,
        configuration: RestorationConfiguration, registry: RestorationRegistry = RestorationRegistry(),
        storage: any RestorationStorage, scheduler: (any RestorationScheduler)? = nil
    ) {
        self.init(
            delegate: delegate, driver: driver, configuration: configuration, registry: registry,
            storage: storage, session: nil, scheduler: scheduler)
    }

    /// Creates an application on a session (rules S1–S4, S8): several instances of the app,
    /// each restoring its own state, none writing another's. Get the session from
    /// ``RestorationSessions/open(_:now:)``; the application holds it (and its lock) for
    /// as long as it lives, and ``quit(forgettingState:)`` with `true` ends it.
    /// - Parameters:
    ///   - delegate: The app delegate; its `stateRestorationActivity()` describes the
    ///     session's activity (rule S5).
    ///   - driver: ``ANSITerminal`` for a real terminal, ``HeadlessTerminal`` in tests.
    ///   - configuration: The engine's configuration.
    ///   - registry: The restoration classes the archive may name.
    ///   - session: The session this instance holds.
    ///   - scheduler: The engine's clock; defaults to the run loop's timers.
    public convenience init(
        delegate: any ApplicationDelegate, driver: any TerminalDriver,
        configuration: RestorationConfiguration, registry: RestorationRegistry = RestorationRegistry(),
        session: RestorationSession, scheduler: (any RestorationScheduler)? = nil
    ) {
        self.init(
            delegate: delegate, driver: driver, configuration: configuration, registry: registry,
            storage: session.storage, session: session, scheduler: scheduler)
    }

    private init(
        delegate: any ApplicationDelegate, driver: any TerminalDriver,
        configuration: RestorationConfiguration, registry: RestorationRegistry,
        storage: any RestorationStorage, session: RestorationSession?, scheduler: (any RestorationScheduler)?
    ) {
        self.session = session
        let window = Window(size: driver.size)
        var configuration = configuration
        var logPath: String?
        if configuration.debugOutput == .standardError && driver.isInteractive {
            if let fileStorage = storage as? FileRestorationStorage,
                Self.createDirectory(fileStorage.directory)
            {
                let path = fileStorage.path(of: .archive) + "-debug.log"
                logPath = path
                configuration.debugOutput = .file(path)
            } else {
                configuration.debugOutput = .off
            }
        }
        let timers = self.timers
        let posted = PostedActions(wake: driver.waker)
        self.posted = posted
        self.window = window
        self.driver = driver
        self.delegate = delegate
        self.debugLogPath = logPath
        self.engine = RestorationEngine(
            configuration: configuration, registry: registry, storage: storage,
            scheduler: scheduler
                ?? RunLoopScheduler(timers: timers, posted: posted, clock: { [driver] in driver.now }),
            delegate: delegate, roots: { [window] in window.rootViewController.map { [$0] } ?? [] })
        super.init()
        window.application = self
    }

    override public var keyCommands: [KeyCommand] { globalKeyCommands }

    // MARK: Launch

    /// Takes over the terminal and launches: will-finish, restore, did-finish, first frame.
    /// - Throws: ``TerminalError`` if there is no terminal to take over.
    public func launch() throws(TerminalError) {
        guard state == .notLaunched else { return }
        try driver.start()
        // Until the first frame no run loop reads signals or keys: a terminating signal, or
        // Ctrl-C, ends a long launch at once, the terminal put back.
        driver.setLaunching(true)
        window.resize(to: driver.size)
        state = .launching
        delegate.applicationWillFinishLaunching(self)
        let report = engine.restoreApplicationState()
        restorationReport = report
        if window.rootViewController == nil, let root = report.roots.first as? ViewController {
            window.rootViewController = root
        }
        state = .active
        delegate.applicationDidFinishLaunching(self)
        // Keys are keys again before the first frame shows: Ctrl-C typed at the sight of it
        // quits as Ctrl-C does, saving, and a signal during a slow first frame waits for the
        // run loop, just after it.
        driver.setLaunching(false)
        display()
        runFirstFrameActions()
    }

    /// Runs `action` once, right after the first frame is drawn and before any key or signal
    /// is handled: work the first frame need not wait for, such as checking what a restore
    /// took on the archive's word (rule P2). The action returns true when it changed what
    /// the screen shows, and the frame is then drawn again at once. Added after the first
    /// frame, it runs now.
    public func afterFirstFrame(_ action: @escaping @MainActor () -> Bool) {
        firstFrameActions.append(action)
        if firstFrameDrawn { runFirstFrameActions() }
    }

    /// Runs the actions ``afterFirstFrame(_:)`` took, and draws again if one asks.
    private func runFirstFrameActions() {
        firstFrameDrawn = true
        let actions = firstFrameActions
        firstFrameActions.removeAll()
        var changed = false
        for action in actions where action() { changed = true }
        if changed { display() }
    }

    /// Launches if needed and runs until the app quits.
    /// - Returns: The exit status: 0 after a quit or a terminating signal, 1 if the
    ///   terminal could not be taken over (the reason is written to standard error).
    public func run() -> Int32 {
        if state == .notLaunched {
            do {
                try launch()
            } catch {
                FileHandle.standardError.write(Data("\(engine.configuration.appName): \(error)\n".utf8))
                return 1
            }
        }
        while state != .terminated {
            let timeout = timers.nextDue.map { max(.zero, $0 - driver.now) }
            let events = driver.waitForEvents(timeout: timeout)
            for event in events where state != .terminated { handle(event) }
            guard state != .terminated else { break }
            posted.run()
            timers.fireDue(now: driver.now)
            display()
        }
        return exitStatus
    }

    /// Runs an action on the main actor at the run loop's next turn, waking it: how work done
    /// on another thread (a photo's decode) hands its result back. Any thread may call it;
    /// actions run in the order posted, before the loop draws its next frame.
    public var mainActorPost: MainActorPost {
        { [posted] action in posted.post(action) }
    }

    /// What ``run()`` returns: 0 after a quit (a quit key, Ctrl-C, the end of input); 128 +
    /// the signal's number after SIGTERM (143), SIGHUP (129), SIGINT (130) or SIGQUIT
    /// (131), as shells report a program that a signal ended. The state is saved either way.
    public private(set) var exitStatus: Int32 = 0

    /// Handles every event the driver already has, fires due timers and draws a frame,
    /// without waiting: how tests drive a ``HeadlessTerminal``.
    public func processEvents() {
        var rounds = 0
        while state != .terminated && state != .notLaunched && rounds < 10_000 {
            let events = driver.waitForEvents(timeout: .zero)
            if events.isEmpty { break }
            for event in events where state != .terminated { handle(event) }
            rounds += 1
        }
        guard state != .terminated else { return }
        posted.run()
        timers.fireDue(now: driver.now)
        display()
    }

    /// Runs `action` on the run loop after `delay` (on the driver's clock).
    /// - Returns: A token that cancels it.
    @discardableResult
    public func schedule(after delay: Duration, _ action: @escaping @MainActor () -> Void)
        -> any ScheduledAction
    {
        timers.schedule(at: driver.now + delay, action)
    }

    // MARK: Events

    func handle(_ event: TerminalEvent) {
        switch event {
        case .key(let key):
            guard state == .active else { return }
            if key == .ctrl("z") {
                suspend()
            } else if key == .ctrl("c") {
                terminate(forgettingState: false)
            } else {
                let taker = window.dispatch(key)
                guard state == .active else { return }
                window.settle()
                // A responder that reports its changes named them as it made them (P1); of
                // any other the application cannot know what the key changed. A key no one
                // took changed nothing.
                if let taker, !taker.reportsRestorableStateChanges { engine.stateDidChange() }
            }
        case .resize(let size):
            window.resize(to: size)
            driver.invalidate()
        case .signal(.suspend):
            suspend()
        case .signal(.resume):
            // Continued: after our own Ctrl-Z the driver already took the terminal back;
            // after an outside SIGSTOP it must, as the shell may have reset the modes.
            driver.resume()
            driver.invalidate()
        case .signal(let signal):
            // .terminate, .hangup, .interrupt, .quit (the others are handled above).
            if state != .terminated && state != .notLaunched { exitStatus = signal.exitStatus ?? 0 }
            terminate(forgettingState: false)
        case .endOfInput:
            terminate(forgettingState: false)
        }
    }

    /// Draws a frame now.
    public func display() {
        guard state == .active || state == .launching else { return }
        if window.size != driver.size { window.resize(to: driver.size) }
        driver.draw(window.render())
    }

    // MARK: Lifecycle

    /// Enters the background: saves, gives the terminal back and stops until continued;
    /// then enters the foreground and redraws.
    public func suspend() {
        guard state == .active else { return }
        state = .background
        delegate.applicationDidEnterBackground(self)
        preserve(reason: .background)
        driver.suspend()
        guard state == .background else { return }
        state = .active
        delegate.applicationWillEnterForeground(self)
        window.resize(to: driver.size)
        driver.invalidate()
        display()
    }

    /// Quits: saves the state (or throws it away), gives the terminal back, and makes
    /// ``run()`` return 0.
    /// - Parameter forgettingState: Throw the saved state away instead, so the next launch
    ///   starts fresh (the counterpart of force-quitting from the app switcher).
    public func quit(forgettingState: Bool = false) {
        terminate(forgettingState: forgettingState)
    }

    /// Saves now (rule R2, "an app can ask for one").
    public func preserveState() {
        preserve(reason: .requested)
    }

    /// True from the moment a quit that forgets the state begins: the delegate's
    /// `applicationWillTerminate(_:)` can end what belongs to the session too.
    public private(set) var isForgettingState = false

    private func terminate(forgettingState: Bool) {
        guard state != .terminated && state != .notLaunched else { return }
        isForgettingState = forgettingState
        delegate.applicationWillTerminate(self)
        if forgettingState {
            engine.discardState(reason: "the user quit and asked to forget the state")
            // Quit and forget ends this instance's session, and only it (rule S4).
            do {
                try session?.end()
            } catch {
                preservationErrors.append(error)
            }
        } else {
            preserve(reason: .termination)
            // Saved for the last time: another launch may take the session now (rule S3).
            session?.release()
        }
        state = .terminated
        driver.stop()
    }

    private func preserve(reason: PreservationReason) {
        do {
            try engine.preserve(reason: reason)
        } catch {
            preservationErrors.append(error)
            delegate.didFailToPreserveState(error)
        }
    }

    private static func createDirectory(_ path: String) -> Bool {
        do {
            try FileManager.default.createDirectory(
                atPath: path, withIntermediateDirectories: true, attributes: [.posixPermissions: 0o700])
            return true
        } catch {
            return false
        }
    }
}
