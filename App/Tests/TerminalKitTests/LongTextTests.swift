import RestorationTesting
import StateRestoration
import TerminalKitTestSupport
import Testing

@testable import TerminalKit

@Suite("Text field: long text, paste, truncation, defaults")
@MainActor
struct LongTextTests {
    /// The length of the long texts: far more than any screen shows.
    static let longLength = 100_000

    /// Latin letters and Chinese characters, so wide characters are on both sides of any cut.
    static func longText(_ length: Int = longLength) -> String { LongText.make(length) }

    @Test("H14: opening a 100,000-character field measures what shows, not the text")
    func openingMeasuresTheWindow() {
        let text = Self.longText()
        var launched: (Application, HeadlessTerminal, TextField)?
        let count = widthMeasurements { launched = launchField(text: text) }
        #expect(count < 2_000, "opening measured \(count) characters")
        guard let (_, terminal, field) = launched else { return }
        #expect(field.text == text)
        #expect(field.cursorPosition == Self.longLength)
        // The end shows, with the cursor after it (the field is 22 columns wide).
        let shown = LongText.tail(of: text, fitting: 21)
        #expect(terminal.text.hasPrefix(" Name  \(shown)\n"), "\(terminal.text)")
        #expect(terminal.cursor == Point(x: 7 + TextWidth.of(shown), y: 0))
    }

    @Test(
        "H14: each key in a 100,000-character field measures O(field width) characters",
        arguments: [
            ("Home", [Key.home]), ("End", [Key.home, Key.end]), ("←", [Key.left]),
            ("→", [Key.home, Key.right]),
            ("typing", [Key.character("x")]), ("Backspace", [Key.backspace]),
            ("Delete", [Key.home, Key.delete]),
            ("^W", [Key.ctrl("w")]), ("^A", [Key.ctrl("a")]), ("^E", [Key.home, Key.ctrl("e")]),
        ])
    func keysMeasureTheWindow(name: String, keys: [Key]) {
        let (app, terminal, field) = launchField(text: Self.longText())
        for key in keys.dropLast() {
            terminal.press(key)
            app.processEvents()
        }
        guard let last = keys.last else { return }
        let count = widthMeasurements {
            terminal.press(last)
            app.processEvents()
        }
        #expect(count < 1_000, "\(name) measured \(count) characters")
        #expect(field.text.count >= Self.longLength - 10)
        #expect(terminal.screen.checkInvariants())
    }

    @Test("H14: Home and End in a long Chinese text show its start and its end")
    func homeAndEnd() {
        let text = Self.longText()
        let (app, terminal, field) = launchField(text: text, width: 16)
        terminal.press(.home)
        app.processEvents()
        #expect(terminal.text.hasPrefix(" Name  abc熊猫\n"))
        #expect(terminal.cursor == Point(x: 7, y: 0))
        terminal.press(.right, times: 4)
        app.processEvents()
        #expect(terminal.cursor == Point(x: 12, y: 0))
        terminal.press(.right)
        terminal.type("x")
        app.processEvents()
        #expect(field.text.hasPrefix("abc熊猫x def"))
        #expect(terminal.text.hasPrefix(" Name  bc熊猫x\n"), "\(terminal.text)")
        #expect(terminal.cursor == Point(x: 14, y: 0))
        terminal.press(.end)
        app.processEvents()
        #expect(field.cursorPosition == Self.longLength + 1)
        #expect(
            terminal.text.hasPrefix(" Name  \(LongText.tail(of: text, fitting: 7))\n"), "\(terminal.text)")
        #expect(terminal.cursor == Point(x: 14, y: 0))
    }
}

@Suite("Text field: bracketed paste")
@MainActor
struct TextFieldPasteTests {
    @Test(
        "H12: a 10,000-character paste with Tabs, newlines and Escapes is one edit, on one line"
    )
    func longPaste() {
        let (app, terminal, field) = launchField(text: ">")
        var changes = 0
        field.onChange = { _ in changes += 1 }
        let unit = "ab\tc\u{1B}d\r\n"
        let counter = WidthMeasurementCounter()
        TextWidth.$measurementCounter.withValue(counter) {
            terminal.paste(String(repeating: unit, count: 1_250))
            app.processEvents()
        }
        #expect(changes == 1)
        #expect(counter.count < 1_000, "the paste measured \(counter.count) characters")
        // Tabs and line breaks are spaces, the Escapes are gone, the last line break too.
        #expect(field.text == ">" + String(String(repeating: "ab cd ", count: 1_250).dropLast()))
        #expect(field.cursorPosition == field.text.count)
        #expect(terminal.text.hasPrefix(" Name   cd ab cd ab cd ab cd\n"), "\(terminal.text)")
    }

    @Test("H12: a numeric field keeps the digits of a paste")
    func numericPaste() {
        let app = FruitLaunch.emptiedPriceField()
        app.terminal.paste("$1,2\t00\n")
        app.application.processEvents()
        #expect(app.screen.contains(" Price  1200\n"))
        #expect(app.screen.contains("Whole dollars only"))
    }
}
