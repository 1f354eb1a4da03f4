import Foundation
import HomepwnerCore
import RestorationTesting
import StateRestoration
import TerminalKit
import Testing

@testable import Homepwner

@Suite("Homepwner: Unicode, terminal sizes and resizing (H11, headless)")
@MainActor
struct TextAndTerminalTests {
    @Test("H11: a Chinese name displays in two columns a character, and edits a character at a time")
    func chineseEditing() throws {
        let app = try HeadlessHomepwner.launched()
        app.press(.down, .down, .down)
        #expect(app.highlightedRow == " 毛茸茸的熊                            3C4D5         $1,200")
        app.press(.enter)
        #expect(app.lines[1] == " Name     毛茸茸的熊")
        #expect(app.terminal.cursor == Point(x: 20, y: 1))
        app.press(.left, .left)
        #expect(app.terminal.cursor == Point(x: 16, y: 1))
        app.press(.backspace)
        app.type("猫")
        #expect(app.lines[1] == " Name     毛茸猫的熊")
        #expect(app.terminal.cursor == Point(x: 16, y: 1))
        #expect(app.terminal.screen.checkInvariants())
        app.press(.escape)
        #expect(try app.storedItem(3).name == "毛茸猫的熊")
    }

    @Test("H11: at 40x12 the list and the detail stay usable: narrower columns, the essential keys")
    func smallTerminal() throws {
        let app = try HeadlessHomepwner.launched(size: Size(width: 40, height: 12))
        #expect(app.screen == sampleListAt40x12)
        app.press(.down, .enter)
        let date = CreatedDate.text(try app.storedItem(1).dateCreated)
        #expect(
            app.screen
                == rustyBearDetail(
                    bar: " ‹ Homepwner   Rusty Bear", created: date,
                    footer: "Tab Next field  Esc Back  ^T Summary"))
    }

    @Test("H11: a resize lays the list out again, from 60x12 to 40x10 and to 200x60")
    func resize() throws {
        let app = try HeadlessHomepwner.launched()
        app.terminal.resize(to: Size(width: 40, height: 10))
        app.application.processEvents()
        #expect(app.terminal.screen.size == Size(width: 40, height: 10))
        #expect(app.lines.count == 10)
        #expect(app.lines[0] == " Edit          Homepwner            Add")
        app.terminal.resize(to: Size(width: 200, height: 60))
        app.application.processEvents()
        #expect(app.lines.count == 60)
        // Wide: the list takes the left 80 columns, and the right pane waits for an item (T5).
        #expect(app.lines[0].hasSuffix("Add │"))
        #expect(app.lines[0].count == 81)
        #expect(app.lines[1].hasPrefix(" Shiny Spork "))
        #expect(app.lines[1].hasSuffix("4K2M9            $12 │"))
        #expect(app.lines[29].hasSuffix("  Press Enter on an item to open it here."))
        #expect(
            app.lines[59]
                == "Enter Open  a Add  Del Delete  e Edit & reorder  / Find  ^T Summary  q Quit  Q Quit & forget  ^C Quit"
        )
    }

    @Test("H12: at 40 columns a long notice wraps instead of losing its end")
    func noticeWraps() throws {
        let app = try HeadlessHomepwner.launched(
            items: [("Grandfather clock", "GF1", 900)], size: Size(width: 40, height: 12))
        app.press(.enter)
        _ = try ItemStore(paths: app.paths).deleteItem(withKey: try app.storedItem(0).key)
        app.advance(by: .seconds(1))
        #expect(
            Array(app.lines[9...10]) == [
                " “Grandfather clock” was deleted",
                " outside Homepwner.",
            ])
    }
}
