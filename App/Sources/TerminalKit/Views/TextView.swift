import StateRestoration

/// Several lines of editable text, wrapped at the view's width (UIKit's `UITextView`).
///
/// Lines are wrapped at spaces where they can (a word longer than a row is cut); a wide
/// character (Chinese, an emoji) takes two columns and is never split. The last column is
/// kept for the cursor at the end of a row, and for a space at which a row breaks. While
/// it has the focus, the view scrolls by rows to keep the cursor in sight; without it, it
/// stays where it was scrolled, so a text just set shows from its start. When the text has
/// more lines than show, the first and last rows say so at
/// their right end (`↑ 4 more lines`, `↓ 1 more line`, where the row's text leaves room;
/// else an arrow in the last column, which text never takes).
///
/// Keys while it is the first responder:
///
/// | keys | what they do |
/// |---|---|
/// | text, a bracketed paste | inserted at the cursor, replacing the selection |
/// | Enter | a new line (see ``insertsNewlineOnEnter``) |
/// | ←/→, ↑/↓ | a character, a row (keeping the column) |
/// | Home/End | the start and end of the row shown |
/// | ^A/^E | the start and end of the line (as in ``TextField``) |
/// | Ctrl-Home/Ctrl-End | the start and end of the text |
/// | PgUp/PgDn | a screenful (the text scrolls with the cursor) |
/// | Shift with the arrows, Home/End, Ctrl-Home/End, PgUp/PgDn | extends the selection |
/// | Backspace (^H), Delete (^D) | the character before, after (or the selection) |
/// | M-c, M-x, M-v (Alt or Esc first) | copy, cut, paste the selection, with ``pasteboard`` |
/// | ^K, ^U, ^W | cut to the end of the line (at its end, the line break), to its start, the word before |
/// | ^Y | paste (yank) |
/// | M-a | select everything |
///
/// ^K, ^U and ^W remove what ``TextField`` removes with them, and put it in the pasteboard
/// as readline does. Ctrl-C and Ctrl-Z are the application's (quit, suspend); Tab and
/// Shift-Tab always travel on, so they move the focus out of a text view; Esc travels on
/// (a screen's Back). Pasted text keeps its line breaks (`\r\n` and `\r` become `\n`);
/// a Tab becomes four spaces, other control characters are dropped. A text view that is not
/// ``isEditable`` keeps the moves, the selection, M-c and M-a, and lets the rest travel on.
///
/// **Work follows what is shown.** The text is kept as an array of lines; a line is wrapped
/// lazily, row by row, only as far as something asks (the rows shown, the row of the
/// cursor), and an edit forgets only the rows that could have seen it. Opening a long text,
/// typing, moving and drawing measure the rows on screen and the line holding the
/// cursor, not the whole text; scrolling up into a line wraps that line once. Editing at
/// any position copies at most the lines it touches; ``text`` joins the lines once per
/// change, when read.
///
/// **Restoration** (with a ``restorationIdentifier``): the text (key `text`), the cursor
/// (`cursor`), the selection's other end (`anchor`, when something is selected) and the
/// first character shown (`scroll`, when scrolled), all as character offsets. Decoding
/// clamps each offset to the text, and the first layout moves the scroll to the start of
/// its row, up far enough that no empty rows show while text is above them, and to the
/// cursor if it would be out of sight: a relaunch shows what was shown.
@MainActor
open class TextView: View {
    typealias Position = TextStorage.Position

    /// The text, the cursor and the selection (no layout).
    var storage = TextStorage()
    /// The text wrapped to the view's width, kept in step with ``storage``.
    var layout = TextLayout()
    /// A place in the top row shown; the layout moves it to the start of its row.
    var scrollTop = Position.start {
        didSet { if scrollTop != oldValue { restorableStateDidChange() } }
    }
    /// The column ↑/↓ and PgUp/PgDn keep while they move through shorter rows.
    var goalColumn: Int?

    /// Receives changes, selection moves and Enter.
    public weak var delegate: (any TextViewDelegate)?
    /// Called after every change made through the keyboard.
    public var onChange: (@MainActor (TextView) -> Void)?
    /// The stored value the text started from, and a conflicting one (rule H16,
    /// ``DraftEditing``); saved with the text (keys `hasBase`, `base`, `conflict`).
    public var draftBase = DraftBase() {
        didSet { if draftBase != oldValue { restorableStateDidChange() } }
    }
    /// Where copy and cut put text and paste takes it from.
    public var pasteboard: Pasteboard = .general
    /// True (the default): Enter inserts a line break. False: Enter goes to the delegate's
    /// ``TextViewDelegate/textViewShouldReturn(_:)`` and, unless it says it used it, on
    /// along the responder chain (a form's Done, say); line breaks then come only from
    /// pastes. Tab never inserts anything: it always moves the focus on.
    public var insertsNewlineOnEnter = true
    /// False: the text is read only, to the keyboard: the keys that would change it travel
    /// on instead (a screen's `q` works, Enter is its Enter), while moving, selecting,
    /// copying (M-c) and selecting all (M-a) still work. The methods (``insertText(_:)``,
    /// ``cut()``, ``paste()``, ``text``) still change it. Default true.
    public var isEditable = true
    /// Shown, dimmed, while the text is empty.
    public var placeholder: String?
    /// The rows it asks for in a vertical layout (``FormView``).
    public var preferredNumberOfRows = 5

    /// Creates a text view holding `text`, with the cursor at its end.
    public init(text: String = "", placeholder: String? = nil) {
        self.placeholder = placeholder
        super.init()
        setText(text)
    }

    override open var canBecomeFirstResponder: Bool { true }
    override open var consumesTextInput: Bool { isEditable }
    override open var preferredHeight: Int { max(1, preferredNumberOfRows) }

    // MARK: Public state

    /// The text, lines separated by `\n` (any other line break is read as one). Setting it
    /// puts the cursor at its end and shows the text from its start; the view scrolls to the
    /// cursor when it has the focus.
    public var text: String {
        get { storage.text }
        set {
            setText(newValue)
            restorableStateDidChange()
        }
    }

    /// The number of characters in the text, line breaks included.
    public var characterCount: Int { storage.characterCount }

    /// The selection as character offsets; empty: the cursor, with nothing selected.
    /// Setting it clamps it to the text, selects forward (the cursor at the upper bound)
    /// and scrolls to show the cursor.
    public var selectedRange: Range<Int> {
        get {
            let selection = storage.selection
            let (lower, upper) = (
                storage.characterOffset(of: selection.lowerBound),
                storage.characterOffset(of: selection.upperBound)
            )
            return lower..<upper
        }
        set {
            storage.anchor = storage.position(atCharacterOffset: newValue.lowerBound)
            storage.cursor = storage.position(atCharacterOffset: newValue.upperBound)
            goalColumn = nil
            restorableStateDidChange()
        }
    }

    /// The cursor, as a count of characters before it; setting it selects nothing.
    public var cursorPosition: Int {
        get { storage.characterOffset(of: storage.cursor) }
        set { selectedRange = newValue..<newValue }
    }

    /// The selected text (empty if nothing is selected).
    public var selectedText: String { storage.selectedText }

    /// The first character shown (the start of the top row), as a character offset.
    /// Setting it scrolls there, as far as the cursor, which always shows, allows.
    public var scrollPosition: Int {
        get { storage.characterOffset(of: scrollTop) }
        set {
            scrollTop = storage.position(atCharacterOffset: newValue)
            restorableStateDidChange()
        }
    }

    // MARK: Editing, for owners

    /// Inserts text at the cursor in place of the selection, as typing or pasting does
    /// (the delegate hears of it).
    public func insertText(_ inserted: String) {
        apply(storage.insert(inserted))
    }

    /// Selects the whole text.
    public func selectAll() {
        storage.anchor = .start
        storage.cursor = storage.endPosition
        goalColumn = nil
        restorableStateDidChange()
    }

    /// Copies the selection into ``pasteboard``; nothing selected copies nothing.
    public func copy() {
        guard storage.hasSelection else { return }
        putOnPasteboard(selectedText)
    }

    /// Copies the selection into ``pasteboard`` and deletes it.
    public func cut() {
        guard storage.hasSelection else { return }
        putOnPasteboard(selectedText)
        apply(storage.replaceSelection(with: ""))
    }

    /// Puts copied or cut text in ``pasteboard``, and on the desktop's clipboard through the
    /// terminal (``SystemClipboard``), so another program can paste it.
    func putOnPasteboard(_ text: String) {
        pasteboard.string = text
        window?.application?.driver.copyToSystemClipboard(text)
    }

    /// Replaces the selection with ``pasteboard``'s text, if it has some.
    public func paste() {
        guard let string = pasteboard.string, !string.isEmpty else { return }
        insertText(string)
    }

    // MARK: Changing the text

    /// Holds a new text, the cursor at its end and the top row at its start.
    private func setText(_ newText: String) {
        storage = TextStorage(newText)
        layout.reset(lineCount: storage.lines.count)
        scrollTop = .start
        goalColumn = nil
    }

    /// Follows an edit of the storage (nil: nothing changed): the layout forgets the rows
    /// that could have seen it, the top row's place follows the text it showed, and the
    /// delegate and ``onChange`` hear of it.
    func apply(_ edit: TextStorage.Edit?) {
        guard let edit else { return }
        layout.apply(edit)
        scrollTop = edit.moved(scrollTop)
        goalColumn = nil
        restorableStateDidChange()
        delegate?.textViewDidChange(self)
        onChange?(self)
    }

    // MARK: Keys

    /// Says what each key it uses changed (rule P1): its text, cursor, selection or scroll.
    override open var reportsRestorableStateChanges: Bool { true }

    override open func takeKey(_ key: Key) -> Bool {
        let shift = key.modifiers.contains(.shift)
        let control = key.modifiers.contains(.control)
        let alt = key.modifiers.contains(.alt)
        guard isEditable || !Self.edits(key) else { return false }
        if let character = key.text {
            insertText(String(character))
            return true
        }
        switch key.code {
        case .paste(let pasted): insertText(pasted)
        case .enter:
            guard insertsNewlineOnEnter else { return delegate?.textViewShouldReturn(self) ?? false }
            apply(storage.replaceSelection(with: "\n"))
        case .left, .right, .up, .down, .home, .end, .pageUp, .pageDown:
            move(key.code, control: control, extending: shift)
        case .backspace: apply(storage.deleteBackward())
        case .delete: apply(storage.deleteForward())
        case .character(let letter) where control: return controlKey(letter)
        case .character(let letter) where alt: return altKey(letter)
        default: return false
        }
        return true
    }

    override open var keyHints: [KeyHint] {
        storage.hasSelection ? [KeyHint(label: "M-c/M-x", title: "Copy/Cut")] : []
    }

    // MARK: Layout and drawing

    override open func layoutSubviews() {
        super.layoutSubviews()
        scrollToCursor()
    }

    /// Moves the top row so the cursor shows, while the view has the focus (one without it
    /// stays where it was scrolled: a text just set shows from its start), and up while empty
    /// rows would show below the text's end with text above the top. Walks no more than the
    /// height from the cursor and from the top.
    private func scrollToCursor() {
        guard frame.width > 0, frame.height > 0 else { return }
        layout.setColumns(max(1, frame.width - 1))
        let height = frame.height
        let cursorRow = layout.rowReference(of: storage.cursor, in: storage)
        var top = layout.rowReference(of: scrollTop, in: storage)
        if !isFirstResponder {
            // Not following the cursor: the text shows from where it was scrolled.
        } else if cursorRow < top {
            top = cursorRow
        } else {
            var current = top
            var below = 0
            while current < cursorRow && below < height, let moved = layout.next(current, in: storage) {
                current = moved
                below += 1
            }
            if below >= height { top = layout.row(cursorRow, movedBy: -(height - 1), in: storage).row }
        }
        // No empty rows at the bottom while text is above: the clamp after a shrink.
        var shown = 1
        var current = top
        while shown < height, let moved = layout.next(current, in: storage) {
            current = moved
            shown += 1
        }
        if shown < height { top = layout.row(top, movedBy: -(height - shown), in: storage).row }
        scrollTop = Position(line: top.line, offset: layout.row(top, in: storage).start)
    }

    override open func draw(in canvas: Canvas) {
        super.draw(in: canvas)
        let size = canvas.size
        guard size.width > 0, size.height > 0 else { return }
        scrollToCursor()
        let focused = isFirstResponder
        if storage.isEmpty, let placeholder {
            canvas.text(TextWidth.truncate(placeholder, to: size.width), at: .zero, style: theme.placeholder)
        }
        let cursor = storage.cursor
        let selection = focused ? storage.selection : cursor..<cursor
        let cursorRow = layout.rowReference(of: cursor, in: storage)
        let top = layout.rowReference(of: scrollTop, in: storage)
        var reference: TextLayout.RowReference? = top
        var shown: (last: TextLayout.RowReference, y: Int, firstWidth: Int, lastWidth: Int)?
        for y in 0..<size.height {
            guard let current = reference else { break }
            let width = drawRow(current, at: y, in: canvas, selection: selection)
            shown = (current, y, shown?.firstWidth ?? width, width)
            if focused && current == cursorRow {
                let x = layout.column(of: cursor, inRow: current, in: storage)
                canvas.placeCursor(at: Point(x: min(x, size.width - 1), y: y))
            }
            reference = layout.next(current, in: storage)
        }
        guard let shown else { return }
        // Lines with a part above the top row, and below the last row shown: counted from
        // the lines' numbers, so the marks cost nothing however long the text.
        let above = top.line + (scrollTop.offset > 0 ? 1 : 0)
        let below =
            reference.map { storage.lines.count - 1 - shown.last.line + ($0.line == shown.last.line ? 1 : 0) }
            ?? 0
        if shown.y == 0 {
            if above > 0 || below > 0 {
                drawScrollMark(
                    above > 0 && below > 0 ? "↕" : above > 0 ? "↑" : "↓", count: above + below, row: 0,
                    after: shown.firstWidth, in: canvas)
            }
            return
        }
        if above > 0 { drawScrollMark("↑", count: above, row: 0, after: shown.firstWidth, in: canvas) }
        if below > 0 {
            drawScrollMark("↓", count: below, row: shown.y, after: shown.lastWidth, in: canvas)
        }
    }

    /// Says that `count` more lines lie past the rows shown, at the right end of row `y`:
    /// `↓ 4 more lines` where the row's text (`textWidth` columns) leaves a column free before
    /// it, else the arrow alone in the last column, which text never takes.
    private func drawScrollMark(
        _ arrow: String, count: Int, row y: Int, after textWidth: Int, in canvas: Canvas
    ) {
        let label = "\(arrow) \(count) more line\(count == 1 ? "" : "s")"
        let x = canvas.size.width - TextWidth.of(label)
        if x > textWidth {
            canvas.text(label, at: Point(x: x, y: y), style: theme.scrollMark)
        } else {
            canvas.text(arrow, at: Point(x: canvas.size.width - 1, y: y), style: theme.scrollMark)
        }
    }

    /// Draws one row, its selected part in the selection's style, with one selected cell
    /// after a line whose line break is selected; returns the columns it took.
    @discardableResult
    private func drawRow(
        _ reference: TextLayout.RowReference, at y: Int, in canvas: Canvas, selection: Range<Position>
    ) -> Int {
        let line = storage.lines[reference.line]
        let bounds = layout.row(reference, in: storage)
        let start = Position(line: reference.line, offset: bounds.start)
        let end = Position(line: reference.line, offset: bounds.end)
        let selectedStart = min(max(selection.lowerBound, start), end)
        let selectedEnd = max(min(selection.upperBound, end), selectedStart)
        var x = 0
        for (from, to, style) in [
            (start, selectedStart, Style.plain), (selectedStart, selectedEnd, theme.selection),
            (selectedEnd, end, Style.plain),
        ] where from.offset < to.offset {
            x += canvas.text(
                line.text[line.index(from.offset)..<line.index(to.offset)], at: Point(x: x, y: y),
                style: style)
        }
        let lineBreak = Position(line: reference.line, offset: line.length)
        if layout.isLastRow(reference, in: storage), reference.line + 1 < storage.lines.count,
            selection.contains(lineBreak)
        {
            canvas.fill(Rect(x: x, y: y, width: 1, height: 1), style: theme.selection)
            x += 1
        }
        return x
    }

    // MARK: Restoration

    /// Writes the text, the cursor, the selection's other end when something is selected,
    /// and the first character shown when scrolled (keys `text`, `cursor`, `anchor`,
    /// `scroll`; character offsets).
    /// - Throws: ``StateCodingError`` from the coder.
    override open func encodeRestorableState(with coder: StateEncoder) throws {
        try super.encodeRestorableState(with: coder)
        try coder.encode(text, forKey: "text")
        try coder.encode(storage.characterOffset(of: storage.cursor), forKey: "cursor")
        if storage.hasSelection {
            try coder.encode(storage.characterOffset(of: storage.anchor), forKey: "anchor")
        }
        let scroll = storage.characterOffset(of: scrollTop)
        if scroll > 0 { try coder.encode(scroll, forKey: "scroll") }
        try draftBase.encode(text: text, with: coder)
    }

    /// Reads the text, the cursor, the selection and the scroll, each offset clamped to
    /// the text (a negative one is its start, one past its end its end). The first layout
    /// then moves the scroll to its row's start, and only as far as the cursor needs.
    /// - Throws: ``StateCodingError`` for a value of the wrong type.
    override open func decodeRestorableState(with coder: StateDecoder) throws {
        try super.decodeRestorableState(with: coder)
        // An archive is untrusted input (H17): its text goes through what typing accepts.
        if let saved = try coder.decodeIfPresent(String.self, forKey: "text") {
            setText(TextStorage.cleaned(saved))
        }
        try draftBase.decode(text: text, with: coder)
        if let saved = try coder.decodeIfPresent(Int.self, forKey: "cursor") {
            storage.cursor = storage.position(atCharacterOffset: saved)
            storage.anchor = storage.cursor
        }
        if let saved = try coder.decodeIfPresent(Int.self, forKey: "anchor") {
            storage.anchor = storage.position(atCharacterOffset: saved)
        }
        if let saved = try coder.decodeIfPresent(Int.self, forKey: "scroll") {
            scrollTop = storage.position(atCharacterOffset: saved)
        }
    }
}
