import RestorationTesting
import StateRestoration

/// The launches most tests make: a first run that builds a tree and saves it, then a
/// relaunch with a fresh ``TestApp`` that takes back what was saved.
@MainActor
extension RestorationHarness {
    /// Launches a fresh ``TestApp`` whose window holds `root`; `beforeRestoring` as in
    /// ``RestorationHarness/launch(_:beforeRestoring:)``.
    func launch(root: Node?, beforeRestoring: (RestorationEngine) -> Void = { _ in }) -> HarnessLaunch<
        TestApp
    > {
        let app = TestApp()
        app.root = root
        return launch(app, beforeRestoring: beforeRestoring)
    }

    /// A first run: launches a ``TestApp`` holding `root`, saves, and ends the launch as a
    /// kill does, leaving the archive in ``storage``.
    @discardableResult
    func saveAndKill(_ root: Node) throws -> PreservationReport {
        let first = launch(root: root)
        let report = try first.save()
        first.kill()
        return report
    }

    /// Launches a fresh ``TestApp`` whose delegate answers `make` for every path it is asked
    /// for (R13b): by default a plain `Node("Root")`, whatever the path.
    func relaunch(
        making make: @escaping (RestorationPath) -> Node? = { _ in Node("Root") },
        beforeRestoring: (RestorationEngine) -> Void = { _ in }
    ) -> HarnessLaunch<TestApp> {
        let app = TestApp()
        app.factory = make
        return launch(app, beforeRestoring: beforeRestoring)
    }

    /// Relaunches with a delegate that makes `Node("Root")`, kills the relaunch, and answers
    /// the value the root was given back: what a user would see of the saved state.
    func restoredRootValue() -> String? {
        let next = relaunch()
        next.kill()
        return next.app.root?.value
    }

    /// Launches a fresh ``TestApp`` whose delegate makes `root()` for the window's root (a
    /// path of one component) and nothing below it.
    func relaunch(root: @escaping () -> Node) -> HarnessLaunch<TestApp> {
        relaunch(making: { $0.count == 1 ? root() : nil })
    }
}

@MainActor
extension Node {
    /// This node, with `restorer` as its restoration class (R13a).
    func restored(by restorer: any ObjectRestoration.Type) -> Self {
        restorationClass = restorer
        return self
    }
}

@MainActor
extension TestApp {
    /// The configuration of an engine made outside a harness, as the harness's default:
    /// app "TestApp" 1.0, no debug output.
    static let configuration = RestorationConfiguration(
        appName: "TestApp", appVersion: "1.0", interfaceIdiom: "test", debugOutput: .off)

    /// An engine of this app outside a harness, on `storage`, its time on `scheduler` (a
    /// ``ManualScheduler`` unless told; nil for the engine's own), its roots this app's.
    func engine(
        storage: any RestorationStorage = InMemoryStorage(),
        registry: RestorationRegistry = RestorationRegistry(),
        configuration: RestorationConfiguration = TestApp.configuration,
        scheduler: (any RestorationScheduler)? = ManualScheduler()
    ) -> RestorationEngine {
        RestorationEngine(
            configuration: configuration, registry: registry, storage: storage, scheduler: scheduler,
            delegate: self, roots: { [self] in self.rootObjects })
    }

    /// Launches this app on `engine` as the harness does, without one: will-finish, restore,
    /// did-finish.
    func launch(on engine: RestorationEngine) -> RestorationReport {
        willFinishLaunching()
        let report = engine.restoreApplicationState()
        didFinishLaunching(report)
        return report
    }
}
