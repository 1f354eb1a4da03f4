import Foundation
import RestorationTesting
import StateRestoration
import TestSupport
import Testing

@testable import TerminalKit

/// A TerminalKit screen with declared state (rule R25) and a typed reference (R29).
@MainActor
final class NoteViewController: ViewController {
    @Restorable("draft") var draft = ""
    let field = TextField(placeholder: "note")
    /// What reading `field` as a table view gave: the named error of R29.
    var typedReferenceError: StateCodingError?

    override init() {
        super.init()
        restorationIdentifier = "Note"
        field.restorationIdentifier = "field"
    }

    override func loadView() {
        super.loadView()
        view.addSubview(field)
    }

    override func encodeRestorableState(with coder: StateEncoder) throws {
        try super.encodeRestorableState(with: coder)
        try coder.encodeObject(field, forKey: "noteField")
    }

    override func decodeRestorableState(with coder: StateDecoder) throws {
        try super.decodeRestorableState(with: coder)
        typedReferenceError = errorThrown { () throws(StateCodingError) in
            _ = try coder.decodeObject(of: TableView.self, forKey: "noteField")
        }
    }
}

/// An app whose one screen is a ``NoteViewController``, built before the restore (R13c).
@MainActor
final class NoteApp: RestoringDelegate {
    let note: NoteViewController

    init() {
        let note = NoteViewController()
        self.note = note
        super.init(root: note)
    }
}

/// The fruit list, but its rows arrive after the restore, as from a load (rule R27).
@MainActor
final class LateFruitApp: ApplicationDelegate {
    let store = FruitStore(fruits: [])
    let storage: InMemoryStorage
    /// What the launch looked like once restored, before the rows came.
    var extendedAtDidFinish: Bool?
    var markerAtDidFinish: [UInt8]?

    init(storage: InMemoryStorage) {
        self.storage = storage
    }

    func applicationWillFinishLaunching(_ application: Application) {
        let navigation = NavigationController(rootViewController: FruitListViewController(store: store))
        navigation.restorationIdentifier = "NavigationController"
        application.window.rootViewController = navigation
    }

    func applicationDidFinishLaunching(_ application: Application) {
        extendedAtDidFinish = application.engine.isRestorationExtended
        markerAtDidFinish = storage[.restoringMarker]
        // The load finishes: the rows are there for the first frame.
        store.fruits = FruitStore.sample(count: 30)
    }

    func shouldSaveApplicationState(_ coder: StateEncoder) -> Bool { true }
    func shouldRestoreApplicationState(_ coder: StateDecoder) -> Bool { true }
}

/// A TerminalKit screen's declared state (R25) saved without a key pressed (R26), a restore
/// kept open for a table's rows (R27), and a typed reference read as another type (R29).
@Suite("R25–R29 in TerminalKit")
@MainActor
struct DeclaredStateTests {
    func launch(_ delegate: any ApplicationDelegate, storage: InMemoryStorage, scheduler: ManualScheduler)
        -> (Application, HeadlessTerminal)
    {
        let terminal = HeadlessTerminal(size: Size(width: 40, height: 12))
        let application = Application(
            delegate: delegate, driver: terminal,
            configuration: RestorationConfiguration(
                appName: "notes", appVersion: "1.0", continuousPreservationDelay: .milliseconds(300),
                debugOutput: .off),
            storage: storage, scheduler: scheduler)
        do {
            try application.launch()
        } catch {
            Issue.record("launch failed: \(error)")
        }
        return (application, terminal)
    }

    @Test("R25, R26: a screen's declared draft is saved with no key pressed, and comes back")
    func declaredDraft() throws {
        let storage = InMemoryStorage()
        let scheduler = ManualScheduler()
        let first = NoteApp()
        let (application, _) = launch(first, storage: storage, scheduler: scheduler)
        let before = storage.writeCount
        first.note.draft = "set by a timer"
        scheduler.advance(by: .seconds(1))
        application.engine.waitForPendingWrites()
        #expect(storage.writeCount == before + 1)

        let second = NoteApp()
        _ = launch(second, storage: storage, scheduler: ManualScheduler())
        #expect(second.note.draft == "set by a timer")
    }

    @Test("R29: a reference read as another type is a named error in a TerminalKit screen")
    func typedReference() throws {
        let storage = InMemoryStorage()
        let first = NoteApp()
        let (application, _) = launch(first, storage: storage, scheduler: ManualScheduler())
        application.preserveState()
        let second = NoteApp()
        _ = launch(second, storage: storage, scheduler: ManualScheduler())
        #expect(
            second.note.typedReferenceError?.description
                == "'Note': key 'noteField': expected Reference to TableView, found Reference to TextField at 'Note/field'"
        )
    }

    @Test("R27: a table's position waiting for its rows keeps the restore open until they come")
    func tableWaitsForRows() throws {
        let storage = InMemoryStorage()
        let store = FruitStore(fruits: FruitStore.sample(count: 30))
        let first = FruitLaunch(store: store, storage: storage)
        first.press(.pageDown)
        first.press(.down, times: 3)
        let selected = first.list?.tableView.indexPathForSelectedRow
        #expect(selected != nil)
        first.press(.ctrl("z"))
        first.application.engine.waitForPendingWrites()

        let late = LateFruitApp(storage: storage)
        let (application, _) = launch(late, storage: storage, scheduler: ManualScheduler())
        // Restored, but the rows had not come: the restore was extended, the marker kept.
        #expect(late.extendedAtDidFinish == true)
        #expect(
            late.markerAtDidFinish.map { String(decoding: $0, as: UTF8.self) }?.contains("phase deferred")
                == true)
        // The first frame had the rows: the position applied, the restore complete.
        let list = (application.window.rootViewController as? NavigationController)?.viewControllers.first
        #expect((list as? FruitListViewController)?.tableView.indexPathForSelectedRow == selected)
        #expect(!application.engine.isRestorationExtended)
        #expect(storage[.restoringMarker] == nil)
    }
}
