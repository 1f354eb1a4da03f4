import Foundation
import HomepwnerCore
import RestorationTesting
import StateRestoration
import TerminalKit
import Testing

@testable import Homepwner

@Suite("Homepwner: the detail screen (headless)")
@MainActor
struct DetailScreenTests {
    /// Launches on the sample items and opens the detail of the second ("Rusty Bear", 0A1B2, $35).
    private func openRustyBear() throws -> HeadlessHomepwner {
        let app = try HeadlessHomepwner.launched()
        app.press(.down, .enter)
        return app
    }

    /// The screen's rows without their margins, joined by spaces: wrapped text reads whole.
    private func joinedRows(_ app: HeadlessHomepwner) -> String {
        app.lines.map { $0.trimmingCharacters(in: .whitespaces) }.joined(separator: " ")
    }

    @Test(
        "H4, T5: the fields, the read-only date in the user's locale, no photo, the notes; the name field has the focus"
    )
    func fields() throws {
        let app = try openRustyBear()
        let item = try app.storedItem(1)
        let date = CreatedDate.text(item.dateCreated)
        #expect(CreatedDate.locale == Locale.current)
        #expect(
            app.screen
                == rustyBearDetail(
                    bar: " ‹ Homepwner             Rusty Bear", created: date,
                    footer: "Tab Next field  Esc Back  ^T Summary  ^C Quit"))
        #expect(app.terminal.cursor == Point(x: 20, y: 1))
        // Tab visits the four fields and the notes, and never the date.
        var rows: [Int] = []
        for _ in 0..<5 {
            app.press(.tab)
            rows.append(app.terminal.cursor?.y ?? -1)
        }
        #expect(rows == [2, 3, 5, 7, 1])
    }

    @Test("H11: ↑ and ↓ move between the item's fields")
    func arrowsMoveBetweenFields() throws {
        let app = try HeadlessHomepwner.launched()
        app.press(.down, .enter, .down, .down)
        app.type("9")
        #expect(app.lines[3] == " Value $  359")
        app.press(.up)
        app.type("Z")
        #expect(app.lines[2] == " Serial   0A1B2Z")
        app.press(.up, .up)  // stays in the first field
        app.type("!")
        #expect(app.lines[1] == " Name     Rusty Bear!")
    }

    // MARK: The value

    @Test(
        "H4: the value takes whole dollars; anything else shows a message and is not stored",
        arguments: [
            ("12.50", "Value: \"12.50\" has cents; use whole dollars"),
            ("-3", "Value: \"-3\" is negative; values start at $0"),
            ("ten", "Value: \"ten\" is not a number of dollars"),
            ("", "Value: type a whole number of dollars"),
        ])
    func invalidValue(typed: String, message: String) throws {
        let app = try openRustyBear()
        app.type(" 2")
        app.press(.tab, .tab, .backspace, .backspace)
        app.type(typed)
        #expect(app.lines[6] == " " + message)
        #expect(app.terminal.screen[1, 6].style.attributes.contains(.bold))
        app.press(.escape, .escape)  // the first says the value is not stored
        let stored = try app.storedItem(1)
        #expect(stored.name == "Rusty Bear 2")  // the other fields are stored
        #expect(stored.valueInDollars == 35)  // the invalid value is not
        #expect(app.highlightedRow?.hasSuffix("$35") == true)
    }

    @Test("H4: fixing the value clears the message, and the value is stored")
    func fixedValue() throws {
        let app = try openRustyBear()
        app.press(.tab, .tab)
        app.type("x")
        #expect(app.lines[6] == " Value: \"35x\" is not a number of dollars")
        app.press(.backspace)
        #expect(app.lines[6] == "")
        app.type("0")
        app.press(.escape)
        #expect(try app.storedItem(1).valueInDollars == 350)
    }

    @Test("H4: an emptied value shows what to type, not a dim 0 that reads as a value of $0")
    func emptyValuePlaceholder() throws {
        let app = try HeadlessHomepwner.launched()
        app.press(.down, .enter, .tab, .tab, .ctrl("u"))
        #expect(app.lines[3] == " Value $  whole dollars")
        #expect(app.lines[6] == " Value: type a whole number of dollars")
    }

    @Test(
        "H12: Esc with an invalid value stays and says so; Esc again leaves, the old value kept"
    )
    func invalidValueOnBack() throws {
        let app = try HeadlessHomepwner.launched()
        app.press(.down, .enter, .tab, .tab)
        app.type("x")
        app.press(.escape)
        #expect(app.detail?.item.name == "Rusty Bear")
        #expect(
            app.screen.replacingOccurrences(of: "\n ", with: " ").contains(
                "Value: \"35x\" is not a number of dollars, so $35 stays. Fix it, or press Esc again to leave."
            ))
        app.press(.escape)
        #expect(app.detail == nil)
        #expect(app.highlightedRow?.hasSuffix("$35") == true)
        #expect(try app.storedItem(1).valueInDollars == 35)
    }

    @Test(
        "H4: the value kept after an invalid one is written as the list writes it, with thousands separators")
    func keptValueFormatted() throws {
        let app = try HeadlessHomepwner.launched()
        app.press(.down, .down, .down, .enter, .tab, .tab, .ctrl("u"))
        app.type("12.5")
        app.press(.escape)
        #expect(app.screen.replacingOccurrences(of: "\n ", with: " ").contains("so $1,200 stays."))
    }

    @Test("H12: Done with an invalid value stays on the new item and says so")
    func invalidValueOnDone() throws {
        let app = try HeadlessHomepwner.launched()
        app.startNewItem(named: "Lamp")
        app.press(.tab, .tab)
        app.type("ten")
        app.press(.enter)
        #expect(app.detail?.isNew == true)
        #expect(
            app.screen.replacingOccurrences(of: "\n ", with: " ").contains(
                "Value: \"ten\" is not a number of dollars. Fix it before Done, or Esc to cancel the item."))
        app.press(.backspace, .backspace, .backspace)
        app.type("12")
        app.press(.enter)
        #expect(app.detail == nil)
        #expect(try app.store.allItems().last.map { "\($0.name) \($0.valueInDollars)" } == "Lamp 12")
    }

    @Test(
        "H8, H13: after the first Esc with an invalid value, an outside change keeps the warning; Esc leaves")
    func valueWarningSurvivesOutsideChange() throws {
        let app = try HeadlessHomepwner.launched()
        app.press(.enter, .down, .down)
        app.type("e")
        app.press(.escape)
        // The warning wraps onto a second row (rows joined without their margins).
        let warning = "\"12e\" is not a number of dollars, so $12 stays. Fix it, or press Esc again to leave."
        #expect(joinedRows(app).contains(warning))
        let outside = try ItemStore(paths: app.paths)
        try outside.createItem(name: "Lamp", serialNumber: "L1", valueInDollars: 5)
        app.advance(by: .seconds(1))
        // It once fell back to the short message, while the next Esc would still leave.
        #expect(app.detail != nil)
        #expect(joinedRows(app).contains(warning))

        app.press(.ctrl("z"))
        let second = try app.relaunched()
        #expect(second.screen == app.screen)
        second.press(.escape)
        #expect(second.detail == nil)
        #expect(try second.storedItem(0).valueInDollars == 12)
    }
}
