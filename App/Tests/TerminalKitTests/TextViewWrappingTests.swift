import RestorationTesting
import StateRestoration
import Testing

@testable import TerminalKit

@Suite("T4: text view: wrapping, resizing, paging, the placeholder")
@MainActor
struct TextViewWrappingTests {
    static let sentence = "The quick brown fox jumps over the lazy dog and keeps running"

    @Test(
        "T4: typing wraps at the view's width, keeping words whole; Enter starts a new line",
        arguments: ViewLaunch.sizes)
    func wrapping(size: Size) throws {
        let (launch, notes) = try launchNotes(size)
        launch.type(Self.sentence)
        launch.press(.enter)
        launch.type("熊猫")
        #expect(notes.body.text == Self.sentence + "\n熊猫")
        #expect(notes.savedNote == notes.body.text)
        #expect(notes.changes == Self.sentence.count + 1 + 2)
        if size.width == 40 {
            // 39 columns for text: "lazy" ends in the 39th, its space hangs in the last.
            #expect(
                bodyLines(launch, 4) == [
                    "The quick brown fox jumps over the lazy", "dog and keeps running", "熊猫", "",
                ])
            #expect(launch.terminal.cursor == Point(x: 4, y: 3))
        } else {
            #expect(bodyLines(launch, 3) == [Self.sentence, "熊猫", ""])
            #expect(launch.terminal.cursor == Point(x: 4, y: 2))
        }
        // ↑ keeps the column: from after 熊猫 (column 4) to after "The " or "dog ".
        launch.press(.up)
        #expect(notes.body.cursorPosition == (size.width == 40 ? 44 : 4))
        #expect(launch.terminal.cursor == Point(x: 4, y: size.width == 40 ? 2 : 1))
    }

    @Test("T4: Chinese text wraps by whole characters, two columns each", arguments: ViewLaunch.sizes)
    func chineseWrapping(size: Size) throws {
        let (launch, notes) = try launchNotes(size)
        let text = String(repeating: "熊猫", count: 40)
        launch.type(text)
        // Rows of width - 1 columns: as many two-column characters as fit, none split.
        let perRow = (size.width - 1) / 2
        let characters = Array(text)
        let expected = stride(from: 0, to: characters.count, by: perRow).map {
            String(characters[$0..<min(characters.count, $0 + perRow)])
        }
        #expect(bodyLines(launch, expected.count) == expected)
        #expect(launch.terminal.screen.checkInvariants())
        let lastRow = expected.count
        #expect(
            launch.terminal.cursor == Point(x: 2 * (characters.count - perRow * (lastRow - 1)), y: lastRow))
        #expect(notes.body.text == text)
        // ↑ from the end, column kept; End goes to the end of that row, before its last
        // character (the row's end is the next row's start).
        launch.press(.up, .end)
        #expect(notes.body.cursorPosition == perRow * (lastRow - 1) - 1)
        #expect(launch.terminal.cursor == Point(x: 2 * (perRow - 1), y: lastRow - 1))
    }

    @Test("T4: an empty text view shows its placeholder, dimmed, until something is typed")
    func placeholder() throws {
        let (launch, notes) = try launchNotes(Size(width: 40, height: 12))
        notes.body.placeholder = "Write a note"
        launch.application.processEvents()
        #expect(launch.terminal.screen.line(1) == "Write a note")
        #expect(launch.terminal.screen[0, 1].style.attributes.contains(.dim))
        #expect(launch.terminal.cursor == Point(x: 0, y: 1))
        launch.type("x")
        #expect(launch.terminal.screen.line(1) == "x")
        launch.press(.backspace)
        #expect(launch.terminal.screen.line(1) == "Write a note")
    }

    @Test("T4: a resize wraps the text again at the new width, the cursor in sight")
    func resize() throws {
        let (launch, notes) = try launchNotes(Size(width: 120, height: 40))
        launch.type(Self.sentence)
        #expect(bodyLines(launch, 2) == [Self.sentence, ""])
        launch.press(.left, times: 7)  // before "running"
        launch.terminal.resize(to: Size(width: 40, height: 12))
        launch.application.processEvents()
        #expect(
            bodyLines(launch, 3) == ["The quick brown fox jumps over the lazy", "dog and keeps running", ""])
        #expect(launch.terminal.cursor == Point(x: 14, y: 2))
        launch.terminal.resize(to: Size(width: 20, height: 5))
        launch.application.processEvents()
        // 19 columns: "The quick brown fox " / "jumps over the lazy " / "dog and keeps " /
        // "running"; three rows show, the cursor's the last of them, the first saying that
        // more is above (the row's text leaves room for the arrow alone).
        #expect(bodyLines(launch, 3) == ["jumps over the lazy↑", "dog and keeps", "running"])
        #expect(launch.terminal.cursor == Point(x: 0, y: 3))
        #expect(notes.body.cursorPosition == Self.sentence.count - 7)
        launch.terminal.resize(to: Size(width: 120, height: 40))
        launch.application.processEvents()
        #expect(bodyLines(launch, 1) == [Self.sentence])
        #expect(launch.terminal.cursor == Point(x: Self.sentence.count - 7, y: 1))
    }

    @Test(
        "T4: PgDn and PgUp move a screenful, the text scrolling with the cursor",
        arguments: ViewLaunch.sizes)
    func paging(size: Size) throws {
        let text = (1...200).map { "line \($0)" }.joined(separator: "\n")
        let (launch, notes) = try launchNotes(size, text: text)
        let height = size.height - 2
        // The text's end shows, the cursor after it on the last row.
        #expect(launch.terminal.screen.line(height) == "line 200")
        #expect(launch.terminal.cursor == Point(x: 8, y: height))
        launch.press(Key(.home, modifiers: .control))
        #expect(launch.terminal.screen.line(1) == "line 1")
        launch.press(.down, .pageDown)
        #expect(launch.terminal.screen.line(1).hasPrefix("line \(height) "))
        #expect(launch.terminal.screen.line(1).hasSuffix("↑ \(height - 1) more lines"))
        #expect(launch.terminal.cursor == Point(x: 0, y: 2))
        #expect(notes.body.scrollPosition == (1..<height).reduce(0) { $0 + "line \($1)".count + 1 })
        launch.press(.pageUp)
        #expect(launch.terminal.screen.line(1) == "line 1")
        #expect(launch.terminal.cursor == Point(x: 0, y: 2))
        launch.press(.pageUp)
        #expect(notes.body.cursorPosition == 0)
    }

    @Test(
        "T4: a text view without the focus shows its text from the start, and says how many more lines lie below; focused, it scrolls to the cursor and says how many lie above",
        arguments: ViewLaunch.sizes)
    func scrollMarks(size: Size) throws {
        let text = (1...60).map { "line \($0)" }.joined(separator: "\n")
        let (launch, notes) = try launchNotes(size)
        let rows = size.height - 2
        launch.press(.backTab)  // the title field: the notes lose the focus
        notes.body.text = text
        launch.application.processEvents()
        #expect(launch.terminal.screen.line(1) == "line 1")
        let hidden = 60 - rows
        let last = launch.terminal.screen.line(rows)
        #expect(last.hasPrefix("line \(rows) "), "\(last)")
        #expect(last.hasSuffix("↓ \(hidden) more lines"), "\(last)")
        #expect(TextWidth.of(last) == size.width)
        #expect(!launch.terminal.screen.line(1).contains("↑"))

        launch.press(.tab)  // back in the notes, the cursor at the end: the end shows
        #expect(launch.terminal.screen.line(rows).hasPrefix("line 60"))
        let first = launch.terminal.screen.line(1)
        #expect(
            first.hasPrefix("line \(hidden + 1) ") && first.hasSuffix("↑ \(hidden) more lines"), "\(first)")
        // One row down from the top: one line above, the rest below.
        launch.press(Key(.home, modifiers: .control))
        launch.press(.down, times: rows)
        #expect(launch.terminal.screen.line(1).hasSuffix("↑ 1 more line"))
        #expect(launch.terminal.screen.line(rows).hasSuffix("↓ \(hidden - 1) more lines"))

        // A row whose text leaves no room for the words: the arrow alone, in the last column,
        // which text never takes.
        notes.body.text = String(repeating: "x", count: (size.width - 1) * (rows + 1))
        launch.press(Key(.home, modifiers: .control))
        let full = launch.terminal.screen.line(rows)
        #expect(full == String(repeating: "x", count: size.width - 1) + "↓", "\(full)")
        #expect(launch.terminal.screen[size.width - 1, rows].style == Theme.standard.scrollMark)
    }
}
