import Foundation
import HomepwnerCore
import RestorationTesting
import StateRestoration
import TerminalKit
import Testing

@testable import Homepwner

/// The question Del asks before an item goes: what it names, which button it chooses, that
/// it comes back after a kill, and that it follows the item when the item changes outside.
@Suite("Homepwner: the delete alert asks first, names the item truly, and comes back (headless)")
@MainActor
struct DeleteAlertTests {
    /// The buttons row of the alert box: the text of the line holding `[ Cancel ]`.
    private func chosenButton(_ app: HeadlessHomepwner) -> String? {
        let screen = app.terminal.screen
        for y in 0..<screen.size.height where screen.line(y).contains("[ Cancel ]") {
            let cells = (0..<screen.size.width).filter { screen[$0, y].style.attributes.contains(.reverse) }
            guard let first = cells.first, let last = cells.last else { return nil }
            return String(screen.line(y).dropFirst(first).prefix(last - first + 1))
        }
        return nil
    }

    // MARK: What it asks

    @Test("The delete question of a very long name names its first 40 characters, and shows its buttons")
    func deleteAlertOfALongName() throws {
        let long = String(repeating: "Very long name ", count: 400)
        let app = try HeadlessHomepwner.launched(items: [(long, "L0NG1", 1)] + sampleItems)
        app.press(.delete)
        #expect(app.screen.contains("Delete “\(long.prefix(40))…”?"), "\(app.screen)")
        #expect(app.screen.contains("[ Cancel ]  [ Delete ]"))
    }

    @Test("H12: the delete alert chooses Cancel: Del then Enter deletes nothing")
    func deleteAlertDefaultsToCancel() throws {
        let app = try HeadlessHomepwner.launched()
        app.press(.delete)
        #expect(app.screen.contains("Delete “Shiny Spork”?"))
        #expect(chosenButton(app) == "[ Cancel ]")
        app.press(.enter)
        #expect(try app.storedNames() == sampleItems.map(\.0))
        #expect(!app.screen.contains("Delete “Shiny Spork”?"))
        // Choosing Delete on purpose still deletes.
        app.press(.delete, .right)
        #expect(chosenButton(app) == "[ Delete ]")
        app.press(.enter)
        app.advance(by: .seconds(1))
        #expect(try app.storedNames() == Array(sampleItems.map(\.0).dropFirst()))
    }

    @Test("H12: the delete alert mentions the photo only when the item has one")
    func deleteAlertTellsTheTruth() throws {
        let scratch = try scratchStore(sampleItems)
        try scratch.attachRedPhoto(toItemAt: 1)
        let app = try HeadlessHomepwner(scratch: scratch)
        app.press(.delete)
        #expect(app.screen.contains("Delete “Shiny Spork”?"))
        #expect(!app.screen.contains("photo"))
        app.press(.escape, .down, .delete)
        #expect(app.screen.contains("Delete “Rusty Bear”?"))
        #expect(app.screen.contains("Its photo is deleted too."))
    }

    // MARK: After a kill

    @Test("H8: killed while the delete alert was up, the relaunch asks again; y deletes")
    func deleteAlertIsRestored() throws {
        let first = try HeadlessHomepwner.launched()
        first.press(.down, .down, .delete, .right)
        #expect(first.screen.contains("Delete “Fluffy Mac”?"))
        first.advance(by: .seconds(1))  // the state is saved; then killed
        let app = try first.relaunched()
        #expect(app.screen.contains("Delete “Fluffy Mac”?"))
        #expect(chosenButton(app) == "[ Delete ]")  // as it was left
        #expect(app.highlightedRow?.hasPrefix(" Fluffy Mac ") == true)  // the row it asks about
        app.press(.character("y"))
        app.advance(by: .seconds(1))
        #expect(try app.storedNames() == ["Shiny Spork", "Rusty Bear", "毛茸茸的熊", "Shiny Bear"])
        #expect(!app.screen.contains("Fluffy Mac"))
    }

    @Test("H8, H9: a restored delete alert whose item is gone is not shown")
    func deleteAlertOfGoneItem() throws {
        let first = try HeadlessHomepwner.launched()
        first.press(.down, .down, .delete)
        first.advance(by: .seconds(1))
        let store = try ItemStore(paths: first.paths)
        _ = try store.deleteItem(withKey: try #require(try store.allItems().dropFirst(2).first).key)
        let app = try first.relaunched()
        #expect(!app.screen.contains("Delete “"))
        #expect(app.presented == nil)
        app.press(.down)  // the list takes keys
        #expect(app.highlightedRow != nil)
    }

    // MARK: The item changed outside

    @Test("H13, X1: the delete confirmation names an item renamed outside, as a relaunch does; y deletes it")
    func deleteAlertFollowsRename() throws {
        let app = try HeadlessHomepwner.launched()
        app.press(.down, .delete)
        #expect(app.screen.contains("Delete “Rusty Bear”?"))
        let outside = try ItemStore(paths: app.paths)
        try outside.update(key: try app.storedItem(1).key, changes: ItemChanges(name: "Rusty Toy"))
        app.advance(by: .seconds(1))
        #expect(app.screen.contains("Delete “Rusty Toy”?"))
        #expect(!app.screen.contains("Rusty Bear"))

        app.press(.ctrl("z"))
        let second = try app.relaunched()
        #expect(second.screen == app.screen)
        second.press(.character("y"))
        #expect(try second.storedNames() == ["Shiny Spork", "Fluffy Mac", "毛茸茸的熊", "Shiny Bear"])
    }

    @Test(
        "H13, X1: an item deleted outside closes its delete confirmation and the list says why, as a relaunch does"
    )
    func deleteAlertClosesOnOutsideDelete() throws {
        let app = try HeadlessHomepwner.launched()
        app.press(.down, .delete)
        #expect(app.screen.contains("Delete “Rusty Bear”?"))
        let outside = try ItemStore(paths: app.paths)
        _ = try outside.deleteItem(withKey: try app.storedItem(1).key)
        app.advance(by: .seconds(1))
        #expect(app.presented == nil)
        #expect(!app.screen.contains("Delete “"))
        #expect(app.screen.contains("“Rusty Bear” was deleted outside Homepwner."))
        #expect(app.lines.last?.hasPrefix("Enter Open") == true)  // the list takes keys again

        app.press(.ctrl("z"))
        let second = try app.relaunched()
        #expect(second.screen == app.screen)
        #expect(second.terminal.cursor == app.terminal.cursor)
    }
}
