/// The text a ``TextView`` edits: its lines, the cursor and the selection's other end, and
/// the edits that change them. No layout and no drawing.
///
/// Positions are lines and UTF-8 offsets in them, always between characters (grapheme
/// clusters, as ``TextClusters`` bounds them): moving and deleting go by whole characters,
/// so a combining accent or a flag goes with the character it belongs to, while a cluster
/// of a million accents is stepped through a piece at a time.
///
/// The text is kept as an array of lines. Editing at any position copies at most the lines
/// it touches; ``text`` joins the lines once per change, when read; a line's characters are
/// counted again only after it changed.
struct TextStorage {
    /// A place in the text: a line, and a UTF-8 offset in it (always between characters).
    struct Position: Comparable {
        var line: Int
        var offset: Int

        /// The start of the text.
        static let start = Position(line: 0, offset: 0)

        static func < (lhs: Position, rhs: Position) -> Bool {
            (lhs.line, lhs.offset) < (rhs.line, rhs.offset)
        }
    }

    /// One line of the text, with no line break in it.
    struct Line {
        var text: String
        /// The number of characters, or nil until counted again after an edit.
        var count: Int?

        init(_ text: some StringProtocol) {
            self.text = String(text)
        }

        /// The line's length in UTF-8 bytes: the offset of its end.
        var length: Int { text.utf8.count }

        /// The index of a UTF-8 offset.
        func index(_ offset: Int) -> String.Index {
            text.utf8.index(text.startIndex, offsetBy: offset)
        }

        /// The end of the character that starts at `index` (``TextClusters``).
        func index(after index: String.Index) -> String.Index {
            TextClusters.index(after: index, in: text[...])
        }

        /// The start of the character that ends at `index` (``TextClusters``).
        func index(before index: String.Index) -> String.Index {
            TextClusters.index(before: index, in: text[...])
        }

        /// The UTF-8 offset of an index.
        func offset(_ index: String.Index) -> Int {
            text.utf8.distance(from: text.startIndex, to: index)
        }
    }

    /// What one edit did: the text from `lower` to `upper` was replaced by text that ends
    /// at `end` and spans `lineCount` lines (one: it holds no line break).
    struct Edit {
        var lower: Position
        var upper: Position
        var end: Position
        var lineCount: Int

        /// Where a position of the text before the edit is after it: one after the
        /// replaced text moves with the text, one inside it goes to its start.
        func moved(_ position: Position) -> Position {
            if position >= upper {
                guard position.line == upper.line else {
                    return Position(line: position.line + end.line - upper.line, offset: position.offset)
                }
                return Position(line: end.line, offset: end.offset + position.offset - upper.offset)
            }
            return position > lower ? lower : position
        }
    }

    /// Spaces a Tab in inserted text becomes.
    static let tabReplacement = "    "

    /// The text's lines; never empty.
    private(set) var lines = [Line("")]
    /// The text as one string, joined when read after a change.
    private var joinedText: String? = ""
    /// Where typing goes.
    var cursor = Position.start
    /// The other end of the selection (equal to ``cursor``: nothing selected).
    var anchor = Position.start

    /// Holds `text`, lines split at any line break, with the cursor at its end.
    init(_ text: String = "") {
        lines = Self.lines(of: text)
        joinedText = nil
        cursor = endPosition
        anchor = cursor
    }

    // MARK: Reading

    /// The text, lines separated by `\n`.
    var text: String {
        mutating get {
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
    }

    /// True when the text is empty.
    var isEmpty: Bool { lines.count == 1 && lines[0].length == 0 }

    /// The end of the text.
    var endPosition: Position {
        Position(line: lines.count - 1, offset: lines[lines.count - 1].length)
    }

    /// The number of characters in the text, line breaks included.
    var characterCount: Int {
        mutating get {
            var total = lines.count - 1
            for number in lines.indices { total += count(ofLine: number) }
            return total
        }
    }

    /// True when something is selected.
    var hasSelection: Bool { cursor != anchor }

    /// The selection, from its lower to its upper end (empty: nothing selected).
    var selection: Range<Position> { min(cursor, anchor)..<max(cursor, anchor) }

    /// The selected text (empty if nothing is selected).
    var selectedText: String {
        String(slice(from: selection.lowerBound, to: selection.upperBound))
    }

    /// The number of characters in line `number`, counted once after each change.
    mutating func count(ofLine number: Int) -> Int {
        if let count = lines[number].count { return count }
        let count = TextClusters.count(lines[number].text[...])
        lines[number].count = count
        return count
    }

    /// The character offset of a position: the lines before it and its line's characters
    /// before it are counted.
    mutating func characterOffset(of position: Position) -> Int {
        var total = 0
        for number in 0..<position.line { total += count(ofLine: number) + 1 }
        let line = lines[position.line]
        // At the line's end (where typing leaves the cursor), the line's count, kept.
        if position.offset == line.length { return total + count(ofLine: position.line) }
        return total + TextClusters.count(line.text[..<line.index(position.offset)])
    }

    /// The position of a character offset, clamped to the text.
    mutating func position(atCharacterOffset offset: Int) -> Position {
        var rest = max(0, offset)
        for number in lines.indices {
            let count = count(ofLine: number)
            if rest <= count {
                let line = lines[number]
                let text = line.text[...]
                let index =
                    TextClusters.index(text.startIndex, offsetBy: rest, limitedBy: text.endIndex, in: text)
                    ?? text.endIndex
                return Position(line: number, offset: line.offset(index))
            }
            rest -= count + 1
        }
        return endPosition
    }

    /// The text between two positions, line breaks as `\n`.
    func slice(from lower: Position, to upper: Position) -> Substring {
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

    // MARK: Moving by characters

    /// The position one character before `position` (the end of the line before, at a
    /// line's start), or nil at the start of the text.
    func position(before position: Position) -> Position? {
        if position.offset > 0 {
            let line = lines[position.line]
            return Position(
                line: position.line, offset: line.offset(line.index(before: line.index(position.offset))))
        }
        guard position.line > 0 else { return nil }
        return Position(line: position.line - 1, offset: lines[position.line - 1].length)
    }

    /// The position one character after `position`, or nil at the end of the text.
    func position(after position: Position) -> Position? {
        let line = lines[position.line]
        if position.offset < line.length {
            return Position(
                line: position.line, offset: line.offset(line.index(after: line.index(position.offset))))
        }
        guard position.line + 1 < lines.count else { return nil }
        return Position(line: position.line + 1, offset: 0)
    }

    /// The start of the word before `position`, in its line (and the spaces after it).
    func wordStart(before position: Position) -> Position {
        let line = lines[position.line]
        var index = line.index(position.offset)
        let start = line.text.startIndex
        while index > start, TextClusters.isSpace(line.text[line.index(before: index)..<index]) {
            index = line.index(before: index)
        }
        while index > start, !TextClusters.isSpace(line.text[line.index(before: index)..<index]) {
            index = line.index(before: index)
        }
        return Position(line: position.line, offset: line.offset(index))
    }

    // MARK: Editing

    /// Inserts text at the cursor in place of the selection, cleaned as a paste is
    /// (``cleaned(_:)``).
    mutating func insert(_ inserted: String) -> Edit {
        replaceSelection(with: Self.cleaned(inserted))
    }

    /// Replaces the selection (or nothing, at the cursor) with `replacement`.
    mutating func replaceSelection(with replacement: String) -> Edit {
        replace(from: selection.lowerBound, to: selection.upperBound, with: replacement)
    }

    /// Deletes the selection, or else the character before the cursor (at a line's start,
    /// the line break before it); nil at the start of the text with nothing selected.
    mutating func deleteBackward() -> Edit? {
        if hasSelection { return replaceSelection(with: "") }
        guard let before = position(before: cursor) else { return nil }
        return replace(from: before, to: cursor, with: "")
    }

    /// Deletes the selection, or else the character after the cursor (at a line's end, the
    /// line break); nil at the end of the text with nothing selected.
    mutating func deleteForward() -> Edit? {
        if hasSelection { return replaceSelection(with: "") }
        guard let after = position(after: cursor) else { return nil }
        return replace(from: cursor, to: after, with: "")
    }

    /// Replaces the text between two positions (`lower <= upper`) with `replacement` (line
    /// breaks as `\n`), and puts the cursor after it with nothing selected. Only the lines
    /// between the positions are copied.
    mutating func replace(from lower: Position, to upper: Position, with replacement: String) -> Edit {
        let pieces = replacement.split(separator: "\n", omittingEmptySubsequences: false)
        let end: Position
        if pieces.count == 1 && lower.line == upper.line {
            var line = lines[lower.line]
            lines[lower.line].text = ""  // The line's text is uniquely held while it changes.
            line.text.replaceSubrange(line.index(lower.offset)..<line.index(upper.offset), with: replacement)
            line.count = nil
            lines[lower.line] = line
            end = Position(line: lower.line, offset: lower.offset + replacement.utf8.count)
        } else {
            let first = lines[lower.line]
            let last = lines[upper.line]
            let head = first.text[..<first.index(lower.offset)]
            let tail = last.text[last.index(upper.offset)...]
            var replaced = pieces.map { Line($0) }
            let lastPiece = replaced.count - 1
            let endOffset = replaced[lastPiece].length
            replaced[0].text = head + replaced[0].text
            replaced[lastPiece].text += tail
            lines.replaceSubrange(lower.line...upper.line, with: replaced)
            end = Position(
                line: lower.line + lastPiece, offset: (lastPiece == 0 ? lower.offset : 0) + endOffset)
        }
        cursor = end
        anchor = end
        joinedText = nil
        return Edit(lower: lower, upper: upper, end: end, lineCount: pieces.count)
    }

    // MARK: Cleaning

    /// The lines of `text`, split at any line break (CR LF, LF, CR, VT, FF, NEL, U+2028,
    /// U+2029: what `Character.isNewline` holds) by its scalars, so that no cluster is
    /// formed: a line break never joins the characters around it.
    static func lines(of text: String) -> [Line] {
        var lines: [Line] = []
        let scalars = text.unicodeScalars
        var start = scalars.startIndex
        var index = start
        while index < scalars.endIndex {
            let value = scalars[index].value
            let next = scalars.index(after: index)
            guard (0x0A...0x0D).contains(value) || value == 0x85 || value == 0x2028 || value == 0x2029 else {
                index = next
                continue
            }
            lines.append(Line(text[start..<index]))
            start = next
            if value == 0x0D, next < scalars.endIndex, scalars[next].value == 0x0A {
                start = scalars.index(after: next)
            }
            index = start
        }
        lines.append(Line(text[start...]))
        return lines
    }

    /// Pasted or inserted text as the storage keeps it: `\n` line breaks, Tabs as spaces,
    /// no other control characters.
    static func cleaned(_ text: String) -> String {
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
    /// control but `\n` (and not that either unless `lineFeeds`), no DEL, no C1 control
    /// (U+0080–U+009F, which holds NEL), no U+2028 or U+2029.
    static func isClean(_ text: some StringProtocol, lineFeeds: Bool = true) -> Bool {
        var previous: UInt8 = 0
        var beforePrevious: UInt8 = 0
        for byte in text.utf8 {
            if byte < 0x20 && (byte != 0x0A || !lineFeeds) || byte == 0x7F { return false }
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
}
