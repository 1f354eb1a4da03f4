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

    /// Where the list is scrolled: its first row on screen, and how many pixels of it are
    /// above the top (scrolled past).
    public struct ScrollPosition: Hashable, Sendable {
        /// The first row whose bottom is below the top of the rows' viewport.
        public var row: Int
        /// Pixels of that row above the top, from 0 to its height.
        public var offset: Double

        /// Creates a position.
        public init(row: Int, offset: Double) {
            (self.row, self.offset) = (row, offset)
        }
    }

    /// The rows on screen, laid out, with their frames (``rowFrame(containing:in:)``).
    private var rowFrames: [(row: Int, top: Double, height: Double)] {
        rowOfLabel.filter { isShown($0.key) }.compactMap { label, row in
            rowFrame(containing: label, in: pointer()).flatMap {
                $0.height > 0 ? (row, $0.top, $0.height) : nil
            }
        }
    }

    /// Where the list is scrolled now; nil while it shows no rows.
    public var scrollPosition: ScrollPosition? {
        rowFrames.filter { $0.top + $0.height > 0.5 }.min { $0.row < $1.row }.map {
            ScrollPosition(row: $0.row, offset: -$0.top)
        }
    }

    /// Scrolls one step toward `position`: to it, if its row is on screen; else near it,
    /// by the height of the rows on screen (GTK sizes only the rows it shows). A step waits
    /// for GTK to lay the rows out after the one before: call it again on a later turn of
    /// the main loop.
    /// - Returns: Whether it is there (or as near as the list scrolls: its end), moved, or
    ///   waits for the rows' layout (or for rows at all).
    public func scrollStep(toward position: ScrollPosition) -> ScrollStep {
        guard let adjustment = gtk_scrollable_get_vadjustment(opaque) else { return .waiting }
        let frames = rowFrames
        guard let reference = frames.min(by: { $0.row < $1.row }) else { return .waiting }
        let value = gtk_adjustment_get_value(adjustment)
        let layout = StepLayout(value: value, row: reference.row, top: reference.top)
        // Not laid out since the last step: its frames are the old scroll's.
        if layout == lastStep { return .waiting }
        let target: Double
        if let frame = frames.first(where: { $0.row == position.row }) {
            let distance = frame.top + position.offset
            if abs(distance) < 0.5 { return .there }
            target = value + distance
        } else {
            let average = frames.map(\.height).reduce(0, +) / Double(frames.count)
            target = value + reference.top + Double(position.row - reference.row) * average + position.offset
        }
        gtk_adjustment_set_value(adjustment, target)
        let moved = gtk_adjustment_get_value(adjustment)
        // Clamped at an end of the list, which is on screen: as near as it goes.
        if moved == value {
            return frames.contains { $0.row == 0 || $0.row == rows.count - 1 } ? .there : .waiting
        }
        lastStep = StepLayout(value: moved, row: reference.row, top: reference.top)
        return .moved
    }

    /// What a step of ``scrollStep(toward:)`` did.
    public enum ScrollStep: Sendable {
        /// The list is where it was asked to be, or as near as it goes.
        case there
        /// It scrolled; the next step comes once GTK has laid the rows out again.
        case moved
        /// Nothing yet: GTK has not laid the rows out (since the last step, or at all).
        case waiting
    }

    /// What a scroll step saw: the scroll it left, and the first row's frame then.
    private struct StepLayout: Equatable {
        var value: Double
        var row: Int
        var top: Double
    }
    private var lastStep: StepLayout?

    /// Runs `action` when the list scrolls.
    public func onScroll(_ action: @escaping @MainActor () -> Void) {
        scrollActions.append(action)
        watchAdjustment()
    }

    private var scrollActions: [@MainActor () -> Void] = []
    /// The adjustment whose `value-changed` is watched: a scrolled window gives the list
    /// its own, so the one in place is watched again when it changes.
    private var watchedAdjustment: Object?
    private var watchesAdjustmentChanges = false

    private func watchAdjustment() {
        if !watchesAdjustmentChanges {
            watchesAdjustmentChanges = true
            connectNotify("vadjustment") { [weak self] in self?.watchAdjustment() }
        }
        guard let adjustment = gtk_scrollable_get_vadjustment(opaque) else { return }
        if let watched = watchedAdjustment, watched.isObject(at: rawAddress(adjustment)) { return }
        let object = Object(owning: rawAddress(adjustment))
        object.connect("value-changed") { [weak self] in
            for action in self?.scrollActions ?? [] { action() }
        }
        watchedAdjustment = object
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
