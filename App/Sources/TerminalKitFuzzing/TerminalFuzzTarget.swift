import RestorationTesting
import StateRestoration
import TerminalKit

/// Drives any TerminalKit app for ``RestorationFuzzer``, headless (rule X1): keys, pastes,
/// resizes and outside changes of its data, on a ``HeadlessTerminal``, with the archive in
/// an ``InMemoryStorage`` that outlives each launch.
///
/// The app says how to launch itself and what its inputs are; the target does the rest.
/// A save is what Ctrl-Z does (``Application/suspend()``): enter the background, save; or,
/// every other time, the engine's own save after its debounce, incremental (``save(_:)``).
/// An app that turns on ``RestorationConfiguration/checksIncrementalSaves`` has a change no
/// object said shown as a difference (``TerminalSnapshot``).
///
/// ```swift
/// let target = TerminalFuzzTarget(
///     keys: [.up, .down, .enter, .escape, .character("a")],
///     reset: { try store.removeAll() },
///     launch: { terminal, storage in
///         let application = Application(
///             delegate: MyAppDelegate(store: store), driver: terminal,
///             configuration: RestorationConfiguration(appName: "MyApp", appVersion: "1.0"),
///             storage: storage)
///         try application.launch()
///         return application
///     })
/// let report = try RestorationFuzzer(target: target).run(steps: 500, seed: 1)
/// ```
@MainActor
public final class TerminalFuzzTarget: RestorationFuzzTarget {
    /// One launch: its terminal and application.
    public final class Launch {
        /// The headless terminal.
        public let terminal: HeadlessTerminal
        /// The application.
        public let application: Application

        init(terminal: HeadlessTerminal, application: Application) {
            self.terminal = terminal
            self.application = application
        }
    }

    /// The keys to choose from. Leave out those that quit.
    public var keys: [Key]
    /// The texts to paste.
    public var pastes: [String]
    /// The sizes to resize to; the first is the size of every launch.
    public var sizes: [Size]
    /// How long an outside change is given to show (the app's polling interval or more).
    public var settleTime: Duration
    /// The storage of the current run.
    public private(set) var storage = InMemoryStorage()
    /// The terminal's size now: a relaunch happens in the same terminal as the live app.
    public private(set) var size: Size

    /// Saves made since ``reset()``: every other one is the engine's own (``save(_:)``).
    private var saves = 0
    private let resetData: () throws -> Void
    private let makeLaunch: (HeadlessTerminal, InMemoryStorage) throws -> Application
    private let outsideChange: ((UInt64) throws -> Void)?

    /// Creates a target.
    /// - Parameters:
    ///   - keys: The keys to choose from (most events are keys).
    ///   - pastes: Texts to paste; none by default.
    ///   - sizes: Terminal sizes; the first is the launch size.
    ///   - settleTime: How far the clock moves after an outside change.
    ///   - reset: Puts the app's data back as at the start of a run.
    ///   - outsideChange: Changes the app's data as another process would, from a seed; nil
    ///     if the app has no such data.
    ///   - launch: Makes and launches the application on the terminal and storage given.
    public init(
        keys: [Key], pastes: [String] = [], sizes: [Size] = [Size(width: 80, height: 24)],
        settleTime: Duration = .seconds(2), reset: @escaping () throws -> Void,
        outsideChange: ((UInt64) throws -> Void)? = nil,
        launch: @escaping (HeadlessTerminal, InMemoryStorage) throws -> Application
    ) {
        self.keys = keys
        self.pastes = pastes
        self.sizes = sizes.isEmpty ? [Size(width: 80, height: 24)] : sizes
        self.size = self.sizes[0]
        self.settleTime = settleTime
        self.resetData = reset
        self.outsideChange = outsideChange
        self.makeLaunch = launch
    }

    public func reset() throws {
        storage = InMemoryStorage()
        saves = 0
        size = sizes[0]
        try resetData()
    }

    public func launch() throws -> Launch {
        let terminal = HeadlessTerminal(size: size)
        let application = try makeLaunch(terminal, storage)
        application.processEvents()
        return Launch(terminal: terminal, application: application)
    }

    public func randomEvent(for launch: Launch, using generator: inout some RandomNumberGenerator)
        -> TerminalFuzzEvent
    {
        let roll = Int.random(in: 0..<100, using: &generator)
        if roll < 6, let text = pastes.randomElement(using: &generator) { return .paste(text) }
        if roll >= 6 && roll < 12, sizes.count > 1, let size = sizes.randomElement(using: &generator) {
            return .resize(size)
        }
        if roll >= 12 && roll < 20, outsideChange != nil {
            return .outsideChange(generator.next() % 1_000_000)
        }
        return .key(keys.randomElement(using: &generator) ?? .escape)
    }

    public func apply(_ event: TerminalFuzzEvent, to launch: Launch) throws {
        switch event {
        case .key(let key): launch.terminal.press(key)
        case .paste(let text): launch.terminal.paste(text)
        case .resize(let size):
            self.size = size
            launch.terminal.resize(to: size)
        case .outsideChange(let seed):
            try outsideChange?(seed)
            launch.terminal.advanceTime(by: settleTime)
        }
        launch.application.processEvents()
        launch.application.engine.waitForPendingWrites()
    }

    /// Saves as the app does by itself, one way or the other in turn: what Ctrl-Z does
    /// (``Application/suspend()``, a full save), and the engine's own save after its
    /// debounce (rule R26), incremental once a full save made its cache (rule P1), after
    /// which the launch ends as `kill -9` ends it, without a save of its own.
    public func save(_ launch: Launch) {
        saves += 1
        if saves.isMultiple(of: 2),
            let delay = launch.application.engine.configuration.continuousPreservationDelay
        {
            launch.terminal.advanceTime(by: delay)
            launch.application.processEvents()
            launch.application.engine.waitForPendingWrites()
        } else {
            launch.application.suspend()
            launch.application.processEvents()
        }
    }

    public func tearDown(_ launch: Launch) {
        // A kill: writes already handed to the engine's queue land; nothing else runs.
        launch.application.engine.waitForPendingWrites()
    }

    public func snapshot(of launch: Launch) -> RestorationSnapshot {
        TerminalSnapshot.take(of: launch.application, on: launch.terminal)
    }
}
