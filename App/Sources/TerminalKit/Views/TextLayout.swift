/// The soft wrap of a ``TextView``'s text: each line broken into rows at a number of
/// columns, and positions in the text mapped to rows and columns and back.
///
/// A row holds as many characters as fit, broken after the last space when a word does not
/// fit (a word longer than a row is cut); a space that does not fit stays at the row's end,
/// in the column past the others (the cursor's). Widths are the terminal's
/// (``TextWidth``): a wide character (Chinese, an emoji) takes two columns and is never
/// split, a combining mark none.
///
/// **Work follows what is shown.** A line is wrapped lazily, row by row, only as far as
/// something asks (the rows shown, the row of the cursor), and an edit forgets only the
/// rows that could have seen it. The text is the ``TextStorage`` each call is given; the
/// layout keeps one entry per line of it, kept in step by ``apply(_:)`` and ``reset(lineCount:)``.
struct TextLayout {
    typealias Position = TextStorage.Position

    /// One row of a wrapped line, as UTF-8 offsets: its characters are `start..<end`, and
    /// its breaking looked at the text before `window` (so an edit at or after `window`
    /// cannot change it). The last row of a line has `window` one past the line's end.
    struct Row: Equatable {
        var start: Int
        var end: Int
        var window: Int
    }

    /// A row on screen: a line and the index of one of its rows.
    struct RowReference: Comparable {
        var line: Int
        var row: Int

        static func < (lhs: RowReference, rhs: RowReference) -> Bool {
            (lhs.line, lhs.row) < (rhs.line, rhs.row)
        }
    }

    /// The rows of one line, wrapped so far.
    private struct WrappedLine {
        /// The rows wrapped so far, from the line's start.
        var rows: [Row] = []
        /// True once ``rows`` reach the end of the line.
        var isWrapped = false

        /// Forgets the rows an edit from `offset` on could change: those that looked at the
        /// text from there on, and those whose last character looked at ends there (an
        /// inserted combining mark or regional indicator joins the character before it).
        mutating func invalidateRows(from offset: Int) {
            if let first = rows.firstIndex(where: { $0.window >= offset }) {
                rows.removeSubrange(first...)
            }
            isWrapped = false
        }
    }

    /// One entry per line of the text.
    private var wrapped: [WrappedLine]
    /// The columns lines are wrapped to (0 until the view is laid out).
    private(set) var columns = 0

    /// A layout of a text of `lineCount` lines, nothing wrapped yet.
    init(lineCount: Int = 1) {
        wrapped = Array(repeating: WrappedLine(), count: lineCount)
    }

    // MARK: Following the text

    /// Forgets every row: the text was replaced by one of `lineCount` lines. The columns
    /// stay.
    mutating func reset(lineCount: Int) {
        wrapped = Array(repeating: WrappedLine(), count: lineCount)
    }

    /// Follows an edit of the text, forgetting only the rows that could have seen it.
    mutating func apply(_ edit: TextStorage.Edit) {
        wrapped[edit.lower.line].invalidateRows(from: edit.lower.offset)
        wrapped.replaceSubrange(
            (edit.lower.line + 1)..<(edit.upper.line + 1),
            with: repeatElement(WrappedLine(), count: edit.lineCount - 1))
    }

    /// Wraps lines to `columns` from now on, forgetting rows wrapped to another width.
    mutating func setColumns(_ columns: Int) {
        guard columns != self.columns else { return }
        self.columns = columns
        for number in wrapped.indices {
            wrapped[number] = WrappedLine()
        }
    }

    // MARK: Rows

    /// The row of `line` that starts at `start`: as many characters as fit in the columns,
    /// broken after the last space when a word does not fit, a space that does not fit kept
    /// at the row's end (in the cursor's column); at least one character.
    private func makeRow(of line: TextStorage.Line, from start: Int) -> Row {
        let text = line.text
        let startIndex = line.index(start)
        var index = startIndex
        var used = 0
        var afterSpace: String.Index?
        while index < text.endIndex {
            let next = line.index(after: index)
            let character = text[index..<next]
            let width = TextWidth.of(piece: character)
            let isSpace = TextClusters.isSpace(character)
            if used + width > columns && index > startIndex {
                let window = line.offset(next)
                if isSpace { return Row(start: start, end: window, window: window) }
                return Row(start: start, end: line.offset(afterSpace ?? index), window: window)
            }
            used += width
            index = next
            if isSpace { afterSpace = index }
        }
        return Row(start: start, end: line.length, window: line.length + 1)
    }

    /// Wraps line `number` until `done` says its rows are enough, or to its end.
    private mutating func wrap(line number: Int, in storage: TextStorage, until done: ([Row]) -> Bool) {
        let line = storage.lines[number]
        while !wrapped[number].isWrapped && !done(wrapped[number].rows) {
            let start = wrapped[number].rows.last?.end ?? 0
            let row = makeRow(of: line, from: start)
            wrapped[number].rows.append(row)
            if row.window > line.length { wrapped[number].isWrapped = true }
        }
    }

    /// The rows of line `number`, wrapped to the end.
    mutating func rows(ofLine number: Int, in storage: TextStorage) -> [Row] {
        wrap(line: number, in: storage) { _ in false }
        return wrapped[number].rows
    }

    /// The row holding a position (a position at a row's end is on the next row).
    mutating func rowReference(of position: Position, in storage: TextStorage) -> RowReference {
        wrap(line: position.line, in: storage) { rows in (rows.last?.end ?? 0) > position.offset }
        let rows = wrapped[position.line].rows
        var low = 0
        var high = rows.count - 1
        while low < high {
            let middle = (low + high + 1) / 2
            if rows[middle].start <= position.offset { low = middle } else { high = middle - 1 }
        }
        return RowReference(line: position.line, row: low)
    }

    /// A row's bounds, wrapping its line as far as that row if needed.
    mutating func row(_ reference: RowReference, in storage: TextStorage) -> Row {
        wrap(line: reference.line, in: storage) { $0.count > reference.row }
        return wrapped[reference.line].rows[reference.row]
    }

    /// The row after `reference` (the first of the next line after a line's last), or nil
    /// after the text's last row.
    mutating func next(_ reference: RowReference, in storage: TextStorage) -> RowReference? {
        wrap(line: reference.line, in: storage) { $0.count > reference.row + 1 }
        if reference.row + 1 < wrapped[reference.line].rows.count {
            return RowReference(line: reference.line, row: reference.row + 1)
        }
        guard reference.line + 1 < wrapped.count else { return nil }
        return RowReference(line: reference.line + 1, row: 0)
    }

    /// The row before `reference` (the last of the line before, wrapping it to its end),
    /// or nil before the text's first row.
    mutating func previous(_ reference: RowReference, in storage: TextStorage) -> RowReference? {
        if reference.row > 0 { return RowReference(line: reference.line, row: reference.row - 1) }
        guard reference.line > 0 else { return nil }
        return RowReference(
            line: reference.line - 1, row: rows(ofLine: reference.line - 1, in: storage).count - 1)
    }

    /// The row `count` rows below (negative: above) `reference`, stopping at the ends, and
    /// how many rows that is.
    mutating func row(
        _ reference: RowReference, movedBy count: Int, in storage: TextStorage
    ) -> (row: RowReference, moved: Int) {
        var current = reference
        var moved = 0
        while moved < abs(count),
            let step = count > 0 ? next(current, in: storage) : previous(current, in: storage)
        {
            current = step
            moved += 1
        }
        return (current, moved)
    }

    /// True if the row is the last of its line (its end is the line's end).
    mutating func isLastRow(_ reference: RowReference, in storage: TextStorage) -> Bool {
        row(reference, in: storage).window > storage.lines[reference.line].length
    }

    // MARK: Columns

    /// The column of a position in its row.
    mutating func column(of position: Position, inRow reference: RowReference, in storage: TextStorage) -> Int
    {
        let line = storage.lines[position.line]
        let start = row(reference, in: storage).start
        return TextWidth.of(line.text[line.index(start)..<line.index(position.offset)])
    }

    /// The last position of a row at or before `goal` columns. A row that is not its
    /// line's last ends before its last character (its end is on the next row).
    mutating func position(
        inRow reference: RowReference, atColumn goal: Int, in storage: TextStorage
    ) -> Position {
        let line = storage.lines[reference.line]
        let bounds = row(reference, in: storage)
        let last = isLastRow(reference, in: storage)
        let end = line.index(bounds.end)
        var index = line.index(bounds.start)
        var column = 0
        while index < end {
            let next = line.index(after: index)
            let width = TextWidth.of(piece: line.text[index..<next])
            if column + width > goal || (!last && next == end) { break }
            column += width
            index = next
        }
        return Position(line: reference.line, offset: line.offset(index))
    }
}
