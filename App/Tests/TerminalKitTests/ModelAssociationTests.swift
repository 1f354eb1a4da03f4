import RestorationTesting
import StateRestoration
import Testing

@testable import TerminalKit

/// The engine's model-association contract (``ModelAssociation``, rule R16) as TerminalKit's
/// real ``TableView`` keeps it: positions go into the archive as the data source's model
/// identifiers, and come back through the data source wherever the rows are now.
@Suite("R16: model association through TerminalKit's TableView")
@MainActor
struct ModelAssociationTests {
    /// Launches a keyed list on `storage`, restoring what is there.
    private func launch(_ controller: KeyedListController, storage: InMemoryStorage) -> (
        Application, HeadlessTerminal
    ) {
        launchHeadless(
            RestoringDelegate(root: controller), size: Size(width: 30, height: 8), storage: storage,
            scheduler: ManualScheduler())
    }

    /// Scrolls and moves the highlight, backgrounds the app, and returns the table's saved
    /// record, the selected key and the first visible key.
    private func saveScrolledList(_ storage: InMemoryStorage) throws -> (
        record: ArchiveRecord, controller: KeyedListController, selected: String, selectedRow: Int,
        firstVisible: String, firstVisibleRow: Int
    ) {
        let controller = KeyedListController(keys: (0..<50).map { "K\($0)" })
        let (app, terminal) = launch(controller, storage: storage)
        terminal.press(.pageDown, times: 2)
        terminal.press(.up)
        app.processEvents()
        let table = controller.tableView
        let selected = try #require(table.indexPathForSelectedRow)
        let first = try #require(table.firstVisibleIndexPath)
        #expect(first.row > 0 && selected.row > first.row)
        terminal.press(.ctrl("z"))
        app.processEvents()
        let archive = try Archive(bytes: try #require(storage[.archive]))
        let record = try #require(archive.records.first { $0.path.description.hasSuffix("/table") })
        return (
            record, controller, controller.keys[selected.row], selected.row, controller.keys[first.row],
            first.row
        )
    }

    @Test("R16: the table saves its selection and first visible row as model identifiers, not positions")
    func savesModelIdentifiers() throws {
        let saved = try saveScrolledList(InMemoryStorage())
        #expect(
            saved.record.entries == [
                ArchiveEntry(key: "selection", value: .string(saved.selected)),
                ArchiveEntry(key: "selectionAt", value: .array([.int(0), .int(Int64(saved.selectedRow))])),
                ArchiveEntry(key: "firstVisible", value: .string(saved.firstVisible)),
                ArchiveEntry(
                    key: "firstVisibleAt", value: .array([.int(0), .int(Int64(saved.firstVisibleRow))])),
            ])
        // The data source was asked about this table view, nothing else.
        #expect(!saved.controller.askedViews.isEmpty)
        #expect(saved.controller.askedViews.allSatisfy { $0 == ObjectIdentifier(saved.controller.tableView) })
    }

    @Test("R16: after rows were deleted and moved, the table comes back on the same items")
    func restoresByModelIdentifier() throws {
        let storage = InMemoryStorage()
        let saved = try saveScrolledList(storage)
        // Between the launches: the first three items deleted, the last five moved to the top,
        // so both items are two rows further down.
        let keys = (45..<50).map { "K\($0)" } + (3..<45).map { "K\($0)" }
        let controller = KeyedListController(keys: keys)
        let (_, terminal) = launch(controller, storage: storage)
        let table = controller.tableView
        #expect(controller.lookedUp.contains(saved.selected))
        // Each identifier came with the row it was saved at, a hint the data source checks:
        // here the rows moved, and the answer is where the items are now.
        #expect(controller.hints[saved.selected] == ElementIndexPath(row: saved.selectedRow))
        #expect(controller.hints[saved.firstVisible] == ElementIndexPath(row: saved.firstVisibleRow))
        #expect(table.indexPathForSelectedRow?.row == saved.selectedRow + 2)
        #expect(table.indexPathForSelectedRow.map { keys[$0.row] } == saved.selected)
        #expect(table.firstVisibleIndexPath.map { keys[$0.row] } == saved.firstVisible)
        #expect(terminal.highlightedLines(from: 0) == [" Item \(saved.selected)"])
    }

    @Test("R16: an item deleted between the launches is not selected by its old position")
    func deletedItemIsNotSelected() throws {
        let storage = InMemoryStorage()
        let saved = try saveScrolledList(storage)
        let keys = (0..<50).map { "K\($0)" }.filter { $0 != saved.selected }
        let controller = KeyedListController(keys: keys)
        let (_, terminal) = launch(controller, storage: storage)
        #expect(controller.lookedUp.contains(saved.selected))
        #expect(!terminal.highlightedLines(from: 0).contains(" Item \(saved.selected)"))
        // The row now at the selection's old position (the item after it) is not taken for it.
        #expect(controller.tableView.indexPathForSelectedRow != nil)
        #expect(controller.tableView.indexPathForSelectedRow?.row != saved.selectedRow)
        #expect(controller.tableView.firstVisibleIndexPath.map { keys[$0.row] } == saved.firstVisible)
    }

    @Test(
        "R16, P2: a data source that adopts ModelAssociation is its table's model association, found by a cast unless it says so itself"
    )
    func dataSourceAsModelAssociation() {
        let keyed = KeyedListController(keys: ["K0"])
        #expect(keyed.modelAssociation === keyed)
        #expect(TableViewController().modelAssociation == nil)
        let plain = PlainKeyedSource()
        #expect((plain as any TableViewDataSource).modelAssociation === plain)
        #expect((TableViewController() as any TableViewDataSource).modelAssociation == nil)
    }
}

/// A data source that is not a table view controller and adopts ``ModelAssociation``.
@MainActor
private final class PlainKeyedSource: TableViewDataSource, ModelAssociation {
    func tableView(_ tableView: TableView, numberOfRowsInSection section: Int) -> Int { 0 }
    func tableView(_ tableView: TableView, cellForRowAt indexPath: ElementIndexPath) -> TableViewCell {
        TableViewCell(text: "")
    }
    func modelIdentifier(forElementAt indexPath: ElementIndexPath, in view: AnyObject) -> String? { nil }
    func indexPathForElement(withModelIdentifier identifier: String, in view: AnyObject) -> ElementIndexPath?
    {
        nil
    }
}

/// A list of items named by key, whose data source maps rows to keys (``ModelAssociation``)
/// and records what the table asked.
@MainActor
final class KeyedListController: TableViewController, ModelAssociation {
    let keys: [String]
    /// The views passed to the association's methods.
    var askedViews: [ObjectIdentifier] = []
    /// The identifiers the table looked up.
    var lookedUp: [String] = []

    init(keys: [String]) {
        self.keys = keys
        super.init()
        restorationIdentifier = "KeyedListController"
    }

    override func viewDidLoad() {
        super.viewDidLoad()
        tableView.restorationIdentifier = "table"
    }

    override func tableView(_ tableView: TableView, numberOfRowsInSection section: Int) -> Int { keys.count }
    override func tableView(_ tableView: TableView, cellForRowAt indexPath: ElementIndexPath) -> TableViewCell
    {
        TableViewCell(text: "Item \(keys[indexPath.row])")
    }

    func modelIdentifier(forElementAt indexPath: ElementIndexPath, in view: AnyObject) -> String? {
        askedViews.append(ObjectIdentifier(view))
        return keys.indices.contains(indexPath.row) ? keys[indexPath.row] : nil
    }

    func indexPathForElement(withModelIdentifier identifier: String, in view: AnyObject) -> ElementIndexPath?
    {
        askedViews.append(ObjectIdentifier(view))
        lookedUp.append(identifier)
        return keys.firstIndex(of: identifier).map { ElementIndexPath(row: $0) }
    }

    /// The saved positions the table passed with the identifiers it looked up.
    var hints: [String: ElementIndexPath] = [:]

    func indexPathForElement(
        withModelIdentifier identifier: String, savedAt indexPath: ElementIndexPath, in view: AnyObject
    ) -> ElementIndexPath? {
        hints[identifier] = indexPath
        return indexPathForElement(withModelIdentifier: identifier, in: view)
    }
}
