import Foundation
import RestorationTesting
import StateRestoration
import Testing

@testable import TerminalKit

@Suite("Restoration through TerminalKit")
@MainActor
struct RestorationTests {
    /// Builds the scene to restore: a scrolled list, a pushed detail with half-typed
    /// text, and a modal above it with a half-typed field and the cursor inside it.
    private func buildScene(_ app: FruitLaunch) {
        app.press(.pageDown, times: 2)
        app.press(.enter)
        app.type("汁")
        app.press(.left)
        app.press(.ctrl("n"))
        app.type("Mango")
        app.press(.tab)
        app.type("125")
        app.press(.left, .left)
    }

    @Test(
        "R12, R16, H8: save, kill, relaunch: stack, modal, list position and half-typed text come back identical"
    )
    func saveKillRelaunch() throws {
        let storage = InMemoryStorage()
        let store = FruitStore(fruits: FruitStore.sample(count: 30))
        let first = FruitLaunch(store: store, storage: storage)
        buildScene(first)
        #expect(
            first.screen == """
                 Cancel        New Fruit           Done
                 Name   Mango
                 Price  125








                Esc Cancel  Enter Done  ^C Quit
                """)
        #expect(first.terminal.cursor == Point(x: 9, y: 2))
        let beforeTree = TreeDescription.describe(
            first.application.window.presentationChain.prefix(1).map { $0 })

        first.press(.ctrl("z"))  // Background: the state is saved.
        #expect(first.delegate.events.suffix(2) == ["didEnterBackground", "willEnterForeground"])
        #expect(storage[.archive] != nil)
        first.application.engine.waitForPendingWrites()
        // kill -9: nothing more runs; only the storage and the database survive.

        let second = FruitLaunch(store: FruitStore(fruits: store.fruits), storage: storage)
        #expect(second.application.restorationReport?.diagnostics.map(\.description) == [])
        #expect(second.screen == first.screen)
        #expect(second.terminal.cursor == first.terminal.cursor)
        #expect(
            TreeDescription.describe(second.application.window.presentationChain.prefix(1).map { $0 })
                == beforeTree)
        #expect(second.navigation?.viewControllers.count == 2)

        // Going on in both gives the same screens: the detail under the modal, then the list.
        for app in [first, second] { app.press(.escape) }
        #expect(second.screen == first.screen)
        #expect(second.terminal.cursor == first.terminal.cursor)
        #expect(second.screen.contains(" Name   苹果 18汁\n"))
        #expect(second.terminal.cursor == Point(x: 15, y: 1))
        for app in [first, second] { app.press(.escape) }
        #expect(second.screen == first.screen)
        #expect(second.terminal.highlightedLines == first.terminal.highlightedLines)
        #expect(second.terminal.highlightedLines.first?.hasPrefix(" 苹果 18汁 ") == true)
        #expect(second.list?.tableView.contentOffset == first.list?.tableView.contentOffset)
        #expect((second.list?.tableView.contentOffset ?? 0) > 0)
    }

    @Test(
        "R16: with a model association the list comes back on the same fruit after rows moved and were deleted"
    )
    func modelAssociation() {
        let storage = InMemoryStorage()
        let store = FruitStore(fruits: FruitStore.sample(count: 30))
        let first = FruitLaunch(store: store, storage: storage)
        first.press(.pageDown, times: 2)
        first.press(.up)
        let selected = first.terminal.highlightedLines
        let firstVisible = first.list?.tableView.firstVisibleIndexPath.map { store.fruits[$0.row].id }
        first.press(.ctrl("z"))

        // Between the launches the database changes: rows above are deleted, the last row
        // moves to the top.
        var fruits = store.fruits
        fruits.removeFirst(3)
        fruits.insert(fruits.removeLast(), at: 0)
        let second = FruitLaunch(store: FruitStore(fruits: fruits), storage: storage)
        #expect(second.terminal.highlightedLines == selected)
        let restoredFirst = second.list?.tableView.firstVisibleIndexPath.map { fruits[$0.row].id }
        #expect(restoredFirst == firstVisible)
        #expect(second.list?.tableView.indexPathForSelectedRow == ElementIndexPath(row: 15))
    }

    @Test("R16: without a model association only the scroll offset comes back")
    func offsetOnly() {
        let storage = InMemoryStorage()
        let launch = { (controller: PlainListController) -> (Application, HeadlessTerminal) in
            launchHeadless(
                RestoringDelegate(root: controller), size: Size(width: 30, height: 8), storage: storage,
                scheduler: ManualScheduler())
        }
        let (firstApp, firstTerminal) = launch(PlainListController())
        firstTerminal.press(.pageDown, times: 3)
        firstApp.processEvents()
        let offset = (firstApp.window.rootViewController as? PlainListController)?.tableView.contentOffset
        #expect(offset == 12)
        firstTerminal.press(.ctrl("z"))
        firstApp.processEvents()

        let controller = PlainListController()
        let (_, secondTerminal) = launch(controller)
        #expect(controller.tableView.contentOffset == 12)
        #expect(firstTerminal.highlightedLines(from: 0) == [" Row 18"])
        // The selection is not saved: the first visible row is highlighted.
        #expect(secondTerminal.highlightedLines(from: 0) == [" Row 12"])
    }

    @Test("R20: continuous preservation saves once input was idle for the debounce, on the run loop's clock")
    func continuousPreservation() {
        let storage = InMemoryStorage()
        let store = FruitStore(fruits: FruitStore.sample(count: 30))
        let first = FruitLaunch(
            store: store, storage: storage, scheduler: nil, continuousDelay: .milliseconds(500))
        first.press(.down, times: 4)
        first.terminal.advanceTime(by: .milliseconds(400))
        first.application.processEvents()
        #expect(storage[.archive] == nil)
        first.press(.down)  // A new key restarts the debounce.
        first.terminal.advanceTime(by: .milliseconds(400))
        first.application.processEvents()
        #expect(storage[.archive] == nil)
        first.terminal.advanceTime(by: .milliseconds(100))
        first.application.processEvents()
        first.application.engine.waitForPendingWrites()
        #expect(storage[.archive] != nil)
        // kill -9 here: no background or termination save ever ran.
        let second = FruitLaunch(store: FruitStore(fruits: store.fruits), storage: storage)
        #expect(second.terminal.highlightedLines == [" Fig 5                               $6"])
    }

    @Test("H7: Ctrl-Z enters the background, saves, suspends, then comes back to the foreground and redraws")
    func suspend() {
        let storage = InMemoryStorage()
        let app = FruitLaunch(fruits: 3, storage: storage)
        let frames = app.terminal.frameCount
        app.press(.ctrl("z"))
        #expect(app.terminal.suspendCount == 1)
        #expect(storage.writeCount == 1)
        #expect(app.terminal.frameCount > frames)
        #expect(app.application.state == .active)
        app.terminal.send(.suspend)  // SIGTSTP from outside: the same path.
        app.application.processEvents()
        #expect(app.terminal.suspendCount == 2)
        #expect(
            app.delegate.events == [
                "willFinishLaunching", "didFinishLaunching", "didEnterBackground", "willEnterForeground",
                "didEnterBackground", "willEnterForeground",
            ])
    }

    @Test("SIGCONT after an outside stop takes the terminal back and repaints every cell")
    func resumeAfterOutsideStop() {
        let app = FruitLaunch(fruits: 3)
        app.terminal.recordsOutput = true
        app.application.display()
        app.application.display()
        let settled = app.terminal.output.count
        app.application.display()
        #expect(app.terminal.output.count == settled)  // Nothing changed: nothing written.
        app.terminal.send(.resume)
        app.application.processEvents()
        #expect(app.terminal.resumeCount == 1)
        let repaint = String(decoding: app.terminal.output[settled...], as: UTF8.self)
        #expect(repaint.contains("\u{1B}[2J"))
        #expect(repaint.contains("Fruits") && repaint.contains("Cherry"))
    }

    struct Ending: Sendable, CustomStringConvertible {
        let name: String
        let event: TerminalEvent
        let status: Int32
        var description: String { name }
    }

    @Test(
        "H7: SIGTERM, SIGHUP, SIGINT, Ctrl-C and the end of input save and give the terminal back; a signal exits 128 + its number",
        arguments: [
            Ending(name: "SIGTERM", event: .signal(.terminate), status: 143),
            Ending(name: "SIGHUP", event: .signal(.hangup), status: 129),
            Ending(name: "SIGINT", event: .signal(.interrupt), status: 130),
            Ending(name: "Ctrl-C", event: .key(.ctrl("c")), status: 0),
            Ending(name: "end of input", event: .endOfInput, status: 0),
        ])
    func termination(_ ending: Ending) {
        let storage = InMemoryStorage()
        let store = FruitStore(fruits: FruitStore.sample(count: 3))
        let terminal = HeadlessTerminal(size: Size(width: 40, height: 12))
        let delegate = FruitApp(store: store)
        let app = Application(
            delegate: delegate, driver: terminal,
            configuration: RestorationConfiguration(appName: "fruits", appVersion: "1.0", debugOutput: .off),
            storage: storage, scheduler: ManualScheduler())
        terminal.press(.down, .down)
        switch ending.event {
        case .key(let key): terminal.press(key)
        case .signal(let signal): terminal.send(signal)
        case .endOfInput: terminal.closeInput()
        default: break
        }
        terminal.type("after")  // Never handled: the app is gone.
        #expect(app.run() == ending.status)
        #expect(app.state == .terminated)
        #expect(!terminal.isActive)
        #expect(delegate.events.last == "willTerminate")
        #expect(storage[.archive] != nil)
        let second = FruitLaunch(store: store, storage: storage)
        #expect(second.terminal.highlightedLines == [" Cherry 2                            $3"])
    }

    /// The sample app on three fruits, the first open, then Ctrl-Z (which saves): the launch,
    /// its store and its storage.
    private func openedAndSuspended() -> (FruitLaunch, FruitStore, InMemoryStorage) {
        let storage = InMemoryStorage()
        let store = FruitStore(fruits: FruitStore.sample(count: 3))
        let first = FruitLaunch(store: store, storage: storage)
        first.press(.enter)
        first.press(.ctrl("z"))
        return (first, store, storage)
    }

    @Test("H7, R18: quitting and forgetting the state throws the archive away; the next launch is fresh")
    func quitForgetting() {
        let (first, store, storage) = openedAndSuspended()
        #expect(storage[.archive] != nil)
        first.application.quit(forgettingState: true)
        #expect(storage[.archive] == nil)
        #expect(first.application.state == .terminated)
        let second = FruitLaunch(store: store, storage: storage)
        #expect(second.navigation?.viewControllers.count == 1)
        #expect(second.application.restorationReport?.restored == false)
    }

    @Test("R11: will-finish-launching, then restoration, then did-finish-launching")
    func launchOrder() {
        let (_, store, storage) = openedAndSuspended()
        let probe = OrderProbe(store: store)
        let terminal = HeadlessTerminal(size: Size(width: 40, height: 12))
        let app = Application(
            delegate: probe, driver: terminal,
            configuration: RestorationConfiguration(appName: "fruits", appVersion: "1.0", debugOutput: .off),
            storage: storage, scheduler: ManualScheduler())
        #expect(throws: Never.self) { try app.launch() }
        #expect(probe.events.first == "willFinishLaunching")
        #expect(probe.events.suffix(2) == ["didDecode", "didFinishLaunching"])
        #expect(probe.events.dropFirst().dropLast(2).allSatisfy { $0 == "restorableObject" })
        #expect(probe.events.count > 3)
    }

    @Test("R21: with RESTORATION_DEBUG on a real terminal, diagnostics go to a file, never to the screen")
    func debugOutputToFile() throws {
        let directory = "/tmp/terminalkit-tests-\(UInt32.random(in: 0...UInt32.max))"
        let app = Application(
            delegate: RootDelegate(root: ViewController()), driver: InteractiveStub(),
            configuration: RestorationConfiguration(
                appName: "t", appVersion: "1", debugOutput: .standardError),
            storage: FileRestorationStorage(directory: directory))
        let log = directory + "/restoration.archive-debug.log"
        defer { try? FileManager.default.removeItem(atPath: directory) }
        #expect(app.engine.configuration.debugOutput == .file(log))
        #expect(app.debugLogPath == log)
        try app.launch()
        // The delegate does not agree to save: the engine says so, and the line is in the file.
        app.preserveState()
        let text = try String(contentsOfFile: log, encoding: .utf8)
        #expect(
            text.split(separator: "\n").contains {
                $0 == "restoration: declined: nothing saved (requested): the app delegate's "
                    + "shouldSaveApplicationState is false"
            }, "\(text)")
    }
}

/// A list whose data source does not adopt ModelAssociation.
@MainActor
final class PlainListController: TableViewController {
    override init() {
        super.init()
        restorationIdentifier = "PlainListController"
    }

    override func viewDidLoad() {
        super.viewDidLoad()
        tableView.restorationIdentifier = "table"
    }

    override func tableView(_ tableView: TableView, numberOfRowsInSection section: Int) -> Int { 50 }
    override func tableView(_ tableView: TableView, cellForRowAt indexPath: ElementIndexPath) -> TableViewCell
    {
        TableViewCell(text: "Row \(indexPath.row)")
    }
}

/// The fruit app, noting the order of launch and restoration events.
@MainActor
final class OrderProbe: ApplicationDelegate {
    let inner: FruitApp
    var events: [String] = []
    init(store: FruitStore) { inner = FruitApp(store: store) }
    func applicationWillFinishLaunching(_ application: Application) {
        events.append("willFinishLaunching")
        inner.applicationWillFinishLaunching(application)
    }
    func applicationDidFinishLaunching(_ application: Application) { events.append("didFinishLaunching") }
    func shouldRestoreApplicationState(_ coder: StateDecoder) -> Bool { true }
    func didDecodeRestorableState(_ coder: StateDecoder) throws { events.append("didDecode") }
    func restorableObject(withRestorationPath path: RestorationPath, coder: StateDecoder) -> (
        any RestorableObject
    )? {
        events.append("restorableObject")
        return inner.restorableObject(withRestorationPath: path, coder: coder)
    }
}

/// A driver that claims to be a real terminal, to test where diagnostics go.
@MainActor
final class InteractiveStub: TerminalDriver {
    var size: Size { Size(width: 10, height: 5) }
    var now: Duration { .zero }
    var isInteractive: Bool { true }
    func start() throws(TerminalError) {}
    func stop() {}
    func draw(_ screen: Screen) {}
    func invalidate() {}
    func waitForEvents(timeout: Duration?) -> [TerminalEvent] { [.endOfInput] }
    func suspend() {}
    func resume() {}
}
