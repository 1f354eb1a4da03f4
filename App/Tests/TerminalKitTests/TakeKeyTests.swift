import RestorationTesting
import StateRestoration
import Testing

@testable import TerminalKit

/// A view of an app: `+` steps a number it saves, through ``View/takeKey(_:)``; whether it
/// says what its keys change (rule P1) is up to the test.
@MainActor
private final class StepperView: View {
    var value = 0
    var says = true

    override var canBecomeFirstResponder: Bool { true }
    override var reportsRestorableStateChanges: Bool { says }

    override func takeKey(_ key: Key) -> Bool {
        guard key == .character("+") else { return false }
        value += 1
        return true
    }

    /// The number is saved (not restored: these tests only save), so a step is a change.
    override func encodeRestorableState(with coder: StateEncoder) throws {
        try super.encodeRestorableState(with: coder)
        try coder.encode(value, forKey: "value")
    }
}

/// ``View/takeKey(_:)``: a view that overrides it, rather than ``View/handleKey(_:)``, and
/// says so, names itself and its controller on each key it takes (rule P1), as
/// TerminalKit's table, text field and text view do.
@Suite("P1: View.takeKey, the extension point of a view that says what its keys change")
@MainActor
struct TakeKeyTests {
    private struct Launch {
        let app: Application
        let terminal: HeadlessTerminal
        let stepper: StepperView
        let storage: InMemoryStorage
    }

    /// A screen whose view is the stepper, launched, focused, its first save made.
    private func launch(says: Bool) throws -> Launch {
        let stepper = StepperView()
        stepper.restorationIdentifier = "stepper"
        stepper.says = says
        let root = ViewController()
        root.restorationIdentifier = "root"
        root.view = stepper
        let storage = InMemoryStorage()
        let terminal = HeadlessTerminal(size: Size(width: 40, height: 8))
        // Continuous saves 100 ms after the last change, on the run loop's clock.
        let app = Application(
            delegate: RestoringDelegate(root: root), driver: terminal,
            configuration: .checked(
                appName: "t", appVersion: "1", continuousPreservationDelay: .milliseconds(100)),
            storage: storage)
        try app.launch()
        app.processEvents()
        #expect(stepper.becomeFirstResponder())
        app.engine.stateDidChange()
        let launch = Launch(app: app, terminal: terminal, stepper: stepper, storage: storage)
        _ = try save(launch)
        return launch
    }

    /// Types `text`, lets the continuous save run and land; returns what it encoded, or nil
    /// if nothing was saved.
    private func type(_ text: String, _ launch: Launch) throws -> (encoded: Set<String>, saved: Int)? {
        launch.terminal.send(bytes: Array(text.utf8))
        launch.app.processEvents()
        return try save(launch)
    }

    /// Lets a continuous save run and land: what it encoded and how many records it saved,
    /// or nil if nothing was written.
    private func save(_ launch: Launch) throws -> (encoded: Set<String>, saved: Int)? {
        let writes = launch.storage.writeCount
        launch.terminal.advanceTime(by: .seconds(5))
        launch.app.processEvents()
        launch.app.engine.waitForPendingWrites()
        guard launch.storage.writeCount > writes else { return nil }
        let report = try #require(launch.app.engine.lastPreservationReport)
        return (Set(report.encodedPaths.map(\.description)), report.savedPaths.count)
    }

    @Test("P1: a key the view takes, and says, encodes the view and its controller again, nothing else")
    func saysWhatChanged() throws {
        let launch = try launch(says: true)
        let save = try #require(try type("+", launch))
        #expect(launch.stepper.value == 1)
        #expect(save.encoded == ["root/stepper", "root"])
    }

    @Test("P1: a view that takes keys but does not say what they change gets a full save")
    func silentViewSavesEverything() throws {
        let launch = try launch(says: false)
        let save = try #require(try type("+", launch))
        #expect(launch.stepper.value == 1)
        #expect(save.encoded.count == save.saved)
        #expect(save.encoded.contains("root/stepper"))
    }

    @Test("P1: a key the view does not take changes nothing and saves nothing")
    func keyNotTaken() throws {
        let launch = try launch(says: true)
        #expect(try type("-", launch) == nil)
        #expect(launch.stepper.value == 0)
    }
}
