import Foundation
import GtkKit
import GtkRestoration
import HomepwnerCore
import StateRestoration

/// "New Item": the modal dialog Add opens over the list. Its fields are a draft that no
/// store holds until Add (Enter in a field) creates the item; Cancel (Escape) creates
/// nothing. The draft is saved with the window, so the dialog comes back with its text,
/// cursor and focus after a `kill -9` (rule G2).
@MainActor
final class NewItemPage: Page, ObjectRestoration {
    static let identifier = "NewItemPage"

    let context: DesktopContext
    let form: ItemForm
    let cancel = Button(label: "_Cancel")
    let add = Button(label: "_Add")
    private let nameState: TextState

    init(context: DesktopContext) {
        self.context = context
        let form = ItemForm()
        self.form = form
        let states = form.states(restoresText: true)
        nameState = states[0]
        let box = Box(.vertical, spacing: 12)
        super.init(content: box, restorationIdentifier: Self.identifier)
        box.append(form.box)
        let buttons = Box(.horizontal, spacing: 12)
        buttons.setMargins(18)
        buttons.append(cancel)
        buttons.append(add)
        box.append(buttons)
        for state in states { addView(state) }
        for entry in [form.name, form.serialNumber, form.value] {
            entry.onActivate { [weak self] in self?.addItem() }
        }
        add.onClick { [weak self] in self?.addItem() }
        closesDialog(with: cancel)
    }

    override var title: String { "New Item" }
    override var restorationClass: (any ObjectRestoration.Type)? { NewItemPage.self }
    override var initialFocus: (any FocusTarget)? { nameState }

    override func pageDidAppear() {
        nameState.restoreFocus()
    }

    /// Creates the item from the fields, unless the value is not a number, then shows it
    /// selected on the list.
    private func addItem() {
        let valueText = form.value.text.trimmingCharacters(in: .whitespaces)
        let dollars: Int
        do {
            dollars = valueText.isEmpty ? 0 : try DollarValue.parse(valueText)
        } catch {
            form.problem.text = "\(error)"
            return
        }
        do {
            let item = try context.store.createItem(
                name: form.name.text, serialNumber: form.serialNumber.text, valueInDollars: dollars)
            (presentingPage as? ItemsPage)?.didAdd(item)
        } catch {
            form.problem.text = "Not saved: \(error)"
        }
    }

    static func restoreObject(withRestorationPath path: RestorationPath, coder: StateDecoder)
        -> (any RestorableObject)?
    {
        DesktopContext.restoring(from: coder).map { NewItemPage(context: $0) }
    }
}
