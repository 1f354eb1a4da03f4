/// Characters as TerminalKit edits, measures and draws them: Unicode's grapheme clusters,
/// cut into pieces of at most ``maximumBytes`` UTF-8 bytes.
///
/// A grapheme cluster has no length limit: `"e"` and three million combining accents are one
/// character to Swift, and every step over it (moving the cursor, measuring a row, drawing)
/// walks all of it. UAX #15's Stream-Safe Text Format bounds a character at a starter and
/// 30 non-starters; 128 bytes hold that for marks of any size, and every real character
/// (the longest emoji sequences take about 40). A longer cluster is cut every
/// ``maximumBytes`` bytes from its start, and each piece is a character of its own: one
/// cursor step, one cell (``TextWidth``). The text itself is never changed: only how the
/// views step through it.
///
/// Every step looks at a window of the text around the index, never the whole cluster, so
/// its cost is bounded whatever the text holds. Stepping back inside a cluster longer than
/// the window (twice ``maximumBytes``) cuts it from the window's start, so its pieces there
/// may not be those stepping forward cuts; both are positions inside the same cluster.
///
/// Indices must be on Unicode scalar boundaries of the text.
package enum TextClusters {
    /// The longest piece of a grapheme cluster that is one character, in UTF-8 bytes.
    package static let maximumBytes = 128

    /// The end of the character that starts at `index` (before `text.endIndex`).
    package static func index(after index: String.Index, in text: Substring) -> String.Index {
        let utf8 = text.utf8
        let next = utf8.index(after: index)
        let byte = utf8[index]
        if byte < 0x80 && byte != 0x0D && (next == text.endIndex || utf8[next] < 0x80) {
            return next  // ASCII before ASCII (but CR before LF) is always a boundary.
        }
        // Swift's own `index(after:)`, even on a substring, walks the whole cluster: the
        // standard library's recognizer is fed one scalar at a time instead.
        // A combining diacritical mark (U+0300–U+036F) after another never breaks (GB9),
        // and leaves the recognizer as the first left it: a run of them is stepped over
        // without asking it, several times faster.
        let scalars = text.unicodeScalars
        var recognizer = Unicode._CharacterRecognizer()
        _ = recognizer.hasBreak(before: scalars[index])
        var bytes = UTF8.width(scalars[index])
        var afterMark = Self.isDiacritic(scalars[index])
        var end = scalars.index(after: index)
        while end < text.endIndex {
            let scalar = scalars[end]
            bytes += UTF8.width(scalar)
            if bytes > maximumBytes { return end }
            let isMark = Self.isDiacritic(scalar)
            if !(isMark && afterMark), recognizer.hasBreak(before: scalar) { return end }
            afterMark = isMark
            end = scalars.index(after: end)
        }
        return end
    }

    /// True for the Combining Diacritical Marks block: every one is Grapheme_Extend.
    private static func isDiacritic(_ scalar: Unicode.Scalar) -> Bool {
        (0x300...0x36F).contains(scalar.value)
    }

    /// The start of the character that ends at `index` (after `text.startIndex`).
    package static func index(before index: String.Index, in text: Substring) -> String.Index {
        let utf8 = text.utf8
        let previous = utf8.index(before: index)
        if utf8[previous] < 0x80 {
            if previous == text.startIndex { return previous }
            let before = utf8[utf8.index(before: previous)]
            if before < 0x80 && before != 0x0D { return previous }
        }
        let windowStart = scalarStart(
            atOrAfter: utf8.index(index, offsetBy: -2 * maximumBytes, limitedBy: text.startIndex)
                ?? text.startIndex,
            in: text)
        // The cluster's start in the window (a substring's `index(before:)` stops at its
        // start), then its pieces from there.
        var piece = text[windowStart..<index].index(before: index)
        while true {
            let next = Self.index(after: piece, in: text)
            if next >= index { return piece }
            piece = next
        }
    }

    /// The number of characters in `text`.
    package static func count(_ text: Substring) -> Int {
        var count = 0
        var index = text.startIndex
        while index < text.endIndex {
            index = Self.index(after: index, in: text)
            count += 1
        }
        return count
    }

    /// The index `distance` characters from `index` (negative: before it), or nil past
    /// `limit` (as `String.index(_:offsetBy:limitedBy:)`).
    package static func index(
        _ index: String.Index, offsetBy distance: Int, limitedBy limit: String.Index, in text: Substring
    ) -> String.Index? {
        var index = index
        if distance >= 0 {
            for _ in 0..<distance {
                guard index < text.endIndex, index != limit else { return nil }
                index = Self.index(after: index, in: text)
            }
        } else {
            for _ in 0..<(-distance) {
                guard index > text.startIndex, index != limit else { return nil }
                index = Self.index(before: index, in: text)
            }
        }
        return index
    }

    /// The characters of `text`, each a substring of it.
    package static func characters(of text: Substring) -> Characters {
        Characters(text: text)
    }

    /// The characters of a text, in order.
    package struct Characters: Sequence, IteratorProtocol {
        let text: Substring
        var index: String.Index

        init(text: Substring) {
            self.text = text
            self.index = text.startIndex
        }

        package mutating func next() -> Substring? {
            guard index < text.endIndex else { return nil }
            let end = TextClusters.index(after: index, in: text)
            defer { index = end }
            return text[index..<end]
        }
    }

    /// One character (a piece from ``characters(of:)``) as a `Character`: itself, or its
    /// first Unicode scalar should it not be one cluster on its own.
    package static func character(_ piece: Substring) -> Character {
        let string = String(piece)
        guard string.count == 1, let character = string.first else {
            return Character(piece.unicodeScalars.first ?? " ")
        }
        return character
    }

    /// True if `piece` is a single space.
    package static func isSpace(_ piece: Substring) -> Bool {
        piece.utf8.count == 1 && piece.utf8.first == 0x20
    }

    /// The nearest scalar boundary at or after `index`.
    private static func scalarStart(atOrAfter index: String.Index, in text: Substring) -> String.Index {
        let utf8 = text.utf8
        var index = index
        while index < text.endIndex, utf8[index] & 0xC0 == 0x80 {
            index = utf8.index(after: index)
        }
        return index
    }
}
