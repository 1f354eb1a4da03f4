/// What the keys do to a text view: the edits of Ctrl and Alt, and the moves of the cursor
/// by characters, rows and screenfuls (``TextView/handleKey(_:)`` sends them here).
extension TextView {
    /// True for the keys that change the text (refused while not ``isEditable``).
    static func edits(_ key: Key) -> Bool {
        switch key.code {
        case .character(let letter):
            if key.modifiers.contains(.control) { return "hdkuwy".contains(letter) }
            return !key.modifiers.contains(.alt) || "xv".contains(letter)
        case .paste, .enter, .backspace, .delete: return true
        default: return false
        }
    }

    /// Ctrl with a letter: ^A/^E move, ^H/^D delete, ^K/^U/^W cut, ^Y pastes.
    func controlKey(_ letter: Character) -> Bool {
        let cursor = storage.cursor
        let line = storage.lines[cursor.line]
        switch letter {
        case "a": moveCursor(to: Position(line: cursor.line, offset: 0), extending: false)
        case "e": moveCursor(to: Position(line: cursor.line, offset: line.length), extending: false)
        case "h": apply(storage.deleteBackward())
        case "d": apply(storage.deleteForward())
        case "k":
            if cursor.offset == line.length {
                cutRange(from: cursor, to: storage.position(after: cursor) ?? cursor)
            } else {
                cutRange(from: cursor, to: Position(line: cursor.line, offset: line.length))
            }
        case "u": cutRange(from: Position(line: cursor.line, offset: 0), to: cursor)
        case "w": cutRange(from: storage.wordStart(before: cursor), to: cursor)
        case "y": paste()
        default: return false
        }
        return true
    }

    /// Alt with a letter: M-c copies, M-x cuts, M-v pastes, M-a selects everything.
    func altKey(_ letter: Character) -> Bool {
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
        putOnPasteboard(String(storage.slice(from: lower, to: upper)))
        apply(storage.replace(from: lower, to: upper, with: ""))
    }

    // MARK: Moving

    /// Moves the cursor for an arrow, Home/End (with Ctrl: of the text) or PgUp/PgDn,
    /// `extending` the selection (Shift) or collapsing it.
    func move(_ code: Key.Code, control: Bool, extending: Bool) {
        let (cursor, anchor) = (storage.cursor, storage.anchor)
        let collapsing = cursor != anchor && !extending
        switch code {
        case .left where collapsing: moveCursor(to: min(cursor, anchor), extending: false)
        case .right where collapsing: moveCursor(to: max(cursor, anchor), extending: false)
        case .left: moveCursor(to: storage.position(before: cursor) ?? cursor, extending: extending)
        case .right: moveCursor(to: storage.position(after: cursor) ?? cursor, extending: extending)
        case .home where control: moveCursor(to: .start, extending: extending)
        case .end where control: moveCursor(to: storage.endPosition, extending: extending)
        case .home:
            let start = layout.row(layout.rowReference(of: cursor, in: storage), in: storage).start
            moveCursor(to: Position(line: cursor.line, offset: start), extending: extending)
        case .end:
            let reference = layout.rowReference(of: cursor, in: storage)
            moveCursor(
                to: layout.position(inRow: reference, atColumn: Int.max, in: storage), extending: extending)
        case .up: moveVertically(by: -1, extending: extending)
        case .down: moveVertically(by: 1, extending: extending)
        case .pageUp: moveVertically(by: -page, extending: extending, scrolling: true)
        case .pageDown: moveVertically(by: page, extending: extending, scrolling: true)
        default: return
        }
    }

    /// The rows PgUp and PgDn move: a screenful less one, so a row stays in sight.
    private var page: Int { max(1, frame.height - 1) }

    /// Puts the cursor at `position`, the selection's other end too unless `extending`.
    private func moveCursor(to position: Position, extending: Bool) {
        storage.cursor = position
        if !extending { storage.anchor = position }
        goalColumn = nil
        delegate?.textViewDidChangeSelection(self)
    }

    /// Moves the cursor by rows, keeping its column; past the first or last row it goes to
    /// the start or end of the text. With `scrolling`, the top row moves as far.
    private func moveVertically(by count: Int, extending: Bool, scrolling: Bool = false) {
        guard layout.columns > 0 else { return }
        let reference = layout.rowReference(of: storage.cursor, in: storage)
        let goal = goalColumn ?? layout.column(of: storage.cursor, inRow: reference, in: storage)
        let target = layout.row(reference, movedBy: count, in: storage)
        if scrolling {
            let top = layout.row(layout.rowReference(of: scrollTop, in: storage), movedBy: count, in: storage)
                .row
            scrollTop = Position(line: top.line, offset: layout.row(top, in: storage).start)
        }
        if target.moved < abs(count) {
            moveCursor(to: count < 0 ? .start : storage.endPosition, extending: extending)
        } else {
            moveCursor(
                to: layout.position(inRow: target.row, atColumn: goal, in: storage), extending: extending)
        }
        goalColumn = goal
    }
}
