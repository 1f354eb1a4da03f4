import RestorationTesting
import StateRestoration
import TerminalKit
import Testing

/// Rule H10 at TerminalKit's level: while the launch runs, Ctrl-C and terminating signals end
/// the process (nothing reads keys yet); by the first frame they are keys again, so what the
/// user types at the sight of the screen is handled by the app (a quit that saves), never a
/// signal that ends it with status 130.
@Suite("H10: launching until the first frame, and not after")
@MainActor
struct LaunchSignalTests {
    @Test("H10: the first frame is drawn with the launch over: Ctrl-C typed at it is a key")
    func firstFrameIsNotLaunching() {
        let app = FruitLaunch(store: FruitStore(fruits: FruitStore.sample(count: 3)))
        #expect(app.terminal.launchingAtFrames.first == false)
        #expect(app.terminal.isLaunching == false)
        #expect(app.screen.contains("Apple 0"))
    }

    @Test("H10: will-finish, the restore and did-finish run while launching; the first frame does not")
    func callbacksRunWhileLaunching() {
        let terminal = HeadlessTerminal(size: Size(width: 40, height: 12))
        let delegate = LaunchObserver(terminal: terminal)
        let application = Application(
            delegate: delegate, driver: terminal,
            configuration: RestorationConfiguration(
                appName: "observer", appVersion: "1.0", debugOutput: .off),
            storage: InMemoryStorage(), scheduler: ManualScheduler())
        #expect(throws: Never.self) { try application.launch() }
        #expect(delegate.launchingAtWillFinish == true)
        #expect(delegate.launchingAtDidFinish == true)
        #expect(terminal.launchingAtFrames == [false])
    }
}

/// An app delegate that notes whether the driver was launching at each launch callback.
@MainActor
private final class LaunchObserver: ApplicationDelegate {
    let terminal: HeadlessTerminal
    var launchingAtWillFinish: Bool?
    var launchingAtDidFinish: Bool?

    init(terminal: HeadlessTerminal) { self.terminal = terminal }

    func applicationWillFinishLaunching(_ application: Application) {
        launchingAtWillFinish = terminal.isLaunching
    }

    func applicationDidFinishLaunching(_ application: Application) {
        launchingAtDidFinish = terminal.isLaunching
        application.window.rootViewController = ViewController()
    }
}
