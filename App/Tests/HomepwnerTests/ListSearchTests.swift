import Foundation
import HomepwnerCore
import RestorationTesting
import StateRestoration
import TerminalKit
import Testing

@testable import Homepwner

/// A long list says where the highlight is, and `/` finds an item by name or serial
/// (headless).
@Suite("H20: the list's position and its / search (headless)")
@MainActor
struct ListSearchTests {
    /// 300 items: `Item 1` … `Item 300`, serials `S0001` … `S0300`, and one `Lamp` at 250.
    static let items: [(String, String, Int)] = (1...300).map { number in
        (number == 250 ? "Desk Lamp" : "Item \(number)", "S" + String(format: "%04d", number), number)
    }

    @Test(
        "H20: a list longer than the screen says which row is highlighted, of how many; a short one does not")
    func position() throws {
        let app = try HeadlessHomepwner.launched(items: Self.items, size: Size(width: 60, height: 12))
        #expect(app.lines[10].hasSuffix("row 1 of 300"))
        app.press(.pageDown)
        let row = try #require(app.list?.tableView.indexPathForSelectedRow?.row)
        #expect(app.lines[10].hasSuffix("row \(row + 1) of 300"))
        app.press(.end)
        #expect(app.lines[10].hasSuffix("row 300 of 300"))
        let short = try HeadlessHomepwner.launched(size: Size(width: 60, height: 12))
        #expect(!short.screen.contains("row 1 of"))
    }

    @Test("H20: / finds as you type, by name in any case or by serial; Enter stays there, Esc goes back")
    func incrementalSearch() throws {
        let app = try HeadlessHomepwner.launched(items: Self.items, size: Size(width: 60, height: 12))
        app.press(.character("/"))
        #expect(app.lines.last == "Enter Go  Esc Cancel  ^T Summary  ^C Quit")
        app.type("lamp")
        #expect(app.highlightedRow?.hasPrefix(" Desk Lamp ") == true)
        #expect(app.lines[10].hasPrefix(" / lamp"))
        #expect(app.lines[10].hasSuffix("row 250 of 300"))
        // Esc: back where the search started.
        app.press(.escape)
        #expect(app.highlightedRow?.hasPrefix(" Item 1 ") == true)
        #expect(!app.lines[10].contains("/ lamp"))
        // By serial, then Enter: the highlight stays, and the keys go back to the rows.
        app.press(.character("/"))
        app.type("s0042")
        app.press(.enter)
        #expect(app.highlightedRow?.hasPrefix(" Item 42 ") == true)
        #expect(app.lines[10].hasSuffix("row 42 of 300"))
        app.press(.down)
        #expect(app.highlightedRow?.hasPrefix(" Item 43 ") == true)
        // Nothing matches: said, and the highlight stays where it started.
        app.press(.character("/"))
        app.type("zzz")
        #expect(app.lines[10].hasSuffix("not found"))
        #expect(app.highlightedRow?.hasPrefix(" Item 43 ") == true)
    }

    @Test("H20: n finds the next match after the highlighted row, going round to the top")
    func findNext() throws {
        let app = try HeadlessHomepwner.launched(items: Self.items, size: Size(width: 60, height: 12))
        app.press(.character("/"))
        app.type("item 29")
        app.press(.enter)
        #expect(app.highlightedRow?.hasPrefix(" Item 29 ") == true)
        app.press(.character("n"))
        #expect(app.highlightedRow?.hasPrefix(" Item 290 ") == true)
        app.press(.end)
        app.press(.character("n"))
        #expect(app.highlightedRow?.hasPrefix(" Item 29 ") == true)
    }

    @Test(
        "H20: a search reads the store a step at a time: the keys are never kept waiting, and it ends on the match"
    )
    func searchInSteps() throws {
        let count = ListSearch.rowsPerStep * 2 + 100
        let scratch = Scratch()
        try ItemStore(paths: scratch.paths).insert(
            (1...count).map { Item(name: "Item \($0)", serialNumber: "S\($0)", valueInDollars: $0) }
                + [Item(name: "Needle", serialNumber: "N1", valueInDollars: 1)])
        let app = try HeadlessHomepwner(scratch: scratch, size: Size(width: 60, height: 12))
        // One step a turn, however fast the machine.
        app.list?.search.turnBudget = .zero
        app.press(.character("/"))
        app.type("needle")
        // One step read: the line says the search goes on, and the highlight has not moved.
        #expect(app.lines[10].hasSuffix("searching…"))
        #expect(app.highlightedRow?.hasPrefix(" Item 1 ") == true)
        app.advance(by: .milliseconds(200))
        #expect(app.highlightedRow?.hasPrefix(" Needle ") == true)
        let total = ItemSummary.groupedDigits(UInt(count + 1))
        #expect(app.lines[10].hasSuffix("row \(total) of \(total)"))
    }

    @Test("H20, H8: a search open when the app was killed comes back with its query, its row and its keys")
    func searchRestores() throws {
        let app = try HeadlessHomepwner.launched(items: Self.items, size: Size(width: 60, height: 12))
        app.press(.character("/"))
        app.type("lamp")
        app.advance(by: .seconds(2))
        let second = try app.relaunched()
        #expect(second.lines[10].hasPrefix(" / lamp"))
        #expect(second.highlightedRow?.hasPrefix(" Desk Lamp ") == true)
        second.press(.escape)
        #expect(second.highlightedRow?.hasPrefix(" Item 1 ") == true)
    }
}
