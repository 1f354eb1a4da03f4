import Foundation
import HomepwnerCore
import RestorationTesting
import StateRestoration
import TerminalKit
import Testing

@testable import Homepwner

@Suite("Homepwner: the items list, add, open, edit mode (headless)")
@MainActor
struct ListScreenTests {
    /// Thirty items named `Item 0` … `Item 29`.
    private let manyItems: [(String, String, Int)] = (0..<30).map { ("Item \($0)", "S\($0)", $0) }

    @Test(
        "H1: the list is titled Homepwner; each row shows name, serial and value; the footer shows the keys")
    func listScreen() throws {
        let app = try HeadlessHomepwner.launched(size: Size(width: 80, height: 9))
        #expect(
            app.screen == """
                 Edit                              Homepwner                                Add
                 Shiny Spork                                               4K2M9            $12
                 Rusty Bear                                                0A1B2            $35
                 Fluffy Mac                                                7Z9Y3            $99
                 毛茸茸的熊                                                3C4D5         $1,200
                 Shiny Bear                                                8E8F1             $0


                Enter Open  a Add  Del Delete  e Edit & reorder  / Find  ^T Summary  q Quit
                """)
        #expect(
            app.highlightedRow
                == " Shiny Spork                                               4K2M9            $12")
        #expect(app.tabs?.restorationIdentifier == "TabBarController")
        #expect(app.navigation?.restorationIdentifier == "primary")
        #expect(app.list?.restorationIdentifier == "ItemsViewController")
    }

    @Test("H1: an empty store shows how to add the first item")
    func emptyList() throws {
        let app = try HeadlessHomepwner(paths: Scratch().paths)
        #expect(app.lines[1] == " No items yet. Press a to add one.")
    }

    @Test(
        "H2: Add creates the item and presents the new-item screen modally; Done keeps it, the list selects it"
    )
    func addDone() throws {
        let app = try HeadlessHomepwner.launched()
        let list = app.lines
        app.press(.character("a"))
        #expect(try app.store.count() == 6)  // created at once, as the book's createItem
        let modal = try #require(app.presented as? NavigationController)
        #expect(modal.restorationIdentifier == "NavigationController")
        #expect(app.detail?.isNew == true)
        #expect(app.lines[0] == " Cancel                   New Item                     Done")
        #expect(app.lines.last == "Tab Next field  Esc Cancel  Enter Done  ^C Quit")
        app.type("Lamp")
        app.press(.tab)
        app.type("L4MP")
        app.press(.tab, .backspace)
        app.type("$1,250")
        app.press(.enter)
        #expect(app.presented == nil)
        #expect(
            try app.store.allItems().last.map { [$0.name, $0.serialNumber, "\($0.valueInDollars)"] } == [
                "Lamp", "L4MP", "1250",
            ])
        let lamp = " Lamp                                  L4MP          $1,250"
        #expect(app.highlightedRow == lamp)
        // The list as it was, with the new item under the others.
        var expected = list
        expected[sampleItems.count + 1] = lamp
        #expect(app.lines == expected)
    }

    @Test("H2: Cancel deletes the new item and the list reloads")
    func addCancel() throws {
        let app = try HeadlessHomepwner.launched()
        let before = app.screen
        app.startNewItem(named: "Never mind")
        app.press(.escape)
        // Something was typed: Esc asks first, "Keep editing" chosen (Esc again keeps it).
        #expect(app.screen.contains("Discard the new item?"))
        app.press(.character("y"))
        #expect(app.presented == nil)
        #expect(try app.storedNames() == sampleItems.map(\.0))
        #expect(app.screen == before)
    }

    @Test(
        "H2: Esc on a New Item with typed text asks; Keep editing keeps every field; nothing typed: no question"
    )
    func cancelAsksWhenTyped() throws {
        let app = try HeadlessHomepwner.launched()
        app.press(.character("a"))
        // Nothing typed: Esc cancels at once.
        app.press(.escape)
        #expect(app.presented == nil)
        #expect(try app.storedNames() == sampleItems.map(\.0))
        app.startNewItem(named: "Grandma ring")
        app.press(.escape)
        #expect(app.screen.contains("Discard the new item?"))
        #expect(app.screen.contains("[ Keep editing ]"))
        app.press(.enter)  // the default: Keep editing
        #expect(app.detail?.isNew == true)
        #expect(app.lines[1] == " Name     Grandma ring")
        #expect(try app.store.count() == sampleItems.count + 1)
    }

    @Test("H3: Enter pushes the row's detail; going back saves the edits into the item")
    func openAndGoBack() throws {
        let app = try HeadlessHomepwner.launched()
        app.press(.down, .enter)
        #expect(app.navigation?.viewControllers.count == 2)
        #expect(app.detail?.isNew == false)
        #expect(app.lines[0].hasPrefix(" ‹ Homepwner"))
        #expect(app.lines[0].hasSuffix("Rusty Bear"))
        app.press(.backspace, times: 4)
        app.type("Toy")
        app.press(.tab, .tab, .backspace, .backspace)
        app.type("40")
        #expect(try app.storedItem(1).name == "Rusty Bear")  // nothing stored while editing
        app.press(.escape)
        #expect(app.navigation?.viewControllers.count == 1)
        let stored = try app.storedItem(1)
        #expect(
            [stored.name, stored.serialNumber, "\(stored.valueInDollars)"] == ["Rusty Toy", "0A1B2", "40"])
        #expect(app.highlightedRow?.hasPrefix(" Rusty Toy ") == true)
        #expect(app.highlightedRow?.hasSuffix("$40") == true)
    }

    @Test("H5: Del asks first; n keeps the item, y deletes it and its row")
    func deleteWithConfirmation() throws {
        let app = try HeadlessHomepwner.launched()
        app.press(.character("e"), .down, .delete)
        #expect(app.screen.contains("Delete “Rusty Bear”?"))
        #expect(app.lines.last?.hasPrefix("Enter/n/Esc Cancel  y Delete") == true)
        app.press(.character("n"))
        #expect(try app.storedNames() == sampleItems.map(\.0))
        app.press(.delete)
        app.press(.character("y"))
        #expect(try app.storedNames() == ["Shiny Spork", "Fluffy Mac", "毛茸茸的熊", "Shiny Bear"])
        #expect(!app.screen.contains("Rusty Bear"))
        #expect(app.highlightedRow?.contains("Fluffy Mac") == true)
        // Outside editing mode Del works too (UIKit's swipe to delete), still asking first.
        app.press(.character("e"), .delete, .character("y"))
        #expect(try app.storedNames() == ["Shiny Spork", "毛茸茸的熊", "Shiny Bear"])
    }

    @Test("H5: in editing mode Shift-↑/↓ reorder rows; the order is in the store at once")
    func reorder() throws {
        let app = try HeadlessHomepwner.launched()
        app.press(.character("e"))
        #expect(app.lines[0].hasPrefix(" Done "))
        #expect(app.lines[1] == " - Shiny Spork                       4K2M9            $12 =")
        #expect(app.lines.last == "Del Delete  S-↑↓ Move  e Done  Enter Open  a Add  q Quit")
        app.press(Key(.down, modifiers: .shift), Key(.down, modifiers: .shift))
        #expect(try app.storedNames() == ["Rusty Bear", "Fluffy Mac", "Shiny Spork", "毛茸茸的熊", "Shiny Bear"])
        app.press(.end, Key(.up, modifiers: .shift))
        #expect(try app.storedNames() == ["Rusty Bear", "Fluffy Mac", "Shiny Spork", "Shiny Bear", "毛茸茸的熊"])
        #expect(app.highlightedRow?.contains("Shiny Bear") == true)
        let reopened = try ItemStore(paths: app.paths)
        #expect(
            try reopened.allItems().map(\.name) == [
                "Rusty Bear", "Fluffy Mac", "Shiny Spork", "Shiny Bear", "毛茸茸的熊",
            ])
    }

    @Test("H1: 10,000 items: the first frame reads a count and one page; End reaches the last item")
    func tenThousandItems() throws {
        let scratch = Scratch()
        do {
            let store = try ItemStore(paths: scratch.paths)
            try store.insert(
                (0..<10_000).map { Item(name: String(format: "Item %05d", $0), valueInDollars: $0) })
        }
        let app = try HeadlessHomepwner(paths: scratch.paths)
        #expect(app.lines[1].hasPrefix(" Item 00000 "))
        #expect(app.list?.rowsRead == ItemRowCache.pageSize)
        app.press(.end)
        #expect(app.highlightedRow?.hasPrefix(" Item 09999 ") == true)
        #expect(app.highlightedRow?.hasSuffix("$9,999") == true)
        #expect((app.list?.rowsRead ?? .max) <= 2 * ItemRowCache.pageSize)
    }

    // MARK: The rows

    @Test("H11: values show thousands separators, and the serial column stays in line")
    func valueColumn() throws {
        let app = try HeadlessHomepwner.launched(
            items: [("Car", "C4R", 1_234_567), ("Pen", "P3N", 5), ("Desk", "D3SK", 1200)],
            size: Size(width: 60, height: 8))
        #expect(
            Array(app.lines[1...3]) == [
                " Car                                 C4R         $1,234,567",
                " Pen                                 P3N                 $5",
                " Desk                                D3SK            $1,200",
            ])
    }

    @Test(
        "H11: the navigation bar is underlined, so a highlighted first row does not merge with it"
    )
    func barStandsApart() throws {
        let app = try HeadlessHomepwner.launched()
        #expect(app.highlightedRow?.hasPrefix(" Shiny Spork ") == true)
        #expect(app.terminal.screen[10, 0].style.attributes.contains(.underline))
        #expect(!app.terminal.screen[10, 1].style.attributes.contains(.underline))
    }

    @Test("H11: Esc leaves editing mode on the list")
    func escapeLeavesEditing() throws {
        let app = try HeadlessHomepwner.launched()
        app.press(.character("e"))
        #expect(app.lines[0].hasPrefix(" Done "))
        app.press(.escape)
        #expect(app.lines[0].hasPrefix(" Edit "))
        #expect(app.list?.isEditing == false)
    }

    // MARK: The highlight stays on screen

    @Test("H12: after the terminal shrinks, the highlighted row is still on screen")
    func selectionVisibleAfterShrinking() throws {
        let app = try HeadlessHomepwner.launched(items: manyItems, size: Size(width: 60, height: 30))
        app.press(.down, times: 20)
        #expect(app.highlightedRow?.hasPrefix(" Item 20 ") == true)
        app.terminal.resize(to: Size(width: 60, height: 8))
        app.application.processEvents()
        #expect(app.highlightedRow?.hasPrefix(" Item 20 ") == true)
        app.press(.enter)
        #expect(app.detail?.item.name == "Item 20")
    }

    @Test("H12: relaunched in a smaller terminal, the highlighted row is on screen")
    func selectionVisibleAfterSmallerRelaunch() throws {
        let first = try HeadlessHomepwner.launched(items: manyItems, size: Size(width: 60, height: 30))
        first.press(.down, times: 20)
        first.advance(by: .seconds(1))  // the state is saved; then killed
        let app = try first.relaunched(size: Size(width: 60, height: 8))
        #expect(app.highlightedRow?.hasPrefix(" Item 20 ") == true)
    }

    @Test("H12: a highlighted row moved away while the app was closed is shown at launch")
    func selectionVisibleAfterOutsideMove() throws {
        let first = try HeadlessHomepwner.launched(items: manyItems, size: Size(width: 60, height: 8))
        first.press(.down)
        first.advance(by: .seconds(1))
        let store = try ItemStore(paths: first.paths)
        _ = try store.moveItem(withKey: try #require(try store.allItems().dropFirst().first).key, by: 28)
        let app = try first.relaunched()
        #expect(app.highlightedRow?.hasPrefix(" Item 1 ") == true)
    }
}
