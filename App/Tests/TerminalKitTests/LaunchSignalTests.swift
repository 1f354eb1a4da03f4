import RestorationTesting
import StateRestoration
import TerminalKit
import Testing

/// Rule H10 at TerminalKit's level: while the launch runs, Ctrl-C and terminating signals end
/// the process (nothing reads keys yet); by the first frame they are keys again, so what the
/// user types at the sight of the screen is handled by the app (a quit that saves), never a
/// signal that ends it with status 130.
@Suite("H10, P2: launching until the first frame, and the work right after it")
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
        #expect(throws: Never.self) { try Self.launch(delegate, on: terminal) }
        #expect(delegate.launchingAtWillFinish == true)
        #expect(delegate.launchingAtDidFinish == true)
        #expect(terminal.launchingAtFrames == [false])
    }

    @Test(
        "P2: an action runs once, right after the first frame; one that changed the screen has it drawn again"
    )
    func runsAfterTheFirstFrame() throws {
        let terminal = HeadlessTerminal(size: Size(width: 30, height: 4))
        let delegate = FirstFrameObserver(terminal: terminal)
        let application = try Self.launch(delegate, on: terminal)
        // The action saw the first frame on the terminal, with the text it then changed.
        #expect(delegate.framesSeen == [1])
        #expect(delegate.textSeen?.contains("Before") == true)
        #expect(terminal.text.contains("After"))
        #expect(terminal.launchingAtFrames.count == 2, "drawn again: the action changed what shows")
        // Ran once: the loop's next turn does not run it again.
        application.processEvents()
        #expect(delegate.framesSeen == [1])

        // Added after the first frame, an action runs at once; one that changed nothing
        // draws nothing.
        let frames = terminal.launchingAtFrames.count
        var ran = false
        application.afterFirstFrame {
            ran = true
            return false
        }
        #expect(ran)
        #expect(terminal.launchingAtFrames.count == frames)
    }

    /// An application of `delegate` on `terminal`, launched, its archive in memory.
    @discardableResult
    private static func launch(_ delegate: some ApplicationDelegate, on terminal: HeadlessTerminal) throws
        -> Application
    {
        let application = Application(
            delegate: delegate, driver: terminal,
            configuration: RestorationConfiguration(
                appName: "observer", appVersion: "1.0", debugOutput: .off),
            storage: InMemoryStorage(), scheduler: ManualScheduler())
        try application.launch()
        return application
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

/// An app delegate whose root shows a label, and which asks for work after the first frame.
@MainActor
private final class FirstFrameObserver: ApplicationDelegate {
    let terminal: HeadlessTerminal
    let label = Label("Before")
    var framesSeen: [Int] = []
    var textSeen: String?

    init(terminal: HeadlessTerminal) { self.terminal = terminal }

    func applicationDidFinishLaunching(_ application: Application) {
        let root = ViewController()
        root.view = label
        application.window.rootViewController = root
        application.afterFirstFrame { [self] in
            framesSeen.append(terminal.launchingAtFrames.count)
            textSeen = terminal.text
            label.text = "After"
            return true
        }
    }
}
