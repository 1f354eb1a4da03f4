import CGtk

/// A `GtkTextView`: several lines of text, wrapped at word boundaries, with a cursor and a
/// selection (its buffer's `insert` and `selection_bound` marks).
@MainActor
public final class TextView: Widget, EditableText {
    /// The buffer, held for its signals.
    private var buffer: Object?

    /// Creates an empty text view.
    public init() {
        super.init(owning: gtk_text_view_new())
        gtk_text_view_set_wrap_mode(pointer(), GTK_WRAP_WORD_CHAR)
        buffer = Object(owning: textBuffer)
    }

    private var textBuffer: UnsafeMutablePointer<GtkTextBuffer> { gtk_text_view_get_buffer(pointer()) }

    public var text: String {
        get {
            var start = GtkTextIter()
            var end = GtkTextIter()
            gtk_text_buffer_get_bounds(textBuffer, &start, &end)
            let characters = gtk_text_buffer_get_text(textBuffer, &start, &end, 0)
            defer { g_free(characters) }
            return characters.map { String(cString: $0) } ?? ""
        }
        set { gtk_text_buffer_set_text(textBuffer, newValue, -1) }
    }

    /// The character offset of a mark of the buffer.
    private func offset(of mark: UnsafeMutablePointer<GtkTextMark>?) -> Int {
        var iter = GtkTextIter()
        gtk_text_buffer_get_iter_at_mark(textBuffer, &iter, mark)
        return Int(gtk_text_iter_get_offset(&iter))
    }

    public var cursorPosition: Int { offset(of: gtk_text_buffer_get_insert(textBuffer)) }

    public var selection: Range<Int>? {
        let cursor = cursorPosition
        let bound = offset(of: gtk_text_buffer_get_selection_bound(textBuffer))
        return cursor == bound ? nil : min(cursor, bound)..<max(cursor, bound)
    }

    public func select(from anchor: Int, to cursor: Int) {
        var insert = GtkTextIter()
        var bound = GtkTextIter()
        gtk_text_buffer_get_iter_at_offset(textBuffer, &insert, Int32(clamping: cursor))
        gtk_text_buffer_get_iter_at_offset(textBuffer, &bound, Int32(clamping: anchor))
        gtk_text_buffer_select_range(textBuffer, &insert, &bound)
    }

    /// Takes the focus; a text view never selects its text as it does.
    @discardableResult
    public func grabFocusWithoutSelecting() -> Bool { grabFocus() }

    public func onChange(_ action: @escaping @MainActor () -> Void) {
        buffer?.connect("changed", action)
    }

    public func onCursorMove(_ action: @escaping @MainActor () -> Void) {
        buffer?.connectNotify("cursor-position", action)
        buffer?.connectNotify("has-selection", action)
    }
}
