import Testing

@testable import TerminalKit

/// A text view's soft wrap on its own: rows at a width, and positions mapped to rows and
/// columns, with no view.
@Suite("T4: text view: the soft-wrap layout")
@MainActor
struct TextLayoutTests {
    typealias Position = TextStorage.Position
    typealias RowReference = TextLayout.RowReference

    /// A layout of `storage` at `columns`.
    static func layout(_ storage: TextStorage, columns: Int) -> TextLayout {
        var layout = TextLayout(lineCount: storage.lines.count)
        layout.setColumns(columns)
        return layout
    }

    /// The text of each row of line `number`.
    static func rows(_ layout: inout TextLayout, _ storage: TextStorage, line number: Int = 0) -> [String] {
        let line = storage.lines[number]
        return layout.rows(ofLine: number, in: storage).map {
            String(line.text[line.index($0.start)..<line.index($0.end)])
        }
    }

    @Test("T4: a wide character that does not fit in a row goes whole to the next one, never split")
    func wideCharacterMovesToTheNextRow() {
        // Four columns: "abc" takes three, 熊 needs two.
        let storage = TextStorage("abc熊猫d")
        var layout = Self.layout(storage, columns: 4)
        #expect(Self.rows(&layout, storage) == ["abc", "熊猫", "d"])
        // The place before 熊 is the second row's start, in column 0.
        let beforeWide = Position(line: 0, offset: 3)
        let reference = layout.rowReference(of: beforeWide, in: storage)
        #expect(reference == RowReference(line: 0, row: 1))
        #expect(layout.column(of: beforeWide, inRow: reference, in: storage) == 0)
        #expect(layout.column(of: Position(line: 0, offset: 9), inRow: reference, in: storage) == 4)
        // A column in the middle of a wide character is before it.
        #expect(layout.position(inRow: reference, atColumn: 3, in: storage) == Position(line: 0, offset: 6))
    }

    @Test(
        "T4: rows break after the last space; a word longer than a row is cut; a space that does not fit hangs"
    )
    func breaking() {
        let words = TextStorage("ab cdef gh")
        var layout = Self.layout(words, columns: 4)
        #expect(Self.rows(&layout, words) == ["ab ", "cdef ", "gh"])
        let long = TextStorage("abcdefg")
        var cut = Self.layout(long, columns: 3)
        #expect(Self.rows(&cut, long) == ["abc", "def", "g"])
        let empty = TextStorage("")
        var none = Self.layout(empty, columns: 3)
        #expect(Self.rows(&none, empty) == [""])
    }

    @Test("T4: a combining accent takes no column and stays on its letter's row")
    func combiningMarks() {
        let storage = TextStorage(String(repeating: "e\u{301}", count: 5))
        var layout = Self.layout(storage, columns: 2)
        #expect(Self.rows(&layout, storage) == ["e\u{301}e\u{301}", "e\u{301}e\u{301}", "e\u{301}"])
        let end = storage.endPosition
        let reference = layout.rowReference(of: end, in: storage)
        #expect(reference == RowReference(line: 0, row: 2))
        #expect(layout.column(of: end, inRow: reference, in: storage) == 1)
    }

    @Test("T4: a row that is not its line's last ends before its last character; rows run on across lines")
    func rowEndsAndSteps() {
        let storage = TextStorage("abcdef\ngh")
        var layout = Self.layout(storage, columns: 3)
        let first = RowReference(line: 0, row: 0)
        let firstIsLast = layout.isLastRow(first, in: storage)
        #expect(!firstIsLast)
        // End on the first row stops before "c": the place after it is the next row's.
        #expect(layout.position(inRow: first, atColumn: .max, in: storage) == Position(line: 0, offset: 2))
        #expect(layout.rowReference(of: Position(line: 0, offset: 3), in: storage).row == 1)
        let (down, moved) = layout.row(first, movedBy: 5, in: storage)
        #expect(down == RowReference(line: 1, row: 0))
        #expect(moved == 2)
        let downIsLast = layout.isLastRow(down, in: storage)
        #expect(downIsLast)
        #expect(layout.previous(down, in: storage) == RowReference(line: 0, row: 1))
        #expect(layout.next(down, in: storage) == nil)
    }

    @Test("T4: a line is wrapped only as far as asked; an edit forgets only the rows after it")
    func lazyAndLocal() {
        // One line of 2,000 characters in rows of ten.
        var storage = TextStorage(String(repeating: "abcd efgh ", count: 200))
        var layout = Self.layout(storage, columns: 10)
        let nearStart = widthMeasurements {
            _ = layout.rowReference(of: Position(line: 0, offset: 25), in: storage)
        }
        #expect(nearStart < 60)
        let all = widthMeasurements { _ = layout.rows(ofLine: 0, in: storage) }
        #expect(all > 1_900)
        // Typing near the end: only the last rows are wrapped again.
        storage.cursor = Position(line: 0, offset: 1_985)
        storage.anchor = storage.cursor
        layout.apply(storage.insert("xyz"))
        var rewrapped: [String] = []
        let again = widthMeasurements { rewrapped = Self.rows(&layout, storage) }
        #expect(again < 60)
        var fresh = Self.layout(storage, columns: 10)
        #expect(rewrapped == Self.rows(&fresh, storage))
        // Another width forgets every row.
        layout.setColumns(20)
        #expect(Self.rows(&layout, storage).first == "abcd efgh abcd efgh ")
    }

    @Test("T4: an edit that adds and removes lines keeps the layout's lines in step with the text's")
    func editsAcrossLines() {
        var storage = TextStorage("one two\nthree four\nfive")
        var layout = Self.layout(storage, columns: 4)
        #expect(Self.rows(&layout, storage, line: 2) == ["five"])
        storage.cursor = Position(line: 0, offset: 4)
        storage.anchor = Position(line: 1, offset: 6)
        layout.apply(storage.insert("2\n3\n"))
        #expect(storage.lines.map(\.text) == ["one 2", "3", "four", "five"])
        #expect(Self.rows(&layout, storage, line: 0) == ["one ", "2"])
        #expect(Self.rows(&layout, storage, line: 2) == ["four"])
        #expect(Self.rows(&layout, storage, line: 3) == ["five"])
        #expect(layout.next(RowReference(line: 3, row: 0), in: storage) == nil)
        layout.apply(storage.replace(from: .start, to: storage.endPosition, with: ""))
        #expect(Self.rows(&layout, storage) == [""])
        #expect(layout.next(RowReference(line: 0, row: 0), in: storage) == nil)
    }
}
