import RestorationTesting
import StateRestoration
import Testing

@testable import TerminalKit

@Suite("Text field: editing, Unicode, numeric")
@MainActor
struct TextFieldTests {
    @Test("H11: typing and editing Chinese text; the cursor counts wide characters as two columns")
    func chineseEditing() {
        let (app, terminal, field) = launchField()
        terminal.type("你好世界")
        app.processEvents()
        #expect(terminal.text.hasPrefix(" Name  你好世界"))
        #expect(terminal.cursor == Point(x: 15, y: 0))
        terminal.press(.left, times: 2)
        terminal.type("大")
        app.processEvents()
        #expect(field.text == "你好大世界")
        #expect(terminal.cursor == Point(x: 13, y: 0))
        terminal.press(.backspace, .backspace, .delete)
        app.processEvents()
        #expect(field.text == "你界")
        #expect(terminal.cursor == Point(x: 9, y: 0))
        #expect(terminal.text.hasPrefix(" Name  你界"))
        terminal.press(.home)
        terminal.type("a")
        terminal.press(.end)
        terminal.type("é")
        app.processEvents()
        #expect(field.text == "a你界é")
        #expect(terminal.cursor == Point(x: 13, y: 0))
        #expect(terminal.screen.checkInvariants())
    }

    @Test("A combining accent joins the character before; one Backspace removes both")
    func combining() {
        let (app, terminal, field) = launchField()
        terminal.type("e\u{301}")
        app.processEvents()
        #expect(field.text == "é")
        #expect(field.cursorPosition == 1)
        terminal.press(.backspace)
        app.processEvents()
        #expect(field.text.isEmpty)
    }

    @Test("Long wide text scrolls to keep the cursor visible, never showing half a character")
    func scrolling() {
        let (app, terminal, field) = launchField(width: 16)
        terminal.type("一二三四五六七八九十")
        app.processEvents()
        // The field is 8 columns wide (16 minus the label and margins): the end shows.
        #expect(terminal.text.hasPrefix(" Name  八九十\n"))
        #expect(terminal.cursor == Point(x: 13, y: 0))
        terminal.press(.home)
        app.processEvents()
        #expect(terminal.text.hasPrefix(" Name  一二三四"))
        #expect(terminal.cursor == Point(x: 7, y: 0))
        #expect(field.text.count == 10)
        #expect(terminal.screen.checkInvariants())
    }

    @Test("The placeholder shows while the field is empty")
    func placeholder() {
        let (app, terminal, _) = launchField()
        #expect(terminal.text.hasPrefix(" Name  type here"))
        terminal.type("x")
        app.processEvents()
        #expect(terminal.text.hasPrefix(" Name  x\n"))
    }

    @Test("A numeric field refuses letters and tells the user")
    func numeric() {
        let app = FruitLaunch.emptiedPriceField()
        app.type("4x")
        #expect(
            app.screen == """
                 ‹ Fruits       Apple 0
                 Name   Apple 0
                 Price  4
                 Whole dollars only







                ^N New  Esc Back  ^C Quit
                """)
        app.type("2")
        #expect(app.screen.contains(" Price  42\n"))
        #expect(!app.screen.contains("Whole dollars"))
    }

    @Test("^U, ^K and ^W delete to the start, to the end, and the word before")
    func killKeys() {
        let (app, terminal, field) = launchField()
        terminal.type("one two three")
        terminal.press(.ctrl("w"))
        app.processEvents()
        #expect(field.text == "one two ")
        terminal.press(.left, times: 4)
        terminal.press(.ctrl("k"))
        app.processEvents()
        #expect(field.text == "one ")
        terminal.press(.ctrl("u"))
        app.processEvents()
        #expect(field.text.isEmpty)
    }
}
