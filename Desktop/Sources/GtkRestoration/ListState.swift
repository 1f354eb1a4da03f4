import GtkKit
import StateRestoration

/// The restorable state of a ``GtkKit/ColumnView``: the selected row, by its key, so that
/// rows added or removed elsewhere in the meantime do not move it to another item
/// (rule G2).
@MainActor
public final class ListState: Restorable, RestorableView, FocusTarget {
    /// The list.
    public let list: ColumnView

    /// Creates the state of `list`, saved under `identifier`.
    public init(_ list: ColumnView, identifier: String) {
        self.list = list
        super.init(restorationIdentifier: identifier)
        list.onSelectionChange { [weak self] in self?.invalidateRestorableState() }
    }

    public override func encodeRestorableState(with coder: StateEncoder) throws {
        try coder.encode(list.selectedKey ?? "", forKey: "selectedKey")
    }

    /// Selects the saved key's row, if a row still has it; a key gone since selects nothing.
    public override func decodeRestorableState(with coder: StateDecoder) throws {
        let key = try coder.decodeIfPresent(String.self, forKey: "selectedKey") ?? ""
        list.selectedKey = key.isEmpty ? nil : key
    }

    public var focusWidget: Widget { list }

    /// Focuses the selected row (keyboard navigation goes on from there), else the list.
    public func restoreFocus() {
        if let row = list.selectedRow, list.focusRow(row) { return }
        list.grabFocus()
    }
}
