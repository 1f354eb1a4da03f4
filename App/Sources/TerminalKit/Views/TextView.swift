import StateRestoration

/// Hooks of a ``TextView``. Every method has a default.
@MainActor
public protocol TextViewDelegate: AnyObject {
    /// The text changed through the keyboard (typing, deleting, cutting, pasting).
    func textViewDidChange(_ textView: TextView)
    /// The cursor or the selection moved through the keyboard.
    func textViewDidChangeSelection(_ textView: TextView)
    /// Enter was pressed while ``TextView/insertsNewlineOnEnter`` is false; return true if
    /// it was used (false lets it travel on along the responder chain).
    func textViewShouldReturn(_ textView: TextView) -> Bool
}

extension TextViewDelegate {
    public func textViewDidChange(_ textView: TextView) {}
    public func textViewDidChangeSelection(_ textView: TextView) {}
    public func textViewShouldReturn(_ textView: TextView) -> Bool { false }
}

/// Several lines of editable text, wrapped at the view's width (UIKit's `UITextView`).
///
/// Lines are wrapped at spaces where they can (a word longer than a row is cut); a wide
/// character (Chinese, an emoji) takes two columns and is never split. The last column is
/// kept for the cursor at the end of a row, and for a space at which a row breaks. The
/// view scrolls by rows to keep the cursor in sight.
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
    /// A place in the text: a line, and a UTF-8 offset in it (always between characters).
    struct Position: Comparable {
        var line: Int
        var offset: Int

        static func < (lhs: Position, rhs: Position) -> Bool {
            (lhs.line, lhs.offset) < (rhs.line, rhs.offset)
        }
    }

    /// A row on screen: a line and the index of one of its rows.
    private struct RowReference: Comparable {
        var line: Int
        var row: Int

        static func < (lhs: RowReference, rhs: RowReference) -> Bool {
            (lhs.line, lhs.row) < (rhs.line, rhs.row)
        }
    }

    /// One row of a wrapped line, as UTF-8 offsets: its characters are `start..<end`, and
    /// its breaking looked at the text before `window` (so an edit at or after `window`
    /// cannot change it). The last row of a line has `window` one past the line's end.
    private struct Row {
        var start: Int
        var end: Int
        var window: Int
    }

    /// One line of the text (no line break in it) and its rows, wrapped so far.
    private struct Line {
        var text: String
        /// The number of characters, or nil until counted again after an edit.
        var count: Int?
        /// The rows wrapped so far, from the line's start.
        var rows: [Row] = []
        /// True once ``rows`` reach the end of the line.
        var isWrapped = false

        init(_ text: some StringProtocol) {
            self.text = String(text)
        }

        var length: Int { text.utf8.count }

        func index(_ offset: Int) -> String.Index {
            text.utf8.index(text.startIndex, offsetBy: offset)
        }

        func offset(_ index: String.Index) -> Int {
            text.utf8.distance(from: text.startIndex, to: index)
        }

        /// Forgets the rows an edit from `offset` on could change: those that looked at the
        /// text from there on, and those whose last character looked at ends there (an
        /// inserted combining mark or regional indicator joins the character before it).
        mutating func invalidateRows(from offset: Int) {
            if let first = rows.firstIndex(where: { $0.window >= offset }) {
                rows.removeSubrange(first...)
            }
            isWrapped = false
            count = nil
        }
    }

    /// The text's lines; never empty.
    private var lines = [Line("")]
    /// The text as one string, joined when read after a change.
    private var joinedText: String? = ""
    /// Where typing goes, and the other end of the selection (equal: nothing selected).
    private var cursor = Position(line: 0, offset: 0)
    private var anchor = Position(line: 0, offset: 0)
    /// A place in the top row shown; the layout moves it to the start of its row.
    private var scrollTop = Position(line: 0, offset: 0)
    /// The column ↑/↓ and PgUp/PgDn keep while they move through shorter rows.
    private var goalColumn: Int?
    /// The columns lines are wrapped to: the width less the cursor's column.
    private var wrapColumns = 0

    /// Receives changes, selection moves and Enter.
    public weak var delegate: (any TextViewDelegate)?
    /// Called after every change made through the keyboard.
    public var onChange: (@MainActor (TextView) -> Void)?
    /// The stored value the text started from, and a conflicting one (rule H16,
    /// ``DraftEditing``); saved with the text (keys `hasBase`, `base`, `conflict`).
    public var draftBase = DraftBase() {
        didSet { if draftBase != oldValue { invalidateRestorableState() } }
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

    /// Spaces a Tab in a paste becomes.
    private static let tabReplacement = "    "

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
    /// puts the cursor at its end and scrolls to show it.
    public var text: String {
        get {
            if let joinedText { return joinedText }
            var joined = ""
            joined.reserveCapacity(lines.reduce(lines.count) { $0 + $1.length })
            for (number, line) in lines.enumerated() {
                if number > 0 { joined.append("\n") }
                joined.append(line.text)
            }
            joinedText = joined
            return joined
        }
        set {
            setText(newValue)
            invalidateRestorableState()
        }
    }

    /// The number of characters in the text, line breaks included.
    public var characterCount: Int {
        var total = lines.count - 1
        for number in lines.indices { total += count(ofLine: number) }
        return total
    }

    /// The selection as character offsets; empty: the cursor, with nothing selected.
    /// Setting it clamps it to the text, selects forward (the cursor at the upper bound)
    /// and scrolls to show the cursor.
    public var selectedRange: Range<Int> {
        get {
            let (lower, upper) = (
                characterOffset(of: min(cursor, anchor)), characterOffset(of: max(cursor, anchor))
            )
            return lower..<upper
        }
        set {
            anchor = position(atCharacterOffset: newValue.lowerBound)
            cursor = position(atCharacterOffset: newValue.upperBound)
            goalColumn = nil
            invalidateRestorableState()
        }
    }

    /// The cursor, as a count of characters before it; setting it selects nothing.
    public var cursorPosition: Int {
        get { characterOffset(of: cursor) }
        set { selectedRange = newValue..<newValue }
    }

    /// The selected text (empty if nothing is selected).
    public var selectedText: String {
        String(slice(from: min(cursor, anchor), to: max(cursor, anchor)))
    }

    /// The first character shown (the start of the top row), as a character offset.
    /// Setting it scrolls there, as far as the cursor, which always shows, allows.
    public var scrollPosition: Int {
        get { characterOffset(of: scrollTop) }
        set {
            scrollTop = position(atCharacterOffset: newValue)
            invalidateRestorableState()
        }
    }

    // MARK: Editing, for owners

    /// Inserts text at the cursor in place of the selection, as typing or pasting does
    /// (the delegate hears of it).
    public func insertText(_ inserted: String) {
        replaceSelection(with: Self.cleaned(inserted))
    }

    /// Selects the whole text.
    public func selectAll() {
        anchor = Position(line: 0, offset: 0)
        cursor = endPosition
        goalColumn = nil
    }

    /// Copies the selection into ``pasteboard``; nothing selected copies nothing.
    public func copy() {
        guard cursor != anchor else { return }
        pasteboard.string = selectedText
    }

    /// Copies the selection into ``pasteboard`` and deletes it.
    public func cut() {
        guard cursor != anchor else { return }
        pasteboard.string = selectedText
        replaceSelection(with: "")
    }

    /// Replaces the selection with ``pasteboard``'s text, if it has some.
    public func paste() {
        guard let string = pasteboard.string, !string.isEmpty else { return }
        insertText(string)
    }

    // MARK: Text and positions

    private func setText(_ newText: String) {
        lines = newText.split(omittingEmptySubsequences: false, whereSeparator: \.isNewline).map { Line($0) }
        if lines.isEmpty { lines = [Line("")] }
        joinedText = nil
        cursor = endPosition
        anchor = cursor
        scrollTop = Position(line: 0, offset: 0)
        goalColumn = nil
    }

    private var endPosition: Position {
        Position(line: lines.count - 1, offset: lines[lines.count - 1].length)
    }

    private func count(ofLine number: Int) -> Int {
        if let count = lines[number].count { return count }
        let count = lines[number].text.count
        lines[number].count = count
        return count
    }

    /// The character offset of a position: the lines before it and its line's characters
    /// before it are counted.
    private func characterOffset(of position: Position) -> Int {
        var total = 0
        for number in 0..<position.line { total += count(ofLine: number) + 1 }
        let line = lines[position.line]
        return total + line.text[..<line.index(position.offset)].count
    }

    /// The position of a character offset, clamped to the text.
    private func position(atCharacterOffset offset: Int) -> Position {
        var rest = max(0, offset)
        for number in lines.indices {
            let count = count(ofLine: number)
            if rest <= count {
                let line = lines[number]
                let index = line.text.index(line.text.startIndex, offsetBy: rest)
                return Position(line: number, offset: line.offset(index))
            }
            rest -= count + 1
        }
        return endPosition
    }

    /// The text between two positions, line breaks as `\n`.
    private func slice(from lower: Position, to upper: Position) -> Substring {
        if lower.line == upper.line {
            let line = lines[lower.line]
            return line.text[line.index(lower.offset)..<line.index(upper.offset)]
        }
        var result = String(lines[lower.line].text[lines[lower.line].index(lower.offset)...])
        for number in (lower.line + 1)..<upper.line {
            result += "\n" + lines[number].text
        }
        let last = lines[upper.line]
        result += "\n" + last.text[..<last.index(upper.offset)]
        return Substring(result)
    }

    /// The position one character before `position` (the end of the line before, at a
    /// line's start), or nil at the start of the text.
    private func position(before position: Position) -> Position? {
        if position.offset > 0 {
            let line = lines[position.line]
            return Position(
                line: position.line, offset: line.offset(line.text.index(before: line.index(position.offset)))
            )
        }
        guard position.line > 0 else { return nil }
        return Position(line: position.line - 1, offset: lines[position.line - 1].length)
    }

    /// The position one character after `position`, or nil at the end of the text.
    private func position(after position: Position) -> Position? {
        let line = lines[position.line]
        if position.offset < line.length {
            return Position(
                line: position.line, offset: line.offset(line.text.index(after: line.index(position.offset))))
        }
        guard position.line + 1 < lines.count else { return nil }
        return Position(line: position.line + 1, offset: 0)
    }

    // MARK: The one edit

    /// Pasted or inserted text as the view keeps it: `\n` line breaks, Tabs as spaces, no
    /// other control characters.
    private static func cleaned(_ text: String) -> String {
        if isClean(text) { return text }
        var result = ""
        result.reserveCapacity(text.utf8.count)
        for character in text {
            if character.isNewline {
                result.append("\n")
            } else if character == "\t" {
                result += tabReplacement
            } else if !isControl(character) {
                result.append(character)
            }
        }
        return result
    }

    /// True when `text` holds nothing ``cleaned(_:)`` would change (a scan of its bytes,
    /// so that a restored megabyte of ordinary notes costs no walk by characters): no C0
    /// control but `\n`, no DEL, no C1 control (U+0080–U+009F, which holds NEL), no U+2028
    /// or U+2029.
    private static func isClean(_ text: String) -> Bool {
        var previous: UInt8 = 0
        var beforePrevious: UInt8 = 0
        for byte in text.utf8 {
            if byte < 0x20 && byte != 0x0A || byte == 0x7F { return false }
            if previous == 0xC2 && (0x80...0x9F).contains(byte) { return false }
            if beforePrevious == 0xE2 && previous == 0x80 && (byte == 0xA8 || byte == 0xA9) { return false }
            (beforePrevious, previous) = (previous, byte)
        }
        return true
    }

    /// C0 and C1 controls and DEL: never text.
    private static func isControl(_ character: Character) -> Bool {
        let scalar = character.unicodeScalars.first?.value ?? 0
        return scalar < 0x20 || scalar == 0x7F || (0x80..<0xA0).contains(scalar)
    }

    private func replaceSelection(with replacement: String) {
        replace(from: min(cursor, anchor), to: max(cursor, anchor), with: replacement)
    }

    /// Replaces the text between two positions (`lower <= upper`) with `replacement`
    /// (line breaks as `\n`), puts the cursor after it with nothing selected, and tells the
    /// delegate. Only the lines between the positions are copied; only the rows that
    /// could have seen the edit are forgotten.
    private func replace(from lower: Position, to upper: Position, with replacement: String) {
        let pieces = replacement.split(separator: "\n", omittingEmptySubsequences: false)
        let newCursor: Position
        if pieces.count == 1 && lower.line == upper.line {
            var line = lines[lower.line]
            lines[lower.line].text = ""  // The line's text is uniquely held while it changes.
            line.text.replaceSubrange(line.index(lower.offset)..<line.index(upper.offset), with: replacement)
            line.invalidateRows(from: lower.offset)
            lines[lower.line] = line
            newCursor = Position(line: lower.line, offset: lower.offset + replacement.utf8.count)
        } else {
            let first = lines[lower.line]
            let last = lines[upper.line]
            let head = first.text[..<first.index(lower.offset)]
            let tail = last.text[last.index(upper.offset)...]
            var replaced = pieces.map { Line($0) }
            let lastPiece = replaced.count - 1
            let cursorOffset = replaced[lastPiece].length
            replaced[0].text = head + replaced[0].text
            replaced[lastPiece].text += tail
            var firstLine = first
            firstLine.text = replaced[0].text
            firstLine.invalidateRows(from: lower.offset)
            replaced[0] = firstLine
            lines.replaceSubrange(lower.line...upper.line, with: replaced)
            newCursor = Position(
                line: lower.line + lastPiece, offset: (lastPiece == 0 ? lower.offset : 0) + cursorOffset)
        }
        // The top row's place follows the text it showed.
        if scrollTop >= upper {
            if scrollTop.line == upper.line {
                scrollTop = Position(
                    line: newCursor.line, offset: newCursor.offset + scrollTop.offset - upper.offset)
            } else {
                scrollTop.line += newCursor.line - upper.line
            }
        } else if scrollTop > lower {
            scrollTop = lower
        }
        cursor = newCursor
        anchor = newCursor
        goalColumn = nil
        joinedText = nil
        delegate?.textViewDidChange(self)
        onChange?(self)
    }

    // MARK: Wrapping

    /// Wraps lines to `columns` from now on, forgetting rows wrapped to another width.
    private func setWrapColumns(_ columns: Int) {
        guard columns != wrapColumns else { return }
        wrapColumns = columns
        for number in lines.indices {
            lines[number].rows = []
            lines[number].isWrapped = false
        }
    }

    /// The row of line `number` that starts at `start`: as many characters as fit in the
    /// columns, broken after the last space when a word does not fit, a space that does
    /// not fit kept at the row's end (in the cursor's column); at least one character.
    private func makeRow(line number: Int, from start: Int) -> Row {
        let line = lines[number]
        let text = line.text
        let startIndex = line.index(start)
        var index = startIndex
        var used = 0
        var afterSpace: String.Index?
        while index < text.endIndex {
            let character = text[index]
            let width = TextWidth.of(character)
            let next = text.index(after: index)
            if used + width > wrapColumns && index > startIndex {
                let window = line.offset(next)
                if character == " " { return Row(start: start, end: window, window: window) }
                return Row(start: start, end: line.offset(afterSpace ?? index), window: window)
            }
            used += width
            index = next
            if character == " " { afterSpace = index }
        }
        return Row(start: start, end: line.length, window: line.length + 1)
    }

    /// Wraps line `number` until `done` says its rows are enough, or to its end.
    private func wrap(line number: Int, until done: (Line) -> Bool) {
        while !lines[number].isWrapped && !done(lines[number]) {
            let start = lines[number].rows.last?.end ?? 0
            let row = makeRow(line: number, from: start)
            lines[number].rows.append(row)
            if row.window > lines[number].length { lines[number].isWrapped = true }
        }
    }

    /// The rows of line `number`, wrapped to the end.
    private func rows(ofLine number: Int) -> [Row] {
        wrap(line: number) { _ in false }
        return lines[number].rows
    }

    /// The row holding a position (a position at a row's end is on the next row).
    private func rowReference(of position: Position) -> RowReference {
        wrap(line: position.line) { line in (line.rows.last?.end ?? 0) > position.offset }
        let rows = lines[position.line].rows
        var low = 0
        var high = rows.count - 1
        while low < high {
            let middle = (low + high + 1) / 2
            if rows[middle].start <= position.offset { low = middle } else { high = middle - 1 }
        }
        return RowReference(line: position.line, row: low)
    }

    /// A row's bounds, wrapping its line as far as that row if needed.
    private func row(_ reference: RowReference) -> Row {
        wrap(line: reference.line) { $0.rows.count > reference.row }
        return lines[reference.line].rows[reference.row]
    }

    private func next(_ reference: RowReference) -> RowReference? {
        wrap(line: reference.line) { $0.rows.count > reference.row + 1 }
        if reference.row + 1 < lines[reference.line].rows.count {
            return RowReference(line: reference.line, row: reference.row + 1)
        }
        guard reference.line + 1 < lines.count else { return nil }
        return RowReference(line: reference.line + 1, row: 0)
    }

    private func previous(_ reference: RowReference) -> RowReference? {
        if reference.row > 0 { return RowReference(line: reference.line, row: reference.row - 1) }
        guard reference.line > 0 else { return nil }
        return RowReference(line: reference.line - 1, row: rows(ofLine: reference.line - 1).count - 1)
    }

    /// The row `count` rows below (negative: above) `reference`, stopping at the ends, and
    /// how many rows that is.
    private func row(_ reference: RowReference, movedBy count: Int) -> (row: RowReference, moved: Int) {
        var current = reference
        var moved = 0
        while moved < abs(count), let step = count > 0 ? next(current) : previous(current) {
            current = step
            moved += 1
        }
        return (current, moved)
    }

    /// True if the row is the last of its line (its end is the line's end).
    private func isLastRow(_ reference: RowReference) -> Bool {
        row(reference).window > lines[reference.line].length
    }

    /// The column of a position in its row.
    private func column(of position: Position, in reference: RowReference) -> Int {
        let line = lines[position.line]
        return TextWidth.of(line.text[line.index(row(reference).start)..<line.index(position.offset)])
    }

    /// The last position of a row at or before `goal` columns. A row that is not its
    /// line's last ends before its last character (its end is on the next row).
    private func position(in reference: RowReference, atColumn goal: Int) -> Position {
        let line = lines[reference.line]
        let bounds = row(reference)
        let last = isLastRow(reference)
        let end = line.index(bounds.end)
        var index = line.index(bounds.start)
        var column = 0
        while index < end {
            let width = TextWidth.of(line.text[index])
            let next = line.text.index(after: index)
            if column + width > goal || (!last && next == end) { break }
            column += width
            index = next
        }
        return Position(line: reference.line, offset: line.offset(index))
    }

    // MARK: Keys

    override open func handleKey(_ key: Key) -> Bool {
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
            replaceSelection(with: "\n")
        case .left, .right, .up, .down, .home, .end, .pageUp, .pageDown:
            move(key.code, control: control, extending: shift)
        case .backspace: deleteBackward()
        case .delete: deleteForward()
        case .character(let letter) where control: return controlKey(letter)
        case .character(let letter) where alt: return altKey(letter)
        default: return false
        }
        return true
    }

    /// True for the keys that change the text (refused while not ``isEditable``).
    private static func edits(_ key: Key) -> Bool {
        switch key.code {
        case .character(let letter):
            if key.modifiers.contains(.control) { return "hdkuwy".contains(letter) }
            return !key.modifiers.contains(.alt) || "xv".contains(letter)
        case .paste, .enter, .backspace, .delete: return true
        default: return false
        }
    }

    /// Ctrl with a letter: ^A/^E move, ^H/^D delete, ^K/^U/^W cut, ^Y pastes.
    private func controlKey(_ letter: Character) -> Bool {
        let line = lines[cursor.line]
        switch letter {
        case "a": moveCursor(to: Position(line: cursor.line, offset: 0), extending: false)
        case "e": moveCursor(to: Position(line: cursor.line, offset: line.length), extending: false)
        case "h": deleteBackward()
        case "d": deleteForward()
        case "k":
            if cursor.offset == line.length {
                cutRange(from: cursor, to: position(after: cursor) ?? cursor)
            } else {
                cutRange(from: cursor, to: Position(line: cursor.line, offset: line.length))
            }
        case "u": cutRange(from: Position(line: cursor.line, offset: 0), to: cursor)
        case "w": cutRange(from: wordStart(), to: cursor)
        case "y": paste()
        default: return false
        }
        return true
    }

    /// Alt with a letter: M-c copies, M-x cuts, M-v pastes, M-a selects everything.
    private func altKey(_ letter: Character) -> Bool {
        switch letter {
        case "c": copy()
        case "x": cut()
        case "v": paste()
        case "a":
            selectAll()
            delegate?.textViewDidChangeSelection(self)
        default: return false
        }
        return true
    }

    /// Cuts a range into the pasteboard (nothing if empty).
    private func cutRange(from lower: Position, to upper: Position) {
        guard lower < upper else { return }
        pasteboard.string = String(slice(from: lower, to: upper))
        replace(from: lower, to: upper, with: "")
    }

    private func deleteBackward() {
        if cursor != anchor { return replaceSelection(with: "") }
        guard let before = position(before: cursor) else { return }
        replace(from: before, to: cursor, with: "")
    }

    private func deleteForward() {
        if cursor != anchor { return replaceSelection(with: "") }
        guard let after = position(after: cursor) else { return }
        replace(from: cursor, to: after, with: "")
    }

    /// The start of the word before the cursor, in its line (and the spaces after it).
    private func wordStart() -> Position {
        let line = lines[cursor.line]
        var index = line.index(cursor.offset)
        let start = line.text.startIndex
        while index > start, line.text[line.text.index(before: index)] == " " {
            index = line.text.index(before: index)
        }
        while index > start, line.text[line.text.index(before: index)] != " " {
            index = line.text.index(before: index)
        }
        return Position(line: cursor.line, offset: line.offset(index))
    }

    // MARK: Moving

    private func move(_ code: Key.Code, control: Bool, extending: Bool) {
        let collapsing = cursor != anchor && !extending
        switch code {
        case .left where collapsing: moveCursor(to: min(cursor, anchor), extending: false)
        case .right where collapsing: moveCursor(to: max(cursor, anchor), extending: false)
        case .left: moveCursor(to: position(before: cursor) ?? cursor, extending: extending)
        case .right: moveCursor(to: position(after: cursor) ?? cursor, extending: extending)
        case .home where control: moveCursor(to: Position(line: 0, offset: 0), extending: extending)
        case .end where control: moveCursor(to: endPosition, extending: extending)
        case .home:
            moveCursor(
                to: Position(line: cursor.line, offset: row(rowReference(of: cursor)).start),
                extending: extending)
        case .end:
            let reference = rowReference(of: cursor)
            moveCursor(to: position(in: reference, atColumn: Int.max), extending: extending)
        case .up: moveVertically(by: -1, extending: extending)
        case .down: moveVertically(by: 1, extending: extending)
        case .pageUp: moveVertically(by: -page, extending: extending, scrolling: true)
        case .pageDown: moveVertically(by: page, extending: extending, scrolling: true)
        default: return
        }
    }

    /// The rows PgUp and PgDn move: a screenful less one, so a row stays in sight.
    private var page: Int { max(1, frame.height - 1) }

    private func moveCursor(to position: Position, extending: Bool) {
        cursor = position
        if !extending { anchor = position }
        goalColumn = nil
        delegate?.textViewDidChangeSelection(self)
    }

    /// Moves the cursor by rows, keeping its column; past the first or last row it goes to
    /// the start or end of the text. With `scrolling`, the top row moves as far.
    private func moveVertically(by count: Int, extending: Bool, scrolling: Bool = false) {
        guard wrapColumns > 0 else { return }
        let reference = rowReference(of: cursor)
        let goal = goalColumn ?? column(of: cursor, in: reference)
        let target = row(reference, movedBy: count)
        if scrolling {
            let top = row(rowReference(of: scrollTop), movedBy: count).row
            scrollTop = Position(line: top.line, offset: row(top).start)
        }
        if target.moved < abs(count) {
            moveCursor(to: count < 0 ? Position(line: 0, offset: 0) : endPosition, extending: extending)
        } else {
            moveCursor(to: position(in: target.row, atColumn: goal), extending: extending)
        }
        goalColumn = goal
    }

    // MARK: Layout and drawing

    override open func layoutSubviews() {
        super.layoutSubviews()
        scrollToCursor()
    }

    /// Moves the top row so the cursor shows, and up while empty rows would show below
    /// the text's end with text above the top. Walks no more than the height from the
    /// cursor and from the top.
    private func scrollToCursor() {
        guard frame.width > 0, frame.height > 0 else { return }
        setWrapColumns(max(1, frame.width - 1))
        let height = frame.height
        let cursorRow = rowReference(of: cursor)
        var top = rowReference(of: scrollTop)
        if cursorRow < top {
            top = cursorRow
        } else {
            var current = top
            var below = 0
            while current < cursorRow && below < height, let moved = next(current) {
                current = moved
                below += 1
            }
            if below >= height { top = row(cursorRow, movedBy: -(height - 1)).row }
        }
        // No empty rows at the bottom while text is above: the clamp after a shrink.
        var shown = 1
        var current = top
        while shown < height, let moved = next(current) {
            current = moved
            shown += 1
        }
        if shown < height { top = row(top, movedBy: -(height - shown)).row }
        scrollTop = Position(line: top.line, offset: row(top).start)
    }

    override open func draw(in canvas: Canvas) {
        super.draw(in: canvas)
        let size = canvas.size
        guard size.width > 0, size.height > 0 else { return }
        scrollToCursor()
        let focused = isFirstResponder
        if lines.count == 1 && lines[0].length == 0, let placeholder {
            canvas.text(TextWidth.truncate(placeholder, to: size.width), at: .zero, style: theme.placeholder)
        }
        let lower = focused ? min(cursor, anchor) : cursor
        let upper = focused ? max(cursor, anchor) : cursor
        let cursorRow = rowReference(of: cursor)
        var reference: RowReference? = rowReference(of: scrollTop)
        for y in 0..<size.height {
            guard let current = reference else { break }
            drawRow(current, at: y, in: canvas, selection: lower..<upper)
            if focused && current == cursorRow {
                let x = column(of: cursor, in: current)
                canvas.placeCursor(at: Point(x: min(x, size.width - 1), y: y))
            }
            reference = next(current)
        }
    }

    /// Draws one row, its selected part in the selection's style, with one selected cell
    /// after a line whose line break is selected.
    private func drawRow(_ reference: RowReference, at y: Int, in canvas: Canvas, selection: Range<Position>)
    {
        let line = lines[reference.line]
        let bounds = row(reference)
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
        if isLastRow(reference), reference.line + 1 < lines.count, selection.contains(lineBreak) {
            canvas.fill(Rect(x: x, y: y, width: 1, height: 1), style: theme.selection)
        }
    }

    override open var keyHints: [KeyHint] {
        cursor == anchor ? [] : [KeyHint(label: "M-c/M-x", title: "Copy/Cut")]
    }

    // MARK: Restoration

    /// Writes the text, the cursor, the selection's other end when something is selected,
    /// and the first character shown when scrolled (keys `text`, `cursor`, `anchor`,
    /// `scroll`; character offsets).
    /// - Throws: ``StateCodingError`` from the coder.
    override open func encodeRestorableState(with coder: StateEncoder) throws {
        try super.encodeRestorableState(with: coder)
        try coder.encode(text, forKey: "text")
        try coder.encode(characterOffset(of: cursor), forKey: "cursor")
        if anchor != cursor { try coder.encode(characterOffset(of: anchor), forKey: "anchor") }
        let scroll = characterOffset(of: scrollTop)
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
        if let saved = try coder.decodeIfPresent(String.self, forKey: "text") { setText(Self.cleaned(saved)) }
        try draftBase.decode(text: text, with: coder)
        if let saved = try coder.decodeIfPresent(Int.self, forKey: "cursor") {
            cursor = position(atCharacterOffset: saved)
            anchor = cursor
        }
        if let saved = try coder.decodeIfPresent(Int.self, forKey: "anchor") {
            anchor = position(atCharacterOffset: saved)
        }
        if let saved = try coder.decodeIfPresent(Int.self, forKey: "scroll") {
            scrollTop = position(atCharacterOffset: saved)
        }
    }
}
