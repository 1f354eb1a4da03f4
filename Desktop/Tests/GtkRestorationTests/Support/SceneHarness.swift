import GtkKit
import GtkRestoration
import RestorationTesting
import StateRestoration
import Testing

/// Launches scenes of ``FormPage``s on real GTK windows, saves them and launches them
/// again on the same in-memory storage, as a relaunch after a quit or a `kill -9` would.
///
/// GTK needs a display: `make test-gtk` runs the tests under `xvfb-run`.
@MainActor
final class SceneHarness {
    let storage = InMemoryStorage()
    let scheduler = ManualScheduler()
    let data = FormData()
    private(set) var scenes: [Scene] = []

    /// Closes the windows it opened: a test that holds it has them closed when it is over.
    isolated deinit {
        closeAll()
    }

    /// Fails the test unless GTK has a display.
    static func requireDisplay() throws {
        try #require(Display.open(), "GTK needs a display: run the tests under xvfb-run (make test-gtk)")
    }

    /// The changes that the incremental saves of the scenes launched so far found and no
    /// object had said (rule P1): a `kill -9` after such a save would have lost them.
    var unsaidChanges: [RestorationDiagnostic] {
        scenes.flatMap { $0.engine.diagnostics.filter(\.isUnsaidChange) }
    }

    /// Launches a scene and waits until its window is on screen. Fails the test if a scene
    /// launched before saved a change no object said (``unsaidChanges``).
    func launch() throws -> (scene: Scene, delegate: FormDelegate) {
        try Self.requireDisplay()
        #expect(unsaidChanges.isEmpty, "changes no object said: \(unsaidChanges)")
        let delegate = FormDelegate(data: data)
        var configuration = RestorationConfiguration(appName: "gtk-tests", appVersion: "1")
        configuration.continuousPreservationDelay = .milliseconds(300)
        configuration.checksAdoption = true
        // Each incremental save checked against a full pass (rule P1): see `relaunch(_:)`.
        configuration.checksIncrementalSaves = true
        let scene = Scene(
            application: nil, delegate: delegate, configuration: configuration,
            registry: RestorationRegistry([FormPage.self, NotePage.self]), storage: storage,
            scheduler: scheduler)
        scene.engine.restorationContext = data
        scene.launch()
        scenes.append(scene)
        try #require(MainLoop.iterate(until: { scene.window.isMapped }), "the window never appeared")
        MainLoop.drain()
        return (scene, delegate)
    }

    /// Saves `scene` (as a quit does), closes its window, and launches again.
    func relaunch(_ scene: Scene) throws -> (scene: Scene, delegate: FormDelegate) {
        _ = try scene.engine.preserve(reason: .termination)
        scene.window.destroy()
        MainLoop.drain()
        return try launch()
    }

    /// The form page on top of `delegate`'s stack.
    func form(_ delegate: FormDelegate) throws -> FormPage {
        try #require(delegate.stack.topPage as? FormPage)
    }

    /// Closes every window the harness opened.
    func closeAll() {
        for scene in scenes { scene.window.destroy() }
        scenes = []
        MainLoop.drain()
    }
}
