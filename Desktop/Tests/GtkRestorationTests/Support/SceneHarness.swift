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

    /// Launches a scene and waits until its window is on screen.
    func launch() throws -> (scene: Scene, delegate: FormDelegate) {
        try Self.requireDisplay()
        let delegate = FormDelegate(data: data)
        var configuration = RestorationConfiguration(appName: "gtk-tests", appVersion: "1")
        configuration.continuousPreservationDelay = .milliseconds(300)
        configuration.checksAdoption = true
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
