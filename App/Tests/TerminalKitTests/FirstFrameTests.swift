import RestorationTesting
import StateRestoration
import TerminalKit
import Testing

/// Work for right after the first frame (``Application/afterFirstFrame(_:)``): it runs once,
/// after the frame is on the terminal and before any key is handled, and the frame is drawn
/// again only when it changed what shows (rule P2).
@Suite("P2: the work after the first frame")
@MainActor
struct FirstFrameTests {
    @Test(
        "P2: an action runs once, right after the first frame; one that changed the screen has it drawn again"
    )
    func runsAfterTheFirstFrame() throws {
        let terminal = HeadlessTerminal(size: Size(width: 30, height: 4))
        let delegate = FirstFrameObserver(terminal: terminal)
        let application = Application(
            delegate: delegate, driver: terminal,
            configuration: RestorationConfiguration(
                appName: "first-frame", appVersion: "1.0", debugOutput: .off),
            storage: InMemoryStorage(), scheduler: ManualScheduler())
        try application.launch()
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
