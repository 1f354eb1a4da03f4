import Testing

@testable import TerminalKit

/// A text view's text on its own: positions, edits and the cursor, with no view and no
/// layout.
@Suite("T4: text view: the text storage")
@MainActor
struct TextStorageTests {
    typealias Position = TextStorage.Position

    /// True when `position` is between two characters of its line (not inside one).
    static func isOnBoundary(_ position: Position, in storage: TextStorage) -> Bool {
        let line = storage.lines[position.line]
        let index = line.index(position.offset)
        return line.text.indices.contains(index) || index == line.text.endIndex
    }

    @Test("T4: deleting a letter and its combining accent deletes both; the cursor stays between characters")
    func deletingACombiningSequence() {
        // "e" and U+0301 are one character of three bytes.
        var storage = TextStorage("cafe\u{301}s")
        storage.cursor = storage.position(atCharacterOffset: 4)
        storage.anchor = storage.cursor
        #expect(storage.cursor == Position(line: 0, offset: 6))
        let edit = storage.deleteBackward()
        #expect(storage.text == "cafs")
        #expect(edit?.lower == Position(line: 0, offset: 3))
        #expect(storage.cursor == Position(line: 0, offset: 3))
        #expect(storage.characterCount == 4)
        #expect(Self.isOnBoundary(storage.cursor, in: storage))

        var forward = TextStorage("x🇺🇸e\u{301}\u{308}!")
        forward.cursor = forward.position(atCharacterOffset: 1)
        forward.anchor = forward.cursor
        _ = forward.deleteForward()
        #expect(forward.text == "xe\u{301}\u{308}!")
        _ = forward.deleteForward()
        #expect(forward.text == "x!")
        #expect(forward.cursor == Position(line: 0, offset: 1))
        #expect(Self.isOnBoundary(forward.cursor, in: forward))
        #expect(forward.characterOffset(of: forward.cursor) == 1)
    }

    @Test("T4: a combining mark typed after a letter joins it: one character, the cursor after it")
    func typingACombiningMark() {
        var storage = TextStorage()
        _ = storage.insert("e")
        _ = storage.insert("\u{301}")
        #expect(storage.text == "e\u{301}")
        #expect(storage.characterCount == 1)
        #expect(storage.cursor == Position(line: 0, offset: 3))
        #expect(storage.characterOffset(of: storage.cursor) == 1)
        #expect(storage.position(before: storage.cursor) == .start)
        // Backspace takes the whole character.
        _ = storage.deleteBackward()
        #expect(storage.text.isEmpty)
        #expect(storage.cursor == .start)
    }

    @Test("T4: inserted text is cleaned as a paste: line breaks as \\n, Tabs as spaces, no controls")
    func insertCleans() {
        var storage = TextStorage("[]")
        storage.cursor = Position(line: 0, offset: 1)
        storage.anchor = storage.cursor
        let edit = storage.insert("a\tb\r\nc\u{1B}d\u{85}e\u{2028}f")
        #expect(storage.text == "[a    b\ncd\ne\nf]")
        #expect(storage.lines.map(\.text) == ["[a    b", "cd", "e", "f]"])
        #expect(edit.lineCount == 4)
        #expect(storage.cursor == Position(line: 3, offset: 1))
        #expect(!storage.hasSelection)
    }

    @Test("T4: character offsets and positions map both ways, across lines and wide characters, clamped")
    func characterOffsets() {
        var storage = TextStorage("熊猫\nab\r\nc")
        #expect(storage.text == "熊猫\nab\nc")
        #expect(storage.characterCount == 7)
        #expect(storage.position(atCharacterOffset: 1) == Position(line: 0, offset: 3))
        #expect(storage.position(atCharacterOffset: 3) == Position(line: 1, offset: 0))
        #expect(storage.position(atCharacterOffset: 6) == Position(line: 2, offset: 0))
        #expect(storage.position(atCharacterOffset: -5) == .start)
        #expect(storage.position(atCharacterOffset: 99) == storage.endPosition)
        for offset in 0...7 {
            #expect(storage.characterOffset(of: storage.position(atCharacterOffset: offset)) == offset)
        }
    }

    @Test(
        "T4: the selection runs from its lower end whichever way it was made; replacing it leaves the cursor after"
    )
    func selection() {
        var storage = TextStorage("one\ntwo\nthree")
        storage.cursor = Position(line: 0, offset: 1)
        storage.anchor = Position(line: 2, offset: 2)
        #expect(storage.selectedText == "ne\ntwo\nth")
        let edit = storage.replaceSelection(with: "X\nY")
        #expect(storage.text == "oX\nYree")
        #expect(edit.lower == Position(line: 0, offset: 1))
        #expect(edit.upper == Position(line: 2, offset: 2))
        #expect(storage.cursor == Position(line: 1, offset: 1))
        #expect(storage.anchor == storage.cursor)
        #expect(storage.selectedText.isEmpty)
    }

    @Test(
        "T4: after an edit, a place in the text after it moves with the text, one inside it goes to its start"
    )
    func positionsFollowAnEdit() {
        var storage = TextStorage("one\ntwo\nthree\nfour")
        // "ne\ntw" becomes "X\nY\nZ": one line more.
        let edit = storage.replace(
            from: Position(line: 0, offset: 1), to: Position(line: 1, offset: 2), with: "X\nY\nZ")
        #expect(storage.text == "oX\nY\nZo\nthree\nfour")
        #expect(edit.end == Position(line: 2, offset: 1))
        // Before the edit: unchanged. Inside: its start. On its last line after it: along
        // the new text. On a later line: one line down.
        #expect(edit.moved(.start) == .start)
        #expect(edit.moved(Position(line: 0, offset: 2)) == Position(line: 0, offset: 1))
        #expect(edit.moved(Position(line: 1, offset: 3)) == Position(line: 2, offset: 2))
        #expect(edit.moved(Position(line: 3, offset: 2)) == Position(line: 4, offset: 2))
        #expect(
            storage.slice(from: edit.moved(Position(line: 3, offset: 2)), to: storage.endPosition) == "ur")
    }

    @Test(
        "T4: ^W's word start skips the spaces before the cursor, then the word; never past the line's start")
    func wordStart() {
        let storage = TextStorage("first\nalpha beta  ")
        #expect(storage.wordStart(before: Position(line: 1, offset: 12)) == Position(line: 1, offset: 6))
        #expect(storage.wordStart(before: Position(line: 1, offset: 5)) == Position(line: 1, offset: 0))
        #expect(storage.wordStart(before: Position(line: 1, offset: 0)) == Position(line: 1, offset: 0))
    }

    @Test("T4: Backspace at a line's start joins it to the line before; nothing to delete changes nothing")
    func deletingLineBreaks() {
        var storage = TextStorage("ab\ncd")
        storage.cursor = Position(line: 1, offset: 0)
        storage.anchor = storage.cursor
        let edit = storage.deleteBackward()
        #expect(storage.lines.map(\.text) == ["abcd"])
        #expect(edit?.lineCount == 1)
        #expect(storage.cursor == Position(line: 0, offset: 2))
        storage.cursor = storage.endPosition
        storage.anchor = storage.cursor
        #expect(storage.deleteForward() == nil)
        storage.cursor = .start
        storage.anchor = .start
        #expect(storage.deleteBackward() == nil)
        #expect(storage.text == "abcd")
    }
}
