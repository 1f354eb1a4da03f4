import Foundation
import StateRestoration
import TerminalKit

/// The New Item screen's Done and Cancel (rules H2, H18).
extension DetailViewController {
    // MARK: Done and Cancel

    /// Done: keeps the new item with what was typed, and dismisses.
    func done() {
        // A field changed on both sides is the user's to decide first: Done would keep the
        // item without the text shown in it (H16).
        if hasConflict {
            validateValue()
            return
        }
        if case .failure(let error) = parsedValue {
            show("\(error.description). Fix it before Done, or Esc to cancel the item.", isError: true)
            return
        }
        commitPendingEdits()
        if !state.isGone { context.writer.submit(.confirm(key: item.key)) }
        context.itemToSelect = item.key
        dismiss()
    }

    /// Cancel: asks first when something was typed (Esc is pressed by reflex); otherwise,
    /// or when the user confirms, ``discard()``.
    func cancel() {
        guard !state.isGone else { return dismiss() }
        if hasTypedAnything {
            present(DiscardNewItemAlert(itemKey: item.key, detail: self))
        } else {
            discard()
        }
    }

    /// True when the new item holds anything the user gave it.
    var hasTypedAnything: Bool {
        !nameField.text.isEmpty || !serialNumberField.text.isEmpty
            || !(valueField.text.isEmpty || valueField.text == "0") || !notesView.text.isEmpty
            || item.hasPhoto
    }

    /// Deletes the new item (only if it is still a provisional one, that is, one this
    /// screen created), and dismisses.
    func discard() {
        commitDebounce.cancel()
        if !state.isGone { context.writer.submit(.discardNew(key: item.key)) }
        state.isGone = true
        dismiss()
    }
}
