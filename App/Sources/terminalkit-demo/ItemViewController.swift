import Foundation
import StateRestoration
import TerminalKit

/// One item: a name and a quantity. Pushed, it saves its edits when it goes back;
/// presented for a new item, Enter adds it and Escape cancels.
@MainActor
final class ItemViewController: ViewController {
    private let store: ShoppingStore
    private var item: ShoppingItem
    private let isNew: Bool
    private let nameField = TextField(placeholder: "what to buy")
    private let quantityField = TextField(placeholder: "1")

    init(store: ShoppingStore, item: ShoppingItem, isNew: Bool) {
        self.store = store
        self.item = item
        self.isNew = isNew
        super.init()
        restorationIdentifier = "ItemViewController"
        title = isNew ? "New Item" : item.name
        if isNew {
            navigationItem.leftBarButtonItem = BarButtonItem(title: "Cancel", key: .escape) { [weak self] in
                self?.dismiss()
            }
            navigationItem.rightBarButtonItem = BarButtonItem(title: "Done", key: .enter) { [weak self] in
                self?.done()
            }
        }
    }

    /// A new item's screen, in a navigation controller to present.
    static func modal(store: ShoppingStore, item: ShoppingItem) -> NavigationController {
        let navigation = NavigationController(
            rootViewController: ItemViewController(store: store, item: item, isNew: true))
        navigation.restorationIdentifier = "ModalNavigationController"
        return navigation
    }

    override func loadView() {
        let form = FormView()
        nameField.restorationIdentifier = "name"
        quantityField.restorationIdentifier = "quantity"
        quantityField.isNumeric = true
        form.addRow("Name", nameField)
        form.addRow("Quantity", quantityField)
        view = form
    }

    override func viewDidLoad() {
        super.viewDidLoad()
        // Filled here, before restoration decodes the fields, so half-typed text survives.
        nameField.text = item.name
        quantityField.text = String(item.quantity)
        // A quantity of 1 is the default: typing replaces it (3, not 13).
        quantityField.defaultText = "1"
        nameField.becomeFirstResponder()
    }

    private func applyFields() {
        item.name = nameField.text
        item.quantity = Int(quantityField.text) ?? item.quantity
    }

    private func done() {
        applyFields()
        store.add(item)
        dismiss()
    }

    override func viewWillDisappear(_ animated: Bool) {
        super.viewWillDisappear(animated)
        if !isNew && parent == nil {
            applyFields()
            store.update(item)
        }
    }

    override func encodeRestorableState(with coder: StateEncoder) throws {
        try super.encodeRestorableState(with: coder)
        try coder.encode(item.id, forKey: "itemID")
    }
}
