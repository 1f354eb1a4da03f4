import CGtk

/// A `GtkEntry`: one line of text, with a cursor and a selection.
///
/// Positions count characters (Unicode scalars, as GTK's do), from 0 to
/// ``characterCount``.
@MainActor
public final class Entry: Widget, EditableText {
    /// Creates an empty entry.
    public init() {
        super.init(owning: gtk_entry_new())
    }

    /// The text.
    public var text: String {
        get { String(cString: gtk_editable_get_text(opaque)) }
        set { gtk_editable_set_text(opaque, newValue) }
    }

    /// Where the cursor is.
    public var cursorPosition: Int {
        get { Int(gtk_editable_get_position(opaque)) }
        set { gtk_editable_set_position(opaque, Int32(clamping: newValue)) }
    }

    /// The selected characters, or nil when nothing is selected. Its bounds are ordered;
    /// the cursor (``cursorPosition``) is at one end.
    public var selection: Range<Int>? {
        var start: Int32 = 0
        var end: Int32 = 0
        guard gtk_editable_get_selection_bounds(opaque, &start, &end) != 0 else { return nil }
        return Int(min(start, end))..<Int(max(start, end))
    }

    /// Selects from `anchor` to `cursor` (either order), the cursor left at `cursor`, as
    /// Shift and the arrows would.
    public func select(from anchor: Int, to cursor: Int) {
        gtk_editable_select_region(opaque, Int32(clamping: anchor), Int32(clamping: cursor))
    }

    /// Takes the focus without selecting the text, which GTK otherwise does.
    @discardableResult
    public func grabFocusWithoutSelecting() -> Bool {
        gtk_entry_grab_focus_without_selecting(pointer()) != 0
    }

    /// Runs `action` after each change of the text.
    public func onChange(_ action: @escaping @MainActor () -> Void) {
        connect("changed", action)
    }

    /// Runs `action` when the cursor or the selection moves.
    public func onCursorMove(_ action: @escaping @MainActor () -> Void) {
        connectNotify("cursor-position", action)
        connectNotify("selection-bound", action)
    }

    /// Runs `action` when Enter is pressed in the entry.
    public func onActivate(_ action: @escaping @MainActor () -> Void) {
        connect("activate", action)
    }
}
