import Foundation
import GtkKit
import GtkRestoration
import HomepwnerCore
import StateRestoration

/// An item's page (the chapter's `DetailViewController`): its name, serial number and
/// value in entries. Each change is saved to the store as it is typed, so the store, not
/// the screen state, holds the text (rule H17); the screen state holds the cursor, the
/// selection and the focus. Escape or Alt+← goes back.
@MainActor
final class DetailPage: ItemPage, ObjectRestoration {
    static let identifier = "DetailPage"

    let name = Entry()
    let serialNumber = Entry()
    let value = Entry()
    /// Why the value typed is not saved, under the value.
    let valueProblem = Label()
    private let nameState: EntryState

    init(item: Item, context: DesktopContext) {
        nameState = EntryState(name, identifier: "name")
        let form = Box(.vertical, spacing: 6)
        form.setMargins(18)
        super.init(item: item, context: context, content: form, restorationIdentifier: Self.identifier)
        for (title, entry) in [("_Name", name), ("_Serial", serialNumber), ("_Value", value)] {
            let label = Label(mnemonic: title)
            label.labels(entry)
            entry.setAccessibleLabel(title.replacingOccurrences(of: "_", with: ""))
            form.append(label)
            form.append(entry)
        }
        form.append(valueProblem)
        name.text = item.name
        serialNumber.text = item.serialNumber
        value.text = "\(item.valueInDollars)"
        addView(nameState)
        addView(EntryState(serialNumber, identifier: "serialNumber"))
        addView(EntryState(value, identifier: "value"))
        name.onChange { [weak self] in
            guard let self else { return }
            self.save(ItemChanges(name: self.name.text))
            self.stack?.titleDidChange(of: self)
        }
        serialNumber.onChange { [weak self] in self?.save(ItemChanges(serialNumber: self?.serialNumber.text))
        }
        value.onChange { [weak self] in self?.saveValue() }
    }

    override var title: String { name.text.isEmpty ? "Item" : name.text }
    override var restorationClass: (any ObjectRestoration.Type)? { DetailPage.self }
    override var initialFocus: (any FocusTarget)? { nameState }

    override func pageDidAppear() {
        nameState.restoreFocus()
    }

    private func save(_ changes: ItemChanges) {
        do {
            try context.store.update(key: item.key, changes: changes)
        } catch {
            valueProblem.text = "Not saved: \(error)"
        }
    }

    private func saveValue() {
        do {
            let dollars = try DollarValue.parse(value.text)
            valueProblem.text = ""
            save(ItemChanges(valueInDollars: dollars))
        } catch {
            valueProblem.text = "\(error)"
        }
    }

    /// Creates the page again for its item, read from the store; nil (and the list shows)
    /// if the item is gone (rule H9).
    static func restoreObject(withRestorationPath path: RestorationPath, coder: StateDecoder)
        -> (any RestorableObject)?
    {
        DesktopContext.restoringItem(from: coder, key: itemKeyKey).map {
            DetailPage(item: $0.item, context: $0.context)
        }
    }
}
