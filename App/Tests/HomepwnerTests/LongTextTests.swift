import Foundation
import RestorationTesting
import StateRestoration
import TerminalKit
import TerminalKitTestSupport
import Testing

@testable import Homepwner

@Suite("Homepwner: long names, paste, truncation, the default value (headless)")
@MainActor
struct LongTextTests {
    /// A name of 100,000 characters, Latin and Chinese.
    static let longName = LongText.make(100_000)

    /// Runs `work` and returns how many characters were measured meanwhile.
    static func measurements(_ work: () throws -> Void) rethrows -> Int {
        let counter = WidthMeasurementCounter()
        try TextWidth.$measurementCounter.withValue(counter) { try work() }
        return counter.count
    }

    @Test(
        "H14: a 100,000-character name opens, takes keys measuring only what shows, and its draft comes back after a kill"
    )
    func longNameOpensEditsAndRestores() throws {
        let name = Self.longName
        let first = try HeadlessHomepwner.launched(items: [("Mug", "M1", 3), (name, "LONG1", 5)])
        first.press(.down)
        let opening = Self.measurements { first.press(.enter) }
        #expect(opening < 5_000, "opening measured \(opening) characters")
        let field = try #require(first.detail?.nameField)
        let room = field.frame.width - 1
        #expect(first.lines[0].hasPrefix(" ‹ Homepwner"))
        #expect(first.lines[0].hasSuffix("…"))
        #expect(first.lines[1] == " Name     " + LongText.tail(of: name, fitting: room))
        #expect(
            first.terminal.cursor == Point(x: 10 + TextWidth.of(LongText.tail(of: name, fitting: room)), y: 1)
        )

        let typing = Self.measurements { first.type("x") }
        #expect(typing < 3_000, "a key measured \(typing) characters")
        let moving = Self.measurements { first.press(.left, .left, .left) }
        #expect(moving < 3_000, "three ← measured \(moving) characters")
        #expect(first.detail?.nameField.cursorPosition == 99_998)
        first.press(.ctrl("z"))

        // kill -9; relaunch: the same text, the cursor in the same place and the field
        // scrolled as it was left (rule X1: restoration-fuzz found a relaunch that scrolled
        // afresh, so the text field saves its scroll now).
        var second: HeadlessHomepwner?
        let restoring = try Self.measurements {
            second = try first.relaunched()
        }
        let relaunched = try #require(second)
        #expect(restoring < 10_000, "restoring measured \(restoring) characters")
        #expect(relaunched.detail?.nameField.cursorPosition == 99_998)
        #expect(relaunched.lines[0] == first.lines[0])
        #expect(relaunched.lines[1] == first.lines[1])
        #expect(relaunched.lines[1].hasSuffix("x"))  // still the end of the text, as left
        #expect(relaunched.terminal.cursor == first.terminal.cursor)
        relaunched.press(.escape)
        #expect(try relaunched.storedItem(1).name == name + "x")
        // The list shows the start of the long name, cut with `…`.
        let row = try #require(relaunched.highlightedRow)
        #expect(row.hasPrefix(" abc熊猫 defabc"))
        #expect(row.contains("… "))
    }

    @Test(
        "H12: a pasted \"a\\tb\\u{1B}c\" goes into the name as text: no jump to the next field, no going back"
    )
    func pasteStaysInTheField() throws {
        let app = try HeadlessHomepwner.launched()
        app.press(.down, .enter)
        let frames = app.terminal.frameCount
        app.terminal.paste("a\tb\u{1B}c")
        app.application.processEvents()
        #expect(app.terminal.frameCount == frames + 1)
        #expect(app.lines[0].hasPrefix(" ‹ Homepwner"))
        #expect(app.lines[1] == " Name     Rusty Beara bc")
        #expect(app.lines[2] == " Serial   0A1B2")
        #expect(app.terminal.cursor == Point(x: 24, y: 1))
        app.press(.escape)
        #expect(try app.storedItem(1).name == "Rusty Beara bc")
    }

    @Test(
        "H11: at 22 columns a field without the focus shows the start of its text and `…` where it is cut"
    )
    func truncatedFieldShowsItsStart() throws {
        let app = try HeadlessHomepwner.launched(size: Size(width: 22, height: 12))
        app.press(.down, .enter, .tab, .tab, .ctrl("u"))
        app.type("$123,456,789,012")
        app.press(.tab)
        let width = try #require(app.detail?.valueField.frame.width)
        #expect(width < 16)
        #expect(app.lines[3] == " Value $  " + String("$123,456,789,012".prefix(width - 1)) + "…")
        // With the focus it scrolls to the cursor, as before.
        app.press(.backTab)
        #expect(app.lines[3] == " Value $  " + String("$123,456,789,012".suffix(width - 1)))
        app.press(.escape)
        #expect(try app.storedItem(1).valueInDollars == 123_456_789_012)
    }

    @Test("H12: a new item's value 0 is replaced by what is typed: 45, not 045")
    func newItemValueReplacesTheDefault() throws {
        let app = try HeadlessHomepwner.launched()
        app.startNewItem(named: "Lamp")
        app.press(.tab, .tab)
        #expect(app.lines[3] == " Value $  0")
        app.type("45")
        #expect(app.lines[3] == " Value $  45")
        app.press(.enter)
        #expect(try app.storedItem(5).valueInDollars == 45)
        #expect(app.highlightedRow?.hasSuffix("$45") == true)
        // Moved into, the 0 is ordinary text: Home then 1 gives 10.
        app.press(.up, .enter, .tab, .tab)
        #expect(app.lines[3] == " Value $  0")
        app.press(.home)
        app.type("1")
        #expect(app.lines[3] == " Value $  10")
    }
}
