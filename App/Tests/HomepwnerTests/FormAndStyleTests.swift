import Foundation
import HomepwnerCore
import RestorationTesting
import StateRestoration
import TerminalKit
import Testing

@testable import Homepwner

/// Details a user of a form and of a list expects: Enter goes on to the next field, a year
/// reads as a year, and the highlighted row is not taken for the bar above it (headless).
@Suite("H4, H11: the item's form and the list's look (headless)")
@MainActor
struct FormAndStyleTests {
    @Test(
        "H4: on an item, Enter in Name, Serial and Value goes to the next field; in the photo field it attaches"
    )
    func enterGoesToNextField() throws {
        let app = try HeadlessHomepwner.launched(size: Size(width: 60, height: 12))
        app.press(.down, .enter)
        let detail = try #require(app.detail)
        #expect(detail.nameField.isFirstResponder)
        app.press(.enter)
        #expect(detail.serialNumberField.isFirstResponder)
        app.press(.enter)
        #expect(detail.valueField.isFirstResponder)
        app.press(.enter)
        #expect(detail.photoPathField.isFirstResponder)
        app.press(.enter)
        #expect(detail.photoPathField.isFirstResponder, "an empty photo field stays")
        // A New Item's Enter is still Done.
        app.press(.escape, .character("a"))
        app.type("Lamp")
        app.press(.enter)
        #expect(app.presented == nil)
        #expect(try app.storedNames().last == "Lamp")
    }

    @Test("H4: the date created shows its year in four digits, so the year 1 is not read as a day")
    func yearOne() throws {
        let scratch = Scratch()
        let store = try ItemStore(paths: scratch.paths)
        let yearOne = try #require(
            Calendar(identifier: .gregorian).date(from: DateComponents(year: 1, month: 1, day: 3, hour: 12)))
        try store.insert([Item(name: "Old coin", serialNumber: "C1", valueInDollars: 5, dateCreated: yearOne)]
        )
        let app = try HeadlessHomepwner(scratch: scratch)
        app.press(.enter)
        let created = try #require(app.lines.first { $0.hasPrefix(" Created  ") })
        #expect(created.contains("0001"))
        #expect(created.contains(CreatedDate.text(yearOne)))
        #expect(
            CreatedDate.text(Date()).contains(
                String(Calendar.current.component(.year, from: Date()))))
    }

    @Test(
        "H11: the bar and a highlighted first row under it are drawn apart: the row in colour, the bar underlined"
    )
    func barAndHighlightDiffer() throws {
        let app = try HeadlessHomepwner.launched(size: Size(width: 60, height: 12))
        let bar = app.terminal.screen[3, 0].style
        let row = app.terminal.screen[3, 1].style
        #expect(row.attributes.contains(.reverse))
        #expect(bar != row)
        #expect(row.foreground != .default, "the highlight has a colour of its own")
        #expect(bar.attributes.contains(.underline) && !row.attributes.contains(.underline))
    }
}
