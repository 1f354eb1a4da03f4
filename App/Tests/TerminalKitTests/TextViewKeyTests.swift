import RestorationTesting
import StateRestoration
import Testing

@testable import TerminalKit

@Suite("T4: text view: keys, selection, pasteboard")
@MainActor
struct TextViewKeyTests {
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

}
