import RestorationTesting
import StateRestoration
import TestSupport
import Testing

@testable import TerminalKit

/// A notes screen: a title field on the first row, a text view below it taking the rest,
/// the text view focused.
@MainActor
final class NotesController: ViewController, TextViewDelegate {
    let titleField = TextField(placeholder: "title")
    let body: TextView
    /// What the delegate heard.
    var changes = 0
    var selectionChanges = 0
    var returns = 0
    /// The model the delegate keeps up to date as the user types.
    var savedNote = ""
    /// Enter pressed while the text view let it travel on.
    var done = 0

    init(text: String = "", pasteboard: Pasteboard = Pasteboard()) {
        body = TextView(text: text)
        super.init()
        restorationIdentifier = "Notes"
        titleField.restorationIdentifier = "title"
        body.restorationIdentifier = "body"
        body.pasteboard = pasteboard
        body.delegate = self
    }

    override func loadView() {
        let root = View()
        root.addSubview(titleField)
        root.addSubview(body)
        view = root
    }

    override func viewDidLoad() {
        body.becomeFirstResponder()
    }

    override func viewWillLayoutSubviews() {
        titleField.frame = Rect(x: 0, y: 0, width: view.frame.width, height: 1)
        body.frame = Rect(x: 0, y: 1, width: view.frame.width, height: max(0, view.frame.height - 1))
    }

    /// `q` pressed while the text view let it travel on.
    var quits = 0

    override var keyCommands: [KeyCommand] {
        [
            KeyCommand(.enter, title: "Done") { [weak self] in self?.done += 1 },
            KeyCommand(.character("q"), title: "Quit") { [weak self] in self?.quits += 1 },
        ]
    }

    func textViewDidChange(_ textView: TextView) {
        changes += 1
        savedNote = textView.text
    }

    func textViewDidChangeSelection(_ textView: TextView) { selectionChanges += 1 }

    func textViewShouldReturn(_ textView: TextView) -> Bool {
        returns += 1
        return false
    }
}

/// One launch of the notes screen.
@MainActor
private func launchNotes(
    _ size: Size, text: String = "", storage: InMemoryStorage = InMemoryStorage()
) throws -> (ViewLaunch, NotesController) {
    let notes = NotesController(text: text)
    return (try ViewLaunch(root: notes, size: size, storage: storage), notes)
}

/// Launches the notes on fresh storage with `text`, lets `act` edit, and saves: the
/// storage to relaunch from, and the launch and screen as they were saved.
@MainActor
private func savedNotes(
    _ size: Size, text: String, _ act: (ViewLaunch, NotesController) -> Void
) throws -> (storage: InMemoryStorage, launch: ViewLaunch, notes: NotesController) {
    let storage = InMemoryStorage()
    let (launch, notes) = try launchNotes(size, text: text, storage: storage)
    act(launch, notes)
    launch.saveAndSuspend()
    return (storage, launch, notes)
}

/// The rows the text view's first `count` rows show (screen rows 1...count).
@MainActor
private func bodyLines(_ launch: ViewLaunch, _ count: Int) -> [String] {
    (1...count).map { launch.terminal.screen.line($0) }
}

@Suite("T4: text view: wrapping, keys, selection, pasteboard")
@MainActor
struct TextViewTests {
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

    @Test(
        "T4: Shift with the arrows selects (as a terminal sends it), shown in reverse video",
        arguments: ViewLaunch.sizes)
    func shiftSelects(size: Size) throws {
        let (launch, notes) = try launchNotes(size)
        launch.type("hello world")
        launch.send(String(repeating: "\u{1B}[1;2D", count: 5))  // Shift-← five times
        #expect(notes.body.selectedText == "world")
        #expect(notes.body.selectedRange == 6..<11)
        #expect(launch.reversedCells == (6..<11).map { Point(x: $0, y: 1) })
        #expect(launch.terminal.cursor == Point(x: 6, y: 1))
        // The footer says how to copy and cut it.
        #expect(launch.terminal.screen.line(size.height - 1).hasPrefix("M-c/M-x Copy/Cut"))
        // ← without Shift goes to the selection's start and selects nothing.
        launch.press(.left)
        #expect(notes.body.selectedRange == 6..<6)
        #expect(launch.reversedCells.isEmpty)
        #expect(!launch.terminal.screen.line(size.height - 1).contains("Copy"))
        // Shift-End, Shift-Home (as a terminal sends them).
        launch.send("\u{1B}[1;2F")
        #expect(notes.body.selectedText == "world")
        launch.send("\u{1B}[1;2H")
        #expect(notes.body.selectedText == "hello ")
        #expect(notes.selectionChanges >= 8)
        // Typing replaces the selection.
        launch.type("oh ")
        #expect(notes.body.text == "oh world")
        #expect(launch.terminal.screen.line(1) == "oh world")
    }

    @Test(
        "T4: M-x cuts, M-v pastes, M-c copies, ^Y yanks, with the app's pasteboard",
        arguments: ViewLaunch.sizes)
    func copyCutPaste(size: Size) throws {
        let pasteboard = Pasteboard()
        let notes = NotesController(pasteboard: pasteboard)
        let launch = try ViewLaunch(root: notes, size: size)
        launch.type("hello world")
        launch.send(String(repeating: "\u{1B}[1;2D", count: 5) + "\u{1B}x")  // Shift-← ×5, Alt-x
        #expect(notes.body.text == "hello ")
        #expect(pasteboard.string == "world")
        #expect(launch.terminal.screen.line(1) == "hello")
        launch.press(.home)
        launch.send("\u{1B}v")  // Alt-v
        #expect(notes.body.text == "worldhello ")
        #expect(launch.terminal.cursor == Point(x: 5, y: 1))
        launch.send("\u{1B}[1;2F\u{1B}c")  // Shift-End, Alt-c
        #expect(pasteboard.string == "hello ")
        #expect(notes.body.text == "worldhello ")
        launch.press(.ctrl("e"), .ctrl("y"))
        #expect(notes.body.text == "worldhello hello ")
        #expect(launch.terminal.screen.line(1) == "worldhello hello")
        #expect(launch.terminal.cursor == Point(x: 17, y: 1))
        #expect(notes.savedNote == "worldhello hello ")
    }

    @Test(
        "T4: a selection across a line break shows the break, and cutting it joins the lines",
        arguments: ViewLaunch.sizes)
    func lineBreakSelection(size: Size) throws {
        let pasteboard = Pasteboard()
        let notes = NotesController(text: "one\ntwo\nthree", pasteboard: pasteboard)
        let launch = try ViewLaunch(root: notes, size: size)
        #expect(bodyLines(launch, 3) == ["one", "two", "three"])
        launch.press(Key(.up, modifiers: .shift))
        #expect(notes.body.selectedText == "\nthree")
        // "two" then a selected cell for its line break, and "three" selected.
        #expect(launch.reversedCells == [Point(x: 3, y: 2)] + (0..<5).map { Point(x: $0, y: 3) })
        launch.press(Key(.character("x"), modifiers: .alt))
        #expect(notes.body.text == "one\ntwo")
        #expect(pasteboard.string == "\nthree")
        launch.press(Key(.home, modifiers: .control), .ctrl("y"))
        #expect(notes.body.text == "\nthreeone\ntwo")
        #expect(bodyLines(launch, 3) == ["", "threeone", "two"])
        #expect(launch.terminal.cursor == Point(x: 5, y: 2))
    }

    @Test(
        "T4: ^K, ^U and ^W cut what a text field's remove, into the pasteboard; ^K at a line's end joins the next"
    )
    func killKeys() throws {
        let pasteboard = Pasteboard()
        let notes = NotesController(text: "alpha beta gamma\nnext", pasteboard: pasteboard)
        let launch = try ViewLaunch(root: notes, size: Size(width: 40, height: 12))
        launch.press(Key(.home, modifiers: .control), .ctrl("e"), .ctrl("w"))
        #expect(notes.body.text == "alpha beta \nnext")
        #expect(pasteboard.string == "gamma")
        launch.press(.ctrl("k"))
        #expect(notes.body.text == "alpha beta next")
        #expect(pasteboard.string == "\n")
        launch.press(.ctrl("u"))
        #expect(notes.body.text == "next")
        #expect(pasteboard.string == "alpha beta ")
        launch.press(.ctrl("k"))
        #expect(notes.body.text == "")
        #expect(pasteboard.string == "next")
        #expect(launch.terminal.cursor == Point(x: 0, y: 1))
    }

    @Test(
        "T4: a bracketed paste keeps its lines, Tabs become spaces, controls are dropped; Backspace and Delete join lines"
    )
    func pasteAndDelete() throws {
        let (launch, notes) = try launchNotes(Size(width: 40, height: 12))
        launch.terminal.paste("a\tb\r\nc\u{1B}d\re")
        launch.application.processEvents()
        #expect(notes.body.text == "a    b\ncd\ne")
        #expect(notes.changes == 1)
        #expect(bodyLines(launch, 3) == ["a    b", "cd", "e"])
        launch.press(.ctrl("a"), .backspace)
        #expect(notes.body.text == "a    b\ncde")
        launch.press(.up, .ctrl("e"), .delete)
        #expect(notes.body.text == "a    bcde")
        #expect(launch.terminal.cursor == Point(x: 6, y: 1))
    }

    @Test(
        "T4: with insertsNewlineOnEnter off, Enter goes to the delegate and on to the screen's Done; Tab leaves",
        arguments: ViewLaunch.sizes)
    func enterAndTab(size: Size) throws {
        let (launch, notes) = try launchNotes(size)
        launch.type("a")
        launch.press(.enter)
        #expect(notes.body.text == "a\n")
        #expect(notes.done == 0)
        notes.body.insertsNewlineOnEnter = false
        launch.press(.enter)
        #expect(notes.body.text == "a\n")
        #expect(notes.returns == 1)
        #expect(notes.done == 1)
        launch.press(.tab)
        #expect(launch.application.window.firstResponder === notes.titleField)
        launch.type("Title")
        #expect(notes.titleField.text == "Title")
        #expect(notes.body.text == "a\n")
        #expect(launch.terminal.screen.line(0).hasPrefix("Title"))
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
        // "running"; three rows show, the cursor's the last of them.
        #expect(bodyLines(launch, 3) == ["jumps over the lazy", "dog and keeps", "running"])
        #expect(launch.terminal.cursor == Point(x: 0, y: 3))
        #expect(notes.body.cursorPosition == Self.sentence.count - 7)
        launch.terminal.resize(to: Size(width: 120, height: 40))
        launch.application.processEvents()
        #expect(bodyLines(launch, 1) == [Self.sentence])
        #expect(launch.terminal.cursor == Point(x: Self.sentence.count - 7, y: 1))
    }

    @Test(
        "T4: the keys a text view uses come from a terminal's bytes (xterm's modifier forms, Alt as Esc first)"
    )
    func keysDecode() {
        let expected: [(String, Key)] = [
            ("\u{1B}[1;2A", Key(.up, modifiers: .shift)), ("\u{1B}[1;2B", Key(.down, modifiers: .shift)),
            ("\u{1B}[1;2C", Key(.right, modifiers: .shift)), ("\u{1B}[1;2D", Key(.left, modifiers: .shift)),
            ("\u{1B}[1;2H", Key(.home, modifiers: .shift)), ("\u{1B}[1;2F", Key(.end, modifiers: .shift)),
            ("\u{1B}[5;2~", Key(.pageUp, modifiers: .shift)),
            ("\u{1B}[6;2~", Key(.pageDown, modifiers: .shift)),
            ("\u{1B}[1;5H", Key(.home, modifiers: .control)), ("\u{1B}[1;5F", Key(.end, modifiers: .control)),
            ("\u{1B}[1;6F", Key(.end, modifiers: [.control, .shift])),
            ("\u{1B}c", Key(.character("c"), modifiers: .alt)),
            ("\u{1B}x", Key(.character("x"), modifiers: .alt)),
            ("\u{1B}v", Key(.character("v"), modifiers: .alt)),
            ("\u{1B}a", Key(.character("a"), modifiers: .alt)),
            ("\u{0B}", .ctrl("k")), ("\u{15}", .ctrl("u")), ("\u{17}", .ctrl("w")), ("\u{19}", .ctrl("y")),
        ]
        for (bytes, key) in expected {
            var decoder = KeyDecoder()
            #expect(decoder.decode(Array(bytes.utf8)) + decoder.flush() == [key], "\(key)")
        }
    }

    @Test(
        "T4: a text view that is not editable moves, selects and copies; typing, Enter and cutting travel on",
        arguments: ViewLaunch.sizes)
    func readOnly(size: Size) throws {
        let pasteboard = Pasteboard()
        let notes = NotesController(text: "read me\nslowly", pasteboard: pasteboard)
        notes.body.isEditable = false
        let launch = try ViewLaunch(root: notes, size: size)
        // The footer offers the screen's `q`, which a text view taking text would hide.
        #expect(launch.terminal.screen.line(size.height - 1).contains("q Quit"))
        launch.type("q")
        launch.press(.enter, .backspace, .delete, .ctrl("k"), .ctrl("y"))
        launch.terminal.paste("pasted")
        launch.send("\u{1B}x\u{1B}v")
        #expect(notes.body.text == "read me\nslowly")
        #expect(notes.quits == 1)
        #expect(notes.done == 1)
        #expect(notes.changes == 0)
        launch.press(Key(.home, modifiers: .control), Key(.end, modifiers: .shift))
        launch.send("\u{1B}c")
        #expect(pasteboard.string == "read me")
        #expect(launch.reversedCells == (0..<7).map { Point(x: $0, y: 1) })
        #expect(bodyLines(launch, 2) == ["read me", "slowly"])
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
        #expect(launch.terminal.screen.line(1) == "line \(height)")
        #expect(launch.terminal.cursor == Point(x: 0, y: 2))
        #expect(notes.body.scrollPosition == (1..<height).reduce(0) { $0 + "line \($1)".count + 1 })
        launch.press(.pageUp)
        #expect(launch.terminal.screen.line(1) == "line 1")
        #expect(launch.terminal.cursor == Point(x: 0, y: 2))
        launch.press(.pageUp)
        #expect(notes.body.cursorPosition == 0)
    }
}

@Suite("T4: text view: what a relaunch brings back")
@MainActor
struct TextViewRestorationTests {
    /// 150 lines, some wrapping at 40 columns, some Chinese: more than 120x40 shows.
    static let text = (1...150).map { number in
        number % 3 == 0
            ? "\(number) 熊猫 \(String(repeating: "熊猫", count: number % 20))"
            : "\(number) the line of text number \(number), long enough to wrap at forty"
    }.joined(separator: "\n")

    @Test(
        "T4: text, cursor, selection and scroll come back, and so does the screen",
        arguments: ViewLaunch.sizes)
    func relaunch(size: Size) throws {
        let (storage, first, notes) = try savedNotes(size, text: Self.text) { launch, _ in
            launch.press(Key(.home, modifiers: .control))
            launch.press(.down, times: 3)
            launch.press(.pageDown, times: 2)
            launch.press(.right)
            launch.send("\u{1B}[1;2B\u{1B}[1;2C")  // Shift-↓, Shift-→
        }
        let screen = first.terminal.text
        let cursor = try #require(first.terminal.cursor)
        let selected = first.reversedCells
        let range = notes.body.selectedRange
        let scroll = notes.body.scrollPosition
        // A fresh layout would not show this: the cursor is mid-view, the text scrolled.
        #expect(scroll > 0)
        #expect(!range.isEmpty)
        #expect(cursor.y > 1 && cursor.y < size.height - 2)
        #expect(!selected.isEmpty)

        let (second, restored) = try launchNotes(size, text: "something else", storage: storage)
        #expect(restored.body.text == Self.text)
        #expect(restored.body.selectedRange == range)
        #expect(restored.body.scrollPosition == scroll)
        #expect(second.terminal.text == screen)
        #expect(second.terminal.cursor == cursor)
        #expect(second.reversedCells == selected)
        #expect(second.application.window.firstResponder === restored.body)
        // And it edits on from there: typing replaces the selection.
        second.type("X")
        #expect(restored.body.selectedRange == range.lowerBound + 1..<range.lowerBound + 1)
        #expect(restored.body.text.count == Self.text.count - range.count + 1)
    }

    @Test(
        "T4: saved in a wide terminal, restored in a narrow one: the same text at the top, the cursor in sight"
    )
    func narrowerRelaunch() throws {
        let (storage, _, notes) = try savedNotes(Size(width: 120, height: 40), text: Self.text) { launch, _ in
            launch.press(Key(.home, modifiers: .control), .pageDown, .down, .down)
        }
        let scroll = notes.body.scrollPosition
        let cursor = notes.body.cursorPosition
        let lines = Self.text.split(separator: "\n", omittingEmptySubsequences: false)
        #expect(scroll == lines.prefix(37).reduce(0) { $0 + $1.count + 1 })
        let (second, restored) = try launchNotes(Size(width: 40, height: 12), storage: storage)
        #expect(restored.body.scrollPosition == scroll)
        #expect(restored.body.cursorPosition == cursor)
        // Line 38 wraps at 40 columns: its first row on top, the cursor two lines below.
        #expect(second.terminal.screen.line(1) == "38 the line of text number 38, long")
        let cursorRow = try #require(second.terminal.cursor)
        #expect(cursorRow.x == 0 && cursorRow.y > 2 && cursorRow.y <= 10)
        #expect(second.terminal.screen.line(cursorRow.y).hasPrefix("40 the line of text"))
    }

    @Test(
        "T4: random typing, moves, selections and cuts, then a relaunch: the screen a fresh wrap draws is the same",
        arguments: ViewLaunch.sizes)
    func randomEdits(size: Size) throws {
        let keys: [Key] =
            Array(repeating: .character("a"), count: 6) + Array(repeating: .character(" "), count: 3) + [
                .character("熊"), .character("\u{301}"), .character("🇺"), .character("🇸"), .enter, .backspace,
                .delete, .left, .right, .up, .down, .home, .end, .pageUp, .pageDown,
                Key(.left, modifiers: .shift), Key(.up, modifiers: .shift), Key(.down, modifiers: .shift),
                Key(.end, modifiers: .shift), Key(.home, modifiers: .control), Key(.end, modifiers: .control),
                .ctrl("k"), .ctrl("u"), .ctrl("w"), .ctrl("y"), Key(.character("x"), modifiers: .alt),
                Key(.character("c"), modifiers: .alt), Key(.character("v"), modifiers: .alt),
            ]
        let start = (1...40).map { "\($0) " + LongTextTests.longText($0 * 3) }.joined(separator: "\n")
        for seed in UInt64(1)...10 {
            var random = SplitMix64(seed: seed)
            let (storage, first, notes) = try savedNotes(size, text: start) { launch, _ in
                for _ in 0..<120 {
                    launch.press(keys.randomElement(using: &random) ?? .left)
                    #expect(launch.terminal.screen.checkInvariants())
                }
            }
            let (second, restored) = try launchNotes(size, storage: storage)
            #expect(restored.body.text == notes.body.text, "seed \(seed)")
            #expect(restored.body.selectedRange == notes.body.selectedRange, "seed \(seed)")
            #expect(restored.body.scrollPosition == notes.body.scrollPosition, "seed \(seed)")
            #expect(second.terminal.text == first.terminal.text, "seed \(seed)")
            #expect(second.terminal.cursor == first.terminal.cursor, "seed \(seed)")
            #expect(second.reversedCells == first.reversedCells, "seed \(seed)")
        }
    }

    @Test(
        "T4: a hostile archive's negative or huge offsets are clamped to the text, and the cursor shows",
        arguments: ViewLaunch.sizes)
    func hostileOffsets(size: Size) throws {
        let (storage, _, _) = try savedNotes(size, text: Self.text) { _, _ in }
        try editArchive(in: storage, identifier: "body") { entries in
            entries.set("cursor", to: .int(-5))
            entries.set("anchor", to: .int(1_000_000_000_000))
            entries.set("scroll", to: .int(.max))
        }
        let (second, restored) = try launchNotes(size, storage: storage)
        #expect(restored.body.text == Self.text)
        // Everything selected, the cursor at the start, and the start shows.
        #expect(restored.body.selectedRange == 0..<Self.text.count)
        #expect(restored.body.scrollPosition == 0)
        #expect(second.terminal.cursor == Point(x: 0, y: 1))
        #expect(second.terminal.screen.line(1).hasPrefix("1 the line of text"))
        #expect(second.terminal.screen.checkInvariants())

        try editArchive(in: storage, identifier: "body") { entries in
            entries.set("cursor", to: .int(-1))
            entries.set("anchor", to: .int(-1))
            entries.set("scroll", to: .int(-40))
        }
        let (third, again) = try launchNotes(size, storage: storage)
        #expect(again.body.selectedRange == 0..<0)
        #expect(again.body.scrollPosition == 0)
        #expect(third.terminal.cursor == Point(x: 0, y: 1))
    }

    @Test(
        "T4: a scroll past a text that shrank is clamped: the end shows, no empty rows under it",
        arguments: ViewLaunch.sizes)
    func textShrank(size: Size) throws {
        let (storage, _, _) = try savedNotes(size, text: Self.text) { launch, notes in
            launch.press(.pageUp)
            #expect(notes.body.scrollPosition > 0)
        }
        // The saved text is shorter now (another version wrote it, or the file was cut).
        let short = (1...30).map { "row \($0)" }.joined(separator: "\n")
        try editArchive(in: storage, identifier: "body") { entries in
            entries.set("text", to: .string(short))
        }
        let (second, restored) = try launchNotes(size, storage: storage)
        let height = size.height - 2
        #expect(restored.body.text == short)
        #expect(restored.body.cursorPosition == short.count)
        let shown = min(30, height)
        #expect(second.terminal.screen.line(shown) == "row 30")
        #expect(second.terminal.screen.line(1) == "row \(30 - shown + 1)")
        #expect(second.terminal.cursor == Point(x: 6, y: shown))
    }
}

@Suite("T4: text view: work follows what is shown")
@MainActor
struct TextViewLinearityTests {
    /// `count` characters in lines of about fifty, Latin and Chinese.
    static func longText(_ count: Int) -> String {
        let line = "abc 熊猫 def ghij klm nop 熊猫熊猫 qrs tuv wxyz 12345"
        var text = ""
        while text.count < count { text += line + "\n" }
        return String(text.prefix(count))
    }

    @Test(
        "T4: opening, typing in the middle and paging in 100,000 characters measure the screen, not the text",
        arguments: ViewLaunch.sizes)
    func measuresTheScreen(size: Size) throws {
        var counts: [[Int]] = []
        for length in [100_000, 200_000] {
            var launched: (ViewLaunch, NotesController)?
            let opening = try widthMeasurements {
                launched = try launchNotes(size, text: Self.longText(length))
            }
            let (launch, notes) = try #require(launched)
            #expect(notes.body.cursorPosition == length)
            notes.body.cursorPosition = length / 2
            launch.application.processEvents()
            // Ten keys, each read and drawn on its own as a person types them.
            let typing = widthMeasurements { for key in "typed here" { launch.type(String(key)) } }
            #expect(notes.body.text.count == length + 10)
            #expect(notes.body.selectedRange == length / 2 + 10..<length / 2 + 10)
            let paging = widthMeasurements { launch.press(.pageDown, times: 3) }
            counts.append([opening, typing, paging])
        }
        let cells = size.width * size.height
        // (name, index, frames): opening lays out and draws twice, each key once, the three
        // PgDn once (after walking three pages of rows).
        for (name, index, frames) in [
            ("opening", 0, 2), ("typing ten characters", 1, 10), ("three PgDn", 2, 3),
        ] {
            let (small, large) = (counts[0][index], counts[1][index])
            // At most three times the cells shown per frame: wrapping the rows, drawing them.
            #expect(small < frames * 3 * cells, "\(name) measured \(small) characters at \(size)")
            // Twice the text, the same work: within one screenful (the rows shown differ).
            #expect(abs(large - small) <= cells, "\(name): \(small) then \(large) measurements")
        }
    }

    @Test(
        "T4: one line of 100,000 characters is wrapped once, linearly; typing at its end then measures the screen"
    )
    func oneLongLine() throws {
        let size = Size(width: 40, height: 12)
        var counts: [(opening: Int, typing: Int)] = []
        for length in [100_000, 200_000] {
            let text = String(LongTextTests.longText(length))
            var launched: (ViewLaunch, NotesController)?
            let opening = try widthMeasurements { launched = try launchNotes(size, text: text) }
            let (launch, notes) = try #require(launched)
            let typing = widthMeasurements { launch.type("0123456789") }
            #expect(notes.body.text.hasSuffix("0123456789"))
            #expect(launch.terminal.cursor?.y == size.height - 2)
            counts.append((opening, typing))
        }
        // Opening wraps the line up to the cursor at its end: about its length, once.
        // (Characters before a row's break after a space are measured again in the next
        // row: about a sixth more with a space every nine characters.)
        #expect(counts[0].opening >= 100_000 && counts[0].opening < 150_000, "\(counts)")
        let ratio = Double(counts[1].opening) / Double(counts[0].opening)
        #expect(ratio > 1.8 && ratio < 2.2, "\(counts)")
        // Typing ten characters (one read, one frame): the rows around the cursor, whatever
        // the length.
        #expect(counts[0].typing < 3 * size.width * size.height, "\(counts)")
        #expect(abs(counts[1].typing - counts[0].typing) <= size.width * size.height, "\(counts)")
    }
}
