import Foundation
import StateRestoration
import TerminalKit

/// The list: add, open, edit mode with delete (confirmed) and reorder, with the tour's
/// note under the rows.
@MainActor
final class ShoppingListViewController: TableViewController, ModelAssociation {
    private let store: ShoppingStore
    private let note = TourNote.label(TourNote.list)

    init(store: ShoppingStore) {
        self.store = store
        super.init()
        title = "Shopping"
        restorationIdentifier = "ShoppingListViewController"
        // As in Homepwner: Edit at the left of the bar, Add at the right.
        navigationItem.leftBarButtonItem = editButtonItem
        navigationItem.rightBarButtonItem = BarButtonItem(title: "Add", key: .character("a")) { [weak self] in
            self?.addItem()
        }
    }

    override func loadView() {
        tableView.dataSource = self
        tableView.delegate = self
        let root = View()
        root.addSubview(tableView)
        root.addSubview(note)
        view = root
    }

    override func viewDidLoad() {
        super.viewDidLoad()
        tableView.restorationIdentifier = "table"
        tableView.emptyText = "Nothing to buy. Press a to add something."
    }

    override func viewWillAppear(_ animated: Bool) {
        super.viewWillAppear(animated)
        // The item just added or edited is highlighted, as in Homepwner.
        if let id = store.itemToSelect, let index = store.index(of: id) {
            store.itemToSelect = nil
            tableView.selectRow(at: ElementIndexPath(row: index))
        }
    }

    override func viewWillLayoutSubviews() {
        super.viewWillLayoutSubviews()
        let bounds = view.bounds
        // A failed save is said where the tour's note is; otherwise the note.
        if let error = store.lastSaveError {
            note.text = "Could not save the list (it stays in memory): \(error)"
            note.style = note.theme.error
        } else {
            note.text = TourNote.list
            note.style = .dim
        }
        // The note wraps under the rows, leaving at least four rows to the list.
        note.frame.size.width = max(0, bounds.width - 2)
        let noteHeight = min(note.preferredHeight, max(0, bounds.height - 4))
        note.isHidden = noteHeight == 0
        note.frame = Rect(
            x: 1, y: bounds.height - noteHeight, width: max(0, bounds.width - 2), height: noteHeight)
        tableView.frame = bounds.inset(bottom: noteHeight == 0 ? 0 : noteHeight + 1)
    }

    override var keyCommands: [KeyCommand] {
        var commands = [KeyCommand(.character("a"), title: "Add") { [weak self] in self?.addItem() }]
        // Enter opens the highlighted row (the table does it); listed only when there is one.
        if !store.items.isEmpty { commands.append(KeyCommand(.enter, title: "Open") {}) }
        return commands
    }

    private func addItem() {
        let item = ShoppingItem(id: UUID(), name: "", quantity: 1)
        present(ItemViewController.modal(store: store, item: item))
    }

    override func tableView(_ tableView: TableView, numberOfRowsInSection section: Int) -> Int {
        store.items.count
    }

    override func tableView(_ tableView: TableView, cellForRowAt indexPath: ElementIndexPath) -> TableViewCell
    {
        let item = store.items[indexPath.row]
        return TableViewCell(text: item.name, detailText: "× \(item.quantity)")
    }

    override func tableView(_ tableView: TableView, canMoveRowAt indexPath: ElementIndexPath) -> Bool { true }

    override func tableView(
        _ tableView: TableView, commit editingStyle: TableView.EditingStyle,
        forRowAt indexPath: ElementIndexPath
    ) {
        present(DeleteConfirmation(item: store.items[indexPath.row], list: self))
    }

    /// Deletes an item (the confirmation's Delete), by id: its row may have moved.
    func deleteItem(withID id: UUID) {
        guard let index = store.index(of: id) else { return }
        store.remove(at: index)
        tableView.deleteRows(at: [ElementIndexPath(row: index)])
    }

    override func tableView(
        _ tableView: TableView, moveRowAt sourceIndexPath: ElementIndexPath,
        to destinationIndexPath: ElementIndexPath
    ) {
        store.move(from: sourceIndexPath.row, to: destinationIndexPath.row)
    }

    override func tableView(_ tableView: TableView, didSelectRowAt indexPath: ElementIndexPath) {
        let item = store.items[indexPath.row]
        // Beside the list from 120 columns, over it below (the split decides).
        showDetailViewController(ItemViewController(store: store, item: item, isNew: false))
    }

    func modelIdentifier(forElementAt indexPath: ElementIndexPath, in view: AnyObject) -> String? {
        store.items.indices.contains(indexPath.row) ? store.items[indexPath.row].id.uuidString : nil
    }

    func indexPathForElement(withModelIdentifier identifier: String, in view: AnyObject) -> ElementIndexPath?
    {
        UUID(uuidString: identifier).flatMap(store.index(of:)).map { ElementIndexPath(row: $0) }
    }
}
