import CGtk

/// A `GtkColumnView` over a list of string keys (a `GtkStringList` in a
/// `GtkSingleSelection`): each column shows text that the app looks up by key, so no
/// GObject type is defined in Swift.
@MainActor
public final class ColumnView: Widget {
    private let list: Object
    private let selectionModel: Object
    /// The row each cell's label shows now: GTK recycles labels as rows scroll, and frees
    /// them (after `teardown`, which removes them here).
    private var rowOfLabel: [UnsafeMutableRawPointer: Int] = [:]

    /// Creates an empty column view.
    public init() {
        let list = Object(owning: gtk_string_list_new(nil))
        let selection = Object(owning: gtk_single_selection_new(list.opaque))
        // The selection model took its own reference to the list.
        gtk_single_selection_set_autoselect(selection.opaque, 0)
        gtk_single_selection_set_can_unselect(selection.opaque, 1)
        self.list = list
        self.selectionModel = selection
        super.init(owning: gtk_column_view_new(selection.opaque))
        gtk_single_selection_set_selected(selection.opaque, GTK_INVALID_LIST_POSITION)
    }

    /// Adds a column titled `title` whose cells show `text(key)`.
    /// - Parameter expands: Whether the column takes the width left over.
    public func appendColumn(
        title: String, expands: Bool = false, text: @escaping @MainActor (String) -> String
    ) {
        let factory = makeLabelFactory(
            text: text, bound: { [weak self] label, row in self?.rowOfLabel[label] = row },
            unbound: { [weak self] label in self?.rowOfLabel[label] = nil })
        let column = gtk_column_view_column_new(title, factory.opaque)
        gtk_column_view_column_set_expand(column, expands ? 1 : 0)
        gtk_column_view_append_column(opaque, column)
        g_object_unref(rawAddress(column))  // The view holds the column.
    }

    /// The rows' keys, top first.
    public var rows: [String] {
        (0..<Int(g_list_model_get_n_items(listModel))).map { row in
            String(cString: gtk_string_list_get_string(list.opaque, guint(row)))
        }
    }

    /// Replaces the rows; the selection is kept on the same key if it is still there.
    public func setRows(_ keys: [String]) {
        let selected = selectedKey
        withCStringArray(keys) {
            gtk_string_list_splice(list.opaque, 0, g_list_model_get_n_items(listModel), $0)
        }
        selectedKey = selected
    }

    /// Shows the row of `key` again (its text changed), keeping the selection.
    public func reloadRow(_ key: String) {
        guard let row = rows.firstIndex(of: key) else { return }
        let selected = selectedKey
        withCStringArray([key]) { gtk_string_list_splice(list.opaque, guint(row), 1, $0) }
        if selectedKey != selected { selectedKey = selected }
    }

    /// The selected row, or nil.
    public var selectedRow: Int? {
        get {
            let row = gtk_single_selection_get_selected(selectionModel.opaque)
            return row == GTK_INVALID_LIST_POSITION ? nil : Int(row)
        }
        set {
            let row = newValue.flatMap { $0 >= 0 && $0 < rows.count ? guint($0) : nil }
            gtk_single_selection_set_selected(selectionModel.opaque, row ?? GTK_INVALID_LIST_POSITION)
        }
    }

    /// The key of the selected row, or nil; setting a key that no row has clears it.
    public var selectedKey: String? {
        get { selectedRow.map { rows[$0] } }
        set { selectedRow = newValue.flatMap { rows.firstIndex(of: $0) } }
    }

    /// Gives the keyboard focus to `row`, whose cells must be on screen; false if they
    /// are not (yet).
    @discardableResult
    public func focusRow(_ row: Int) -> Bool {
        guard let label = rowOfLabel.first(where: { $0.value == row && isShown($0.key) })?.key else {
            return false
        }
        return GtkKit.focusRow(containing: label)
    }

    /// Runs `action` when the selection changes.
    public func onSelectionChange(_ action: @escaping @MainActor () -> Void) {
        selectionModel.connectNotify("selected", action)
    }

    /// Runs `action` with the row Enter (or a double click) activates.
    public func onActivate(_ action: @escaping @MainActor (Int) -> Void) {
        connectPosition("activate") { action(Int($0)) }
    }

    private var listModel: OpaquePointer { list.opaque }
}
