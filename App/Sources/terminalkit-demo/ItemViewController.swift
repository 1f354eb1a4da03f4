import Foundation
import StateRestoration
import TerminalKit

/// One item: a name and a quantity. Pushed, it saves its edits when it goes back;
/// presented for a new item, Enter adds it and Escape cancels. As in Homepwner, the title
/// follows the name as it is typed, and a quantity that is not from 1 to 9,999 is said
/// under the fields, not dropped: Done refuses it, and the first Esc says the stored
/// quantity stays (a second Esc leaves).
@MainActor
final class ItemViewController: ViewController, TextFieldDelegate {
    private let store: ShoppingStore
    private var item: ShoppingItem
    private let isNew: Bool
    private let nameField = TextField(placeholder: "what to buy")
    private let quantityField = TextField(placeholder: "how many")
    private let messageLabel = Label()
    /// True once Esc was pressed with a bad quantity and the screen said so.
    private var warnedAboutQuantity = false
    /// True while the message under the fields is a problem.
    private var messageIsError = false
    /// The message and the warning as the restored state left them, shown once the fields
    /// are back.
    private var restoredMessage: (text: String, isError: Bool)?

    init(store: ShoppingStore, item: ShoppingItem, isNew: Bool) {
        self.store = store
        self.item = item
        self.isNew = isNew
        super.init()
        restorationIdentifier = "ItemViewController"
        title = isNew ? "New Item" : Self.title(forName: item.name)
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
        for field in [nameField, quantityField] { field.delegate = self }
        messageLabel.wraps = true
        form.addRow("Name", nameField)
        form.addRow("Quantity", quantityField)
        form.addRow(messageLabel)
        form.addRow(TourNote.label(isNew ? TourNote.newItem : TourNote.item))
        view = form
    }

    override func viewDidLoad() {
        super.viewDidLoad()
        // Filled here, before restoration decodes the fields, so half-typed text survives;
        // each field keeps the stored value it started from (TerminalKit's DraftEditing).
        nameField.reset(toStored: item.name)
        quantityField.reset(toStored: String(item.quantity))
        // A quantity of 1 is the default: typing replaces it (3, not 13).
        quantityField.defaultText = "1"
        nameField.becomeFirstResponder()
    }

    override var keyHints: [KeyHint] { [KeyHint(label: "Tab", title: "Next field")] }

    override var keyCommands: [KeyCommand] {
        // Back with a bad quantity: the first Esc stays and says what happens to it.
        guard !isNew, !warnedAboutQuantity, case .failure = parsedQuantity else { return [] }
        return [KeyCommand(.escape) { [weak self] in self?.warnAboutQuantity() }]
    }

    // MARK: Fields

    private var parsedQuantity: Result<Int, Quantity.ParseError> {
        Result { () throws(Quantity.ParseError) in try Quantity.parse(quantityField.text) }
    }

    func textFieldDidChange(_ textField: TextField) {
        if textField === nameField {
            if !isNew { title = Self.title(forName: nameField.text) }
        } else {
            warnedAboutQuantity = false
            validateQuantity()
        }
    }

    func textField(_ textField: TextField, didReject character: Character) {
        show("Quantity takes digits only", isError: true)
    }

    private func validateQuantity() {
        if case .failure(let error) = parsedQuantity {
            show(error.description, isError: true)
        } else {
            show("", isError: false)
        }
    }

    private func warnAboutQuantity() {
        guard case .failure(let error) = parsedQuantity else { return }
        warnedAboutQuantity = true
        show(
            "\(error.description), so \(item.quantity) stays. Fix it, or press Esc again to leave.",
            isError: true)
    }

    private func show(_ message: String, isError: Bool) {
        messageLabel.text = message
        messageIsError = isError
        messageLabel.style = isError ? messageLabel.theme.error : .plain
    }

    /// The fields into the item: the name always, the quantity when it is one.
    private func applyFields() {
        item.name = nameField.text
        if case .success(let quantity) = parsedQuantity { item.quantity = quantity }
    }

    private func done() {
        if case .failure(let error) = parsedQuantity {
            show("\(error.description). Fix it before Done, or Esc to cancel.", isError: true)
            return
        }
        applyFields()
        store.add(item)
        store.itemToSelect = item.id
        dismiss()
    }

    override func viewWillAppear(_ animated: Bool) {
        super.viewWillAppear(animated)
        // The list makes this screen with the item as it was then. Beside the list, Enter on
        // the row of the item open there replaces that screen, which saves its edits only as
        // it goes, after this one was made (found by restoration-fuzz: "Bread" showed after
        // the list said "Bread苹", and Back would have written it over the edit). The store
        // is read again; a field not edited here shows its value.
        guard !isNew, let stored = store.item(id: item.id), stored != item else { return }
        item = stored
        nameField.takeStoredValue(stored.name)
        quantityField.takeStoredValue(String(stored.quantity))
        title = Self.title(forName: nameField.text)
    }

    override func viewWillDisappear(_ animated: Bool) {
        super.viewWillDisappear(animated)
        if !isNew && parent == nil {
            applyFields()
            store.update(item)
            store.itemToSelect = item.id
        }
    }

    private static func title(forName name: String) -> String {
        name.isEmpty ? "(no name)" : name
    }

    // MARK: Restoration

    /// Writes the item's id, the first Esc's warning and the message under the fields
    /// (found by restoration-fuzz: a relaunch lost "Quantity takes digits only", and the
    /// warning, so the next Esc warned again instead of leaving).
    /// - Throws: ``StateCodingError`` from the coder.
    override func encodeRestorableState(with coder: StateEncoder) throws {
        try super.encodeRestorableState(with: coder)
        try coder.encode(item.id, forKey: "itemID")
        if warnedAboutQuantity { try coder.encode(true, forKey: "warnedAboutQuantity") }
        if !messageLabel.text.isEmpty {
            try coder.encode(messageLabel.text, forKey: "message")
            try coder.encode(messageIsError, forKey: "messageIsError")
        }
    }

    /// Reads the warning and the message; they are shown once the fields are back.
    /// - Throws: ``StateCodingError`` for a value of the wrong type.
    override func decodeRestorableState(with coder: StateDecoder) throws {
        try super.decodeRestorableState(with: coder)
        warnedAboutQuantity = try coder.decodeIfPresent(Bool.self, forKey: "warnedAboutQuantity") ?? false
        if let message = try coder.decodeIfPresent(String.self, forKey: "message") {
            let isError = try coder.decodeIfPresent(Bool.self, forKey: "messageIsError") ?? false
            restoredMessage = (message, isError)
        }
    }

    override func applicationFinishedRestoringState() {
        super.applicationFinishedRestoringState()
        // The drafts are back. One that was not edited shows the list's value now (the file
        // may have changed since); an edit stays, to be saved by Back or Done (rule H16's
        // three-way rule; the demo, one process on its own file, keeps the draft on a
        // conflict rather than asking).
        nameField.takeStoredValue(item.name)
        quantityField.takeStoredValue(String(item.quantity))
        if !isNew { title = Self.title(forName: nameField.text) }
        if let message = restoredMessage {
            show(message.text, isError: message.isError)
        } else if case .failure = parsedQuantity {
            // An archive written before the message was recorded.
            validateQuantity()
        }
        restoredMessage = nil
    }
}
