import Foundation
import HomepwnerCore
import RestorationTesting
import StateRestoration
import TerminalKit
import Testing

@testable import Homepwner

/// Homepwner on wide and narrow terminals (rule T5): the list and the open item side by
/// side from 120 columns, one stack below, and the Summary tab; restored in either shape.
@Suite("T5, T6: Homepwner's adaptive layout and Summary tab")
@MainActor
struct AdaptiveLayoutTests {
    nonisolated static let wide = Size(width: 200, height: 50)
    nonisolated static let narrow = Size(width: 80, height: 24)

    /// Opens the third item (Fluffy Mac) and types after its name.
    private func openFluffyMac(_ app: HeadlessHomepwner) {
        app.press(.down, .down, .enter)
        app.type(" Pro")
    }

    @Test("T5: wide, the list is the left pane and the open item the right one, each with its bar")
    func sideBySide() throws {
        let app = try HeadlessHomepwner.launched(size: Self.wide)
        #expect(app.lines[0].hasPrefix(" Edit "))
        #expect(app.lines[0].contains("Homepwner"))
        #expect(app.screen.contains("Press Enter on an item to open it here."))
        openFluffyMac(app)
        // The list, its highlight still on the item; the item's screen on the right.
        #expect(app.lines[1].hasPrefix(" Shiny Spork "))
        #expect(app.lines[1].hasSuffix("│ Name     Fluffy Mac Pro"))
        #expect(app.lines[0].hasSuffix("Fluffy Mac Pro"))
        #expect(app.navigation?.viewControllers.count == 1)
        #expect(app.screens?.split?.isCollapsed == false)
        // The cursor is in the name field, in the right pane.
        #expect(app.terminal.cursor == Point(x: 105, y: 1))
        #expect(app.lines.last?.hasPrefix("Tab Next field  Esc Back  ^O To Homepwner  ^T Summary") == true)
    }

    @Test("T5: editing in the right pane updates the row on the left as it is typed, before it is stored")
    func rowFollowsTyping() throws {
        let app = try HeadlessHomepwner.launched(size: Self.wide)
        openFluffyMac(app)
        #expect(try app.storedItem(2).name == "Fluffy Mac", "not yet stored: the commit waits for its delay")
        #expect(app.highlightedRow?.hasPrefix("▸Fluffy Mac Pro ") == true)
        // The value too, as soon as it is whole dollars.
        app.press(.tab, .tab)
        app.press(.ctrl("u"))
        app.type("2500")
        #expect(app.highlightedRow?.contains("7Z9Y3         $2,500 │") == true)
        // Committed, the stored row says the same.
        app.advance(by: DetailViewController.commitDelay)
        #expect(try app.storedItem(2).valueInDollars == 2500)
        #expect(app.highlightedRow?.contains("Fluffy Mac Pro") == true)
        #expect(app.highlightedRow?.contains("$2,500 │") == true)
    }

    @Test("T5: Ctrl-O moves between the panes; Enter on another row replaces the item, which keeps its edit")
    func panes() throws {
        let app = try HeadlessHomepwner.launched(size: Self.wide)
        openFluffyMac(app)
        app.press(.ctrl("o"))
        #expect(app.screens?.split?.focusedColumn == .primary)
        #expect(app.lines.last?.hasPrefix("Enter Open  a Add") == true)
        app.press(.down, .enter)
        #expect(app.detail?.item.name == "毛茸茸的熊")
        #expect(app.screens?.split?.focusedColumn == .secondary)
        #expect(try app.storedItem(2).name == "Fluffy Mac Pro", "the item replaced committed its edit")
        // Esc goes back to the list, leaving the item open beside it.
        app.press(.escape)
        #expect(app.screens?.split?.focusedColumn == .primary)
        #expect(app.detail?.item.name == "毛茸茸的熊")
        // Enter on the item already open goes to it, without a new screen.
        let open = app.detail
        app.press(.enter)
        #expect(app.detail === open)
        #expect(app.screens?.split?.focusedColumn == .secondary)
    }

    @Test("T5, T6: a resize to 80x24 shows the item alone with a back key; back to 200x50, both panes again")
    func resize() throws {
        let app = try HeadlessHomepwner.launched(size: Self.wide)
        openFluffyMac(app)
        let wideScreen = app.screen
        app.terminal.resize(to: Self.narrow)
        app.application.processEvents()
        #expect(app.lines[0].hasPrefix(" ‹ Homepwner"))
        #expect(app.lines[1] == " Name     Fluffy Mac Pro")
        #expect(app.terminal.cursor == Point(x: 24, y: 1))
        app.terminal.resize(to: Self.wide)
        app.application.processEvents()
        #expect(app.screen == wideScreen)
        // Narrow again, Esc goes back to the list.
        app.terminal.resize(to: Self.narrow)
        app.application.processEvents()
        app.press(.escape)
        #expect(app.lines[0].hasPrefix(" Edit "))
        #expect(app.highlightedRow?.hasPrefix(" Fluffy Mac Pro ") == true)
    }

    @Test(
        "T6: open at 200x50, resize to 80x24, type, kill, relaunch at 200x50: both panes, the same item and the draft"
    )
    func killedNarrowRestoredWide() throws {
        let first = try HeadlessHomepwner.launched(size: Self.wide)
        openFluffyMac(first)
        first.terminal.resize(to: Self.narrow)
        first.application.processEvents()
        first.type("!")
        first.advance(by: HomepwnerApplication.continuousPreservationDelay)
        first.kill()

        let second = try first.relaunched(size: Self.wide)
        #expect(second.application.restorationReport?.diagnostics.map(\.description) == [])
        #expect(second.screens?.split?.isCollapsed == false)
        #expect(second.navigation?.viewControllers.count == 1)
        #expect(second.detail?.nameField.text == "Fluffy Mac Pro!")
        #expect(second.lines[1].hasSuffix("│ Name     Fluffy Mac Pro!"))
        #expect(second.highlightedRow?.hasPrefix("▸Fluffy Mac Pro! ") == true)
        #expect(second.terminal.cursor == Point(x: 106, y: 1))
        // Saved wide and restored narrow: the item over the list, as a resize shows it.
        second.kill()
        let third = try second.relaunched(size: Self.narrow)
        second.terminal.resize(to: Self.narrow)
        second.application.processEvents()
        #expect(third.screen == second.screen)
        #expect(third.terminal.cursor == second.terminal.cursor)
    }

    @Test("T5: deleting, from the list, the item open beside it closes its screen, with no false message")
    func deleteOpenItem() throws {
        let app = try HeadlessHomepwner.launched(size: Self.wide)
        openFluffyMac(app)
        app.press(.ctrl("o"), .delete)
        #expect(app.screen.contains("Delete"))
        app.press(.character("y"))
        #expect(try app.storedNames() == ["Shiny Spork", "Rusty Bear", "毛茸茸的熊", "Shiny Bear"])
        #expect(app.detail == nil)
        #expect(app.screen.contains("Press Enter on an item to open it here."))
        app.advance(by: DetailViewController.commitDelay)
        #expect(try app.storedNames() == ["Shiny Spork", "Rusty Bear", "毛茸茸的熊", "Shiny Bear"])
        // Before, the screen's last edit was written after the delete, and failed so.
        #expect(!app.screen.contains("Fluffy Mac"))
        #expect(!app.screen.contains("deleted outside"))
    }

    @Test("T5, X1: an item deleted outside while its screen waits in the other tab closes it there too")
    func deletedWhileInAnotherTab() throws {
        let app = try HeadlessHomepwner.launched(size: Self.narrow)
        app.press(.down, .down, .enter, .ctrl("t"))
        #expect(app.tabs?.selectedIndex == 1)
        let key = try #require(app.detail?.item.key)
        try RawDatabase(app.paths.databasePath).execute(
            "DELETE FROM items WHERE item_key = '\(ItemKey.text(key))'")
        app.advance(by: .seconds(1))
        // Before, the screen stayed in the Items tab's stack until shown, a relaunch had none.
        #expect(app.navigation?.viewControllers.count == 1)
        #expect(app.detail == nil)
        app.press(.ctrl("t"))
        #expect(app.lines[0].hasPrefix(" Edit "))
        #expect(app.screen.contains("“Fluffy Mac” was deleted outside Homepwner."))
    }

    @Test(
        "The Summary names a most valuable item of thousands of characters by its first 40, at 40x12 and 80x24",
        arguments: [Size(width: 40, height: 12), narrow])
    func summaryOfALongName(size: Size) throws {
        let long = String(repeating: "Very long name ", count: 200)
        let app = try HeadlessHomepwner.launched(items: [(long, "L0NG1", 9_999)] + sampleItems, size: size)
        app.press(.ctrl("t"))
        let shown = app.lines.joined(separator: " ").split(separator: " ").joined(separator: " ")
        let cut = long.prefix(40).split(separator: " ").joined(separator: " ")
        // Its first 40 characters end in a space.
        #expect(shown.contains("Most valuable \(cut) …, $9,999"), "\(app.screen)")
    }

    @Test("T5: the Summary groups the count's digits as it does the total's (1,234, not 1234)")
    func summaryGroupsTheCount() throws {
        let scratch = try scratchStore([])
        var generator = SeededRandomNumberGenerator(seed: 7)
        try ItemStore(paths: scratch.paths).insertRandomItems(1_234, using: &generator)
        let app = try HeadlessHomepwner(paths: scratch.paths, size: Self.narrow)
        app.press(.ctrl("t"))
        #expect(app.lines[1] == " Items          1,234")
    }

    @Test("T5: the Summary tab counts the items, adds their values and names the most valuable")
    func summary() throws {
        let app = try HeadlessHomepwner.launched(size: Self.narrow)
        app.press(.ctrl("t"))
        #expect(app.tabs?.selectedIndex == 1)
        #expect(app.lines[0].contains("Summary"))
        #expect(app.lines[1] == " Items          5")
        #expect(app.lines[2] == " Total value    $1,346")
        #expect(app.lines[3] == " Most valuable  毛茸茸的熊, $1,200")
        #expect(app.lines.last?.hasPrefix("Enter Open most valuable  ^T Items") == true)
        // A change in the other tab shows here at once.
        app.press(.ctrl("t"), .down, .enter)
        app.press(.tab, .tab, .ctrl("u"))
        app.type("5000")
        app.press(.escape, .ctrl("t"))
        #expect(app.lines[2] == " Total value    $6,311")
        #expect(app.lines[3] == " Most valuable  Rusty Bear, $5,000")
        // Enter opens it in the Items tab.
        app.press(.enter)
        #expect(app.tabs?.selectedIndex == 0)
        #expect(app.detail?.item.name == "Rusty Bear")
    }

    @Test("T5: values too large to add exactly (edited in with sqlite3) are summed as about, never overflow")
    func hugeValues() throws {
        let scratch = try scratchStore(sampleItems)
        let database = try RawDatabase(scratch.paths.databasePath)
        database.execute("UPDATE items SET value_in_dollars = 9223372036854775807")
        let app = try HeadlessHomepwner(paths: scratch.paths, size: Self.narrow)
        app.press(.ctrl("t"))
        #expect(app.lines[1] == " Items          5")
        #expect(app.lines[2].hasPrefix(" Total value    about $9,2"))
        #expect(app.lines[3].hasPrefix(" Most valuable  Shiny Spork, $9,223,372,036,854,775,807"))
    }

    @Test(
        "T2, T5: the selected tab is restored, and the Items tab keeps its open item behind it",
        arguments: [wide, narrow])
    func tabRestored(size: Size) throws {
        let first = try HeadlessHomepwner.launched(size: size)
        openFluffyMac(first)
        first.press(.ctrl("t"))
        first.press(.ctrl("z"))
        first.kill()
        let second = try first.relaunched()
        #expect(second.tabs?.selectedIndex == 1)
        #expect(second.screen == first.screen)
        second.press(.ctrl("t"))
        #expect(second.detail?.nameField.text == "Fluffy Mac Pro")
        #expect(second.detail?.nameField.isFirstResponder == true)
    }

    @Test("T5, X3: an archive saved before the tabs restores into them, beside the list when wide")
    func goldenArchiveWide() throws {
        let golden = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .appendingPathComponent("Golden/format-1/homepwner-detail-draft").path
        let scratch = Scratch()
        try FileManager.default.copyItem(
            atPath: golden + "/data/items.sqlite", toPath: try scratch.emptyDataDirectory())
        let storage = InMemoryStorage()
        storage[.archive] = try #require(
            FileManager.default.contents(atPath: golden + "/state/restoration.archive")
        )
        .map { $0 }
        let app = try HeadlessHomepwner(scratch: scratch, storage: storage, size: Self.wide)
        #expect(app.screens?.split?.isCollapsed == false)
        #expect(app.detail?.nameField.text == "台灯架 lamp")
        #expect(app.lines[1].hasSuffix("│ Name     台灯架 lamp"))
        #expect(app.navigation?.viewControllers.count == 1)
        #expect(app.list != nil)
    }
}
