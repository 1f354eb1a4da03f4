import Foundation
import HomepwnerCore
import RestorationTesting
import StateRestoration
import TerminalKit
import Testing

@testable import Homepwner

/// What a user of a wide (or a very narrow) terminal sees beyond the layout itself: Tab stays
/// in the item's pane, the footer keeps the way out, the open item's row is marked, a bar of
/// tabs, and a New Item sheet of a readable width (headless).
@Suite("H22, H23: panes, footers, the open row, the bar of tabs and the New Item sheet (headless)")
@MainActor
struct WideScreenTests {
    static let wide = Size(width: 130, height: 30)

    /// Opens Rusty Bear (the second sample item) and moves the focus to its notes.
    private func openRustyBearsNotes(_ app: HeadlessHomepwner) {
        app.press(.down, .enter)
        app.press(.tab, times: 4)
    }

    @Test(
        "H22: side by side, Tab in the notes goes round to the item's name, not to the list; Shift-Tab from the name goes to the notes",
        arguments: [Size(width: 130, height: 30), Size(width: 200, height: 60), Size(width: 80, height: 24)])
    func tabStaysInThePane(size: Size) throws {
        let app = try HeadlessHomepwner.launched(size: size)
        openRustyBearsNotes(app)
        let detail = try #require(app.detail)
        #expect(detail.notesView.isFirstResponder)
        app.press(.tab)
        #expect(detail.nameField.isFirstResponder)
        app.type("!")
        #expect(app.screen.contains(" Name     Rusty Bear!"))
        #expect(app.lines.last?.hasPrefix("Tab Next field  Esc Back") == true)
        app.press(.backTab)
        #expect(detail.notesView.isFirstResponder)
    }

    @Test("H22: Ctrl-O still moves between the panes, and the footer says so")
    func ctrlOMovesBetweenPanes() throws {
        let app = try HeadlessHomepwner.launched(size: Self.wide)
        openRustyBearsNotes(app)
        #expect(app.lines.last?.contains("^O To Homepwner") == true)
        app.press(.ctrl("o"))
        #expect(app.list?.tableView.isFirstResponder == true)
        #expect(app.lines.last?.hasPrefix("Enter Open") == true)
    }

    @Test("H22: at 40 columns a selection in the notes keeps Esc Back in the footer")
    func escapeStaysInNarrowFooter() throws {
        let app = try HeadlessHomepwner.launched(size: Size(width: 40, height: 12))
        openRustyBearsNotes(app)
        app.type("some notes")
        app.press(Key(.left, modifiers: .shift), Key(.left, modifiers: .shift))
        let footer = try #require(app.lines.last)
        #expect(footer.contains("Esc Back"))
        #expect(footer.contains("M-c/M-x Copy/Cut"))
        #expect(TextWidth.of(footer) <= 40)
    }

    @Test("H22: a dismissed delete alert gives the keys back to the list, not to the item beside it")
    func alertGivesFocusBack() throws {
        let app = try HeadlessHomepwner.launched(size: Self.wide)
        app.press(.down, .enter, .ctrl("o"), .down)
        app.press(.delete)
        #expect(app.presented is DeleteItemAlert)
        app.press(.character("n"))
        #expect(app.list?.tableView.isFirstResponder == true)
        #expect(app.lines.last?.hasPrefix("Enter Open") == true)
    }

    @Test(
        "H23: side by side the open item's row is marked apart from the highlight; Del asks about the highlighted one and says the open one stays"
    )
    func openRowIsMarked() throws {
        let app = try HeadlessHomepwner.launched(size: Self.wide)
        app.press(.down, .enter, .ctrl("o"), .down, .down)
        // The highlight is on 毛茸茸的熊; Rusty Bear, open on the right, keeps its mark.
        #expect(app.lines[2].hasPrefix("▸Rusty Bear "))
        #expect(app.lines[4].hasPrefix(" 毛茸茸的熊 "))
        #expect(app.highlightedRow?.hasPrefix(" 毛茸茸的熊 ") == true)
        #expect(app.lines.filter { $0.hasPrefix("▸") }.count == 1)
        app.press(.delete)
        #expect(app.screen.contains("Delete “毛茸茸的熊”?"))
        #expect(app.screen.contains("The open item, “Rusty Bear”, stays."))
        app.press(.character("y"))
        #expect(try app.storedNames() == ["Shiny Spork", "Rusty Bear", "Fluffy Mac", "Shiny Bear"])
        #expect(app.detail?.item.name == "Rusty Bear")
        // Collapsed, the list shows alone: no mark.
        app.terminal.resize(to: Size(width: 80, height: 24))
        app.press(.escape)
        #expect(!app.screen.contains("▸"))
    }

    @Test("H23: the delete alert's mention of the open item comes back after a relaunch")
    func openRowAlertRestores() throws {
        let app = try HeadlessHomepwner.launched(size: Self.wide)
        app.press(.down, .enter, .ctrl("o"), .down, .down, .delete)
        app.advance(by: .seconds(2))
        let second = try app.relaunched()
        #expect(second.presented is DeleteItemAlert)
        #expect(second.screen.contains("The open item, “Rusty Bear”, stays."))
    }

    @Test(
        "H23: from 16 rows a bar of tabs shows; 1, 2 and Ctrl-T switch; a shorter terminal gives the row to the list"
    )
    func tabBar() throws {
        let app = try HeadlessHomepwner.launched(size: Size(width: 80, height: 24))
        #expect(app.lines[22] == "  1 Items   2 Summary")
        app.press(.character("2"))
        #expect(app.tabs?.selectedIndex == 1)
        #expect(app.screen.contains("Total value"))
        app.press(.character("1"))
        #expect(app.tabs?.selectedIndex == 0)
        app.press(.ctrl("t"))
        #expect(app.tabs?.selectedIndex == 1)
        // In a field, a digit is typed, not a tab switch.
        app.press(.ctrl("t"), .enter, .end)
        app.type("2")
        #expect(app.tabs?.selectedIndex == 0)
        #expect(app.screen.contains(" Name     Shiny Spork2"))

        let short = try HeadlessHomepwner.launched(size: Size(width: 40, height: 12))
        #expect(!short.screen.contains("1 Items"))
        #expect(short.lines.last == "Enter Open  a Add  Del Delete  q Quit")
    }

    @Test("H23: at 200 columns the New Item sheet is 80 columns wide and centred; at 80 it takes the screen")
    func newItemFormSheet() throws {
        let app = try HeadlessHomepwner.launched(size: Size(width: 200, height: 60))
        app.press(.character("a"))
        let bar = app.lines[0]
        let left = (200 - Window.formSheetWidth) / 2
        #expect(bar.hasPrefix(String(repeating: " ", count: left - 1) + "│ Cancel "))
        #expect(bar.hasSuffix(" Done │"))
        #expect(TextWidth.of(bar) == left + Window.formSheetWidth + 1)
        #expect(app.lines[1].hasPrefix(String(repeating: " ", count: left - 1) + "│ Name     name"))
        // The list is not drawn beside it, and typing goes to the sheet.
        #expect(!app.screen.contains("Shiny Spork"))
        app.type("Lamp")
        #expect(app.lines[1].contains("│ Name     Lamp "))
        app.advance(by: .seconds(2))
        let second = try app.relaunched()
        #expect(second.lines[1].hasPrefix(String(repeating: " ", count: left - 1) + "│ Name     Lamp"))

        let narrow = try HeadlessHomepwner.launched(size: Size(width: 80, height: 24))
        narrow.press(.character("a"))
        #expect(narrow.lines[0].hasPrefix(" Cancel "))
        #expect(narrow.lines[0].hasSuffix("Done"))
    }
}
