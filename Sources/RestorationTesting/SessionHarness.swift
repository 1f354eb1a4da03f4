import StateRestoration

/// The harness of rule S8: several sessions of one app side by side, each launch holding
/// its own, on a real state directory (file locks and all), in one process.
///
/// ```swift
/// let harness = SessionHarness(stateDirectory: directory, registry: registry)
/// let left = try harness.launch(MyApp(), session: .new)
/// let right = try harness.launch(MyApp(), session: .new)
/// // …each shows something else, both save…
/// left.kill()
/// right.kill()
/// let again = try harness.launch(MyApp(), session: .mostRecent)  // the newer of the two
/// ```
///
/// Each launch's session stays held until ``HarnessLaunch/kill()`` (the kernel releasing
/// a dead process's lock) or ``HarnessLaunch/quitAndForget()``. Time moves only through
/// ``scheduler``.
@MainActor
public final class SessionHarness {
    /// The sessions of the state directory.
    public let sessions: RestorationSessions
    /// The clock of debounces and crash-loop windows.
    public let scheduler = ManualScheduler()
    /// The restoration classes every launch registers.
    public var registry: RestorationRegistry
    /// The configuration every launch uses (adoption checks on, as in ``RestorationHarness``).
    public var configuration: RestorationConfiguration
    /// What every launch's engine hands its restoration classes (rule R30).
    public var restorationContext: Any?

    /// Creates a harness on `stateDirectory`, which it creates if needed.
    public init(
        stateDirectory: String, registry: RestorationRegistry = RestorationRegistry(),
        configuration: RestorationConfiguration = RestorationConfiguration(
            appName: "TestApp", appVersion: "1.0", interfaceIdiom: "test", debugOutput: .off),
        policy: SessionPolicy = SessionPolicy()
    ) {
        self.sessions = RestorationSessions(stateDirectory: stateDirectory, policy: policy)
        self.registry = registry
        self.configuration = configuration
        self.configuration.checksAdoption = true
        self.configuration.checksIncrementalSaves = true
    }

    /// Takes a session by `choice` (rule S3) and launches `app` on it: will-finish, restore,
    /// did-finish.
    /// - Throws: `SessionError`, as `RestorationSessions.open(_:now:)` does.
    public func launch<App: HarnessApp>(_ app: App, session choice: SessionChoice) throws(SessionError)
        -> HarnessLaunch<App>
    {
        let session = try sessions.open(choice).session
        let engine = RestorationEngine(
            configuration: configuration, registry: registry, storage: session.storage, scheduler: scheduler,
            delegate: app, roots: { [unowned app] in app.rootObjects })
        engine.restorationContext = restorationContext
        app.willFinishLaunching()
        let report = engine.restoreApplicationState()
        app.didFinishLaunching(report)
        return HarnessLaunch(app: app, engine: engine, report: report, scheduler: scheduler, session: session)
    }
}
