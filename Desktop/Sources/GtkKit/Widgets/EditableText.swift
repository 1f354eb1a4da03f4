/// Text the user edits, with a cursor and a selection: a one-line ``Entry`` or a
/// ``TextView``. Positions count characters (Unicode scalars, as GTK's do), from 0 to
/// ``characterCount``.
@MainActor
public protocol EditableText: Widget {
    /// The text.
    var text: String { get set }
    /// Where the cursor is.
    var cursorPosition: Int { get }
    /// The selected characters, or nil when nothing is selected. Its bounds are ordered;
    /// the cursor is at one end.
    var selection: Range<Int>? { get }
    /// Selects from `anchor` to `cursor` (either order), the cursor left at `cursor`, as
    /// Shift and the arrows would.
    func select(from anchor: Int, to cursor: Int)
    /// Takes the focus without selecting the text.
    @discardableResult
    func grabFocusWithoutSelecting() -> Bool
    /// Runs `action` after each change of the text.
    func onChange(_ action: @escaping @MainActor () -> Void)
    /// Runs `action` when the cursor or the selection moves.
    func onCursorMove(_ action: @escaping @MainActor () -> Void)
}

extension EditableText {
    /// The number of characters in the text: the cursor's largest position.
    public var characterCount: Int { text.unicodeScalars.count }

    /// The selection's end away from the cursor; the cursor itself when nothing is
    /// selected.
    public var anchor: Int {
        guard let selection else { return cursorPosition }
        return selection.lowerBound == cursorPosition ? selection.upperBound : selection.lowerBound
    }
}
