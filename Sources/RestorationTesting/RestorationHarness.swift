import StateRestoration

/// An app under test: the app delegate of a UI built in a test (rule R24).
@MainActor
public protocol HarnessApp: RestorationDelegate {
    /// The windows' root objects, as they are now.
    var rootObjects: [any RestorableObject] { get }
    /// Runs before restoration; the window exists here (rule R11).
    func willFinishLaunching()
    /// Runs after restoration.
    func didFinishLaunching(_ report: RestorationReport)
}

extension HarnessApp {
    public func willFinishLaunching() {}
    public func didFinishLaunching(_ report: RestorationReport) {}
}

/// The test harness of rule R24: build a UI, save, drop everything as a kill would,
/// relaunch in-process with a fresh app delegate, and look at what came back.
///
/// ```swift
/// let harness = RestorationHarness(registry: RestorationRegistry([DetailViewController.self]))
/// let first = harness.launch(MyApp())
/// first.app.showDetail(for: item)
/// try first.save()
/// first.kill()
/// let second = harness.launch(MyApp())
/// #expect(second.treeDescription == "...")
/// #expect(second.report.diagnostics.isEmpty)
/// ```
///
/// Storage is in memory and outlives each launch; time moves only through
/// ``scheduler``. Nothing sleeps and nothing touches a terminal.
@MainActor
public final class RestorationHarness {
    /// The storage every launch shares, as a disk is shared across process lifetimes.
    public let storage: InMemoryStorage
    /// The clock of debounces and crash-loop windows.
    public let scheduler = ManualScheduler()
    /// The restoration classes every launch registers.
    public var registry: RestorationRegistry
    /// The configuration every launch uses.
    public var configuration: RestorationConfiguration
    /// What every launch's engine hands its restoration classes (rule R30): the app's
    /// store or services, as `RestorationEngine.restorationContext`.
    public var restorationContext: Any?

    /// Creates a harness.
    /// - Parameters:
    ///   - registry: The restoration classes the app registers.
    ///   - configuration: Defaults to app "TestApp" 1.0, no debug output. The harness turns
    ///     on `RestorationConfiguration.checksAdoption` whatever it says, so
    ///     a container that forgets to attach its children is named in every test, and off
    ///     `RestorationConfiguration.restoreTimeBudget`, whose cut depends on the machine:
    ///     a test of the budget sets one after, with a clock of its own.
    ///   - storage: Defaults to fresh in-memory storage.
    public init(
        registry: RestorationRegistry = RestorationRegistry(),
        configuration: RestorationConfiguration = RestorationConfiguration(
            appName: "TestApp", appVersion: "1.0", interfaceIdiom: "test", debugOutput: .off),
        storage: InMemoryStorage = InMemoryStorage()
    ) {
        self.registry = registry
        self.configuration = configuration
        self.configuration.checksAdoption = true
        self.configuration.checksIncrementalSaves = true
        self.configuration.restoreTimeBudget = nil
        self.storage = storage
    }

    /// Launches `app`: `willFinishLaunching`, `beforeRestoring`, restoration,
    /// `didFinishLaunching`.
    /// - Parameters:
    ///   - app: The app delegate of this launch.
    ///   - beforeRestoring: Runs after `willFinishLaunching`, with the engine, before the
    ///     restore: where an app registers its plain objects (rule R17).
    public func launch<App: HarnessApp>(
        _ app: App, beforeRestoring: (RestorationEngine) -> Void = { _ in }
    ) -> HarnessLaunch<App> {
        let engine = RestorationEngine(
            configuration: configuration, registry: registry, storage: storage, scheduler: scheduler,
            delegate: app, roots: { [unowned app] in app.rootObjects })
        engine.restorationContext = restorationContext
        app.willFinishLaunching()
        beforeRestoring(engine)
        let report = engine.restoreApplicationState()
        app.didFinishLaunching(report)
        return HarnessLaunch(app: app, engine: engine, report: report, scheduler: scheduler, session: nil)
    }
}

/// One launch of an app under the harness.
@MainActor
public final class HarnessLaunch<App: HarnessApp> {
    /// The app delegate of this launch.
    public let app: App
    /// The engine of this launch.
    public let engine: RestorationEngine
    /// What the launch restored.
    public let report: RestorationReport
    /// The session this launch holds, under a ``SessionHarness``, until ``kill()`` or
    /// ``quitAndForget()``; nil under a ``RestorationHarness``.
    public private(set) var session: RestorationSession?
    private let scheduler: ManualScheduler

    init(
        app: App, engine: RestorationEngine, report: RestorationReport, scheduler: ManualScheduler,
        session: RestorationSession?
    ) {
        self.app = app
        self.engine = engine
        self.report = report
        self.scheduler = scheduler
        self.session = session
    }

    /// Runs a preservation pass and writes it to the harness's storage.
    @discardableResult
    public func save(reason: PreservationReason = .background) throws(RestorationError) -> PreservationReport
    {
        try engine.preserve(reason: reason)
    }

    /// Ends this launch as `kill -9` would: pending debounced saves never run. Writes
    /// already handed to the write queue finish, as they would have on a real disk.
    public func kill() {
        engine.waitForPendingWrites()
        scheduler.dropAll()
        // The kernel drops a dead process's locks: the session is free again (rule S2).
        session?.release()
        session = nil
    }

    /// Quits and forgets, as `Q` does (rule S4): the state is thrown away and the session
    /// ends; other sessions are untouched.
    public func quitAndForget() throws(RestorationError) {
        engine.discardState(reason: "the user quit and asked to forget the state")
        try session?.end()
        session = nil
    }

    /// The tree under the app's roots, as text (see ``TreeDescription``).
    public var treeDescription: String { TreeDescription.describe(app.rootObjects) }

    /// The diagnostics of this launch's restore, as text, one per line.
    public var restoreDiagnostics: [String] { report.diagnostics.map(\.description) }
}
