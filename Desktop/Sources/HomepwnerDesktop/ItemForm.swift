import GtkKit
import GtkRestoration

/// An item's fields, labelled, one under the other: name, serial number and value, and a
/// line under them that says why a value is not saved. The item page and the New Item
/// dialog show it.
@MainActor
final class ItemForm {
    /// The column of labels and entries.
    let box = Box(.vertical, spacing: 6)
    let name = Entry()
    let serialNumber = Entry()
    let value = Entry()
    /// Why what was typed is not saved.
    let problem = Label()

    init() {
        box.setMargins(18)
        for (title, entry) in [("_Name", name), ("_Serial", serialNumber), ("_Value", value)] {
            let label = Label(mnemonic: title)
            label.labels(entry)
            entry.setAccessibleLabel(title.replacingOccurrences(of: "_", with: ""))
            box.append(label)
            box.append(entry)
        }
        box.append(problem)
    }

    /// The entries' states, saved under `name`, `serialNumber` and `value`; with their text
    /// if `restoresText` (no store keeps it yet).
    func states(restoresText: Bool) -> [TextState] {
        [(name, "name"), (serialNumber, "serialNumber"), (value, "value")].map {
            TextState($0.0, identifier: $0.1, restoresText: restoresText)
        }
    }
}
