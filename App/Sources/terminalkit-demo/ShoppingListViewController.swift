import Foundation
import StateRestoration
import TerminalKit

/// The list: add, open, edit mode with delete (confirmed) and reorder.
@MainActor
final class ShoppingListViewController: TableViewController, ModelAssociation {
    private let store: ShoppingStore

    init(store: ShoppingStore) {
        self.store = store
        super.init()
        title = "Shopping"
        restorationIdentifier = "ShoppingListViewController"
        navigationItem.rightBarButtonItem = editButtonItem
    }

    override func viewDidLoad() {
        super.viewDidLoad()
        tableView.restorationIdentifier = "table"
        tableView.emptyText = "Nothing to buy. Press a to add something."
    }

    override var keyCommands: [KeyCommand] {
        [
            KeyCommand(.character("a"), title: "Add") { [weak self] in self?.addItem() },
            KeyCommand(.enter, title: "Open") {},
        ]
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
        let item = store.items[indexPath.row]
        let alert = AlertController(title: "Delete “\(item.name)”?", message: nil)
        alert.addAction(.init(title: "Cancel", style: .cancel, key: .character("n")))
        alert.addAction(
            .init(title: "Delete", style: .destructive, key: .character("y")) { [weak self] in
                guard let self, let index = self.store.index(of: item.id) else { return }
                self.store.remove(at: index)
                self.tableView.deleteRows(at: [ElementIndexPath(row: index)])
            })
        present(alert)
    }

    override func tableView(
        _ tableView: TableView, moveRowAt sourceIndexPath: ElementIndexPath,
        to destinationIndexPath: ElementIndexPath
    ) {
        store.move(from: sourceIndexPath.row, to: destinationIndexPath.row)
    }

    override func tableView(_ tableView: TableView, didSelectRowAt indexPath: ElementIndexPath) {
        let item = store.items[indexPath.row]
        navigationController?.pushViewController(ItemViewController(store: store, item: item, isNew: false))
    }

    func modelIdentifier(forElementAt indexPath: ElementIndexPath, in view: AnyObject) -> String? {
        store.items.indices.contains(indexPath.row) ? store.items[indexPath.row].id.uuidString : nil
    }

    func indexPathForElement(withModelIdentifier identifier: String, in view: AnyObject) -> ElementIndexPath?
    {
        UUID(uuidString: identifier).flatMap(store.index(of:)).map { ElementIndexPath(row: $0) }
    }
}
