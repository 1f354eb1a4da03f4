import Foundation
import HomepwnerCore
import StateRestoration
import TerminalKit

/// The item's screen and the store (rules H13, H16, H17): the three-way rule for every value
/// read from the store, conflicts and their choice, and edits kept for this item elsewhere.
extension DetailViewController {
    // MARK: Conflicts (H16)

    /// The text fields and the notes, in the order of the form, with their labels.
    var drafts: [(label: String, view: any DraftEditing)] {
        [("Name", nameField), ("Serial", serialNumberField), ("Value", valueField), ("Notes", notesView)]
    }

    /// True while a field was changed both here and elsewhere.
    var hasConflict: Bool { drafts.contains { $0.view.hasConflict } }

    /// What the screen says while fields conflict: which, what the other value is (a short
    /// one), and the two keys.
    var conflictMessage: String? {
        let conflicting = drafts.filter { $0.view.hasConflict }
        guard !conflicting.isEmpty else { return nil }
        let described = conflicting.map { field in
            let theirs = field.view.draftBase.conflict ?? ""
            if theirs.contains("\n") || theirs.count > 40 { return field.label }
            return "\(field.label) (now \(theirs.isEmpty ? "empty" : StoreWriter.quoted(theirs)))"
        }
        return "Changed elsewhere too: \(described.joined(separator: ", ")). "
            + "^R keeps your text, ^G takes the other."
    }

    /// Ctrl-R or Ctrl-G: ends every conflict one way, and commits what is then an edit.
    func resolveConflicts(keepingMine: Bool) {
        for field in drafts { field.view.resolveConflict(keepingMine: keepingMine) }
        if !isNew { navigationItem.title = Self.title(forName: nameField.text) }
        validateValue()
        publishEdits()
        commitPendingEdits()
        context.stateDidChange(self)
    }

    // MARK: Outside changes

    /// The item whose fields this screen edits.
    var editingItemKey: UUID? { item.key }

    /// Reads the item from the store and applies the three-way rule to every field whose
    /// write is not queued (H16): an untouched field shows the store's value, an edit
    /// stays, a field changed on both sides is a conflict the screen names. An item
    /// deleted outside says so and goes back to the list.
    func storeDidChangeOutside() {
        // Hidden in another tab too (it is still in a stack): an item deleted meanwhile must
        // not wait there (restoration-fuzz: a relaunch had no such screen). Not once popped.
        guard !state.isGone, isVisible || navigationController != nil,
            let change = context.itemAfterOutsideChange(item.key)
        else { return }
        guard case .current(let stored) = change else {
            state.isGone = true
            commitDebounce.cancel()
            context.writer.discardPending(for: item.key)
            let name = nameField.text.isEmpty ? item.name : nameField.text
            context.post("\(StoreWriter.quoted(name)) was deleted outside Homepwner.")
            context.editedItems[item.key] = nil
            // An alert it presents about the item goes first (it asks about nothing now).
            if presentedViewController != nil || navigationController?.presentedViewController != nil {
                dismiss()
            }
            if isNew {
                dismiss()
            } else {
                leave()
            }
            return
        }
        applyStored(stored)
        // The bases in the saved state must follow, or a restore would take them for old.
        context.stateDidChange(self)
    }

    /// The three-way rule for each field against `stored`, skipping fields whose write
    /// waits in the writer's queue (their base is what that write expects).
    func applyStored(_ stored: Item) {
        let queued = context.writer.pendingChanges(for: item.key)
        // The field the cursor is in, if the store's value replaces its text: said below.
        let focused = drafts.first { ($0.view as? View)?.isFirstResponder == true }
        let focusedText = focused?.view.text
        if queued.name == nil { nameField.takeStoredValue(stored.name) }
        if queued.serialNumber == nil { serialNumberField.takeStoredValue(stored.serialNumber) }
        if queued.valueInDollars == nil {
            // The value compares as a number: "012" typed is the 12 stored.
            if case .success(let value) = parsedValue, value == stored.valueInDollars {
                valueField.draftBase = DraftBase(base: String(value))
            } else {
                valueField.takeStoredValue(String(stored.valueInDollars))
            }
        }
        if queued.notes == nil { notesView.takeStoredValue(stored.notes) }
        let photoChanged = stored.hasPhoto != item.hasPhoto
        item = stored
        if photoChanged { loadThumbnail() }
        if !isNew { navigationItem.title = Self.title(forName: nameField.text) }
        validateValue()
        publishEdits()
        // Text never changes under the cursor without a word (H16): the user typed there,
        // it was saved, and another window or program changed it since.
        if let focused, focused.view.text != focusedText, !state.messageIsError {
            show("\(focused.label) was changed elsewhere; it shows the new text.", isError: false)
        }
    }

    /// Takes the user's edits of this item that met a change made elsewhere while no screen
    /// showed it (kept in the journal, H17): their text comes back with the base it was
    /// made from, and the three-way rule shows the conflict here, where the user chooses.
    func adoptUnresolvedEdits() {
        guard let journal = context.journal,
            let entries = try? journal.take(where: {
                $0.owner == PendingEdit.unresolved && $0.key == item.key
            }),
            !entries.isEmpty
        else { return }
        for entry in entries {
            let edits: [(any DraftEditing, String?, String?)] = [
                (nameField, entry.changes.name, entry.base.name),
                (serialNumberField, entry.changes.serialNumber, entry.base.serialNumber),
                (
                    valueField, entry.changes.valueInDollars.map { String($0) },
                    entry.base.valueInDollars.map { String($0) }
                ),
                (notesView, entry.changes.notes, entry.base.notes),
            ]
            for (field, text, base) in edits {
                guard let text, let base else { continue }
                field.replaceText(withStored: text)
                field.draftBase = DraftBase(base: base)
            }
        }
        applyStored(item)
        context.stateDidChange(self)
    }

    /// The stored text of the field labelled `label`.
    static func text(of label: String, in item: Item) -> String {
        switch label {
        case "Name": item.name
        case "Serial": item.serialNumber
        case "Value": String(item.valueInDollars)
        default: item.notes
        }
    }

    // MARK: What is committed

    /// The fields the user changed and can commit: those whose text differs from its base
    /// and that are not in conflict (the value only when it is whole dollars; an invalid
    /// value is not stored).
    var changes: ItemChanges {
        var changes = ItemChanges()
        changes.name = nameField.editedText
        changes.serialNumber = serialNumberField.editedText
        if valueField.editedText != nil, case .success(let value) = parsedValue,
            String(value) != valueField.draftBase.base
        {
            changes.valueInDollars = value
        }
        changes.notes = notesView.editedText
        return changes
    }

    /// The stored values `changes` were made from: what the store must still hold for each
    /// to be written (H16).
    func bases(of changes: ItemChanges) -> ItemChanges {
        ItemChanges(
            name: changes.name == nil ? nil : nameField.draftBase.base,
            serialNumber: changes.serialNumber == nil ? nil : serialNumberField.draftBase.base,
            valueInDollars: changes.valueInDollars == nil
                ? nil : valueField.draftBase.base.flatMap { Int($0) },
            notes: changes.notes == nil ? nil : notesView.draftBase.base)
    }

    /// A write of this item landed: the fields whose text this screen submitted take it as
    /// their base (``inFlight``).
    func storeDidWrite(_ written: ItemChanges, conflicts: ItemChanges) {
        if let name = written.name, name == state.inFlight.name { nameField.markSaved(name) }
        if let serial = written.serialNumber, serial == state.inFlight.serialNumber {
            serialNumberField.markSaved(serial)
        }
        if let value = written.valueInDollars, value == state.inFlight.valueInDollars {
            valueField.markSaved(String(value))
        }
        if let notes = written.notes, notes == state.inFlight.notes { notesView.markSaved(notes) }
        state.inFlight = state.inFlight.removing(written).removing(conflicts)
    }
}
