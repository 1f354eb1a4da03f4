import Foundation
import HomepwnerCore
import RestorationTesting
import StateRestoration
import TerminalKit
import Testing

@testable import Homepwner

/// The item's notes (rule T5): a text view of any number of lines in the detail screen,
/// committed and restored as the fields are.
@Suite("T5: an item's notes (headless)")
@MainActor
struct NotesTests {
    /// 80x24: one stack, the item over the list.
    static var narrow: Size { AdaptiveLayoutTests.narrow }

    private let altX = Key(.character("x"), modifiers: .alt)
    private let altV = Key(.character("v"), modifiers: .alt)
    private let shiftHome = Key(.home, modifiers: .shift)
    private let shiftLeft = Key(.left, modifiers: .shift)

    /// Opens Rusty Bear (the second sample item) and moves to its notes: Tab past the
    /// four fields.
    private func openRustyBearsNotes(_ app: HeadlessHomepwner) {
        app.press(.down, .enter, .tab, .tab, .tab, .tab)
    }

    @Test(
        "T5: multi-line notes: Enter in them is a new line, Shift selects, Alt-x and Alt-v cut and paste; stored after the debounce"
    )
    func typing() throws {
        let app = try HeadlessHomepwner.launched(size: Self.narrow)
        openRustyBearsNotes(app)
        let notes = try #require(app.detail?.notesView)
        #expect(notes.isFirstResponder)
        #expect(app.lines.last?.hasPrefix("Tab Next field  Esc Back  Enter New line") == true)
        app.type("first line")
        app.press(.enter)
        app.type("second line")
        #expect(Array(app.lines[7...8]) == [" Notes    first line", "          second line"])
        #expect(app.terminal.cursor == Point(x: 21, y: 8))
        // Selected with Shift-Home, cut with Alt-x, pasted at the start with Alt-v.
        app.press(shiftHome)
        #expect(notes.selectedText == "second line")
        #expect(app.lines.last?.contains("M-c/M-x Copy/Cut") == true)
        app.press(altX)
        #expect(notes.text == "first line\n")
        app.press(.up, altV, .enter)
        #expect(notes.text == "second line\nfirst line\n")
        app.press(.down, .backspace, shiftLeft, shiftLeft, shiftLeft, shiftLeft, altX)
        #expect(notes.text == "second line\nfirst ")
        app.press(altV)
        #expect(notes.text == "second line\nfirst line")
        // Not stored while typing; the debounce writes the notes, and only them (H12).
        #expect(try app.storedItem(1).notes == "")
        app.advance(by: DetailViewController.commitDelay)
        let stored = try app.storedItem(1)
        #expect(stored.notes == "second line\nfirst line")
        #expect(stored.name == "Rusty Bear" && stored.serialNumber == "0A1B2" && stored.valueInDollars == 35)
        // ↑ and ↓ stay in the notes; Tab leaves them, for the name.
        app.press(.up, .up, .down)
        #expect(notes.isFirstResponder)
        app.press(.tab)
        #expect(app.detail?.nameField.isFirstResponder == true)
        // Esc leaves with everything kept.
        app.press(.escape)
        #expect(try app.storedItem(1).notes == "second line\nfirst line")
    }

    @Test("T5: on the New Item screen Enter is Done everywhere but in the notes, where it is a new line")
    func newItem() throws {
        let app = try HeadlessHomepwner.launched(size: Self.narrow)
        app.startNewItem(named: "Camera")
        #expect(app.lines.last == "Tab Next field  Esc Cancel  Enter Done  ^C Quit")
        app.press(.tab, .tab, .tab, .tab)
        #expect(app.lines.last == "Tab Next field  Esc Cancel  Enter New line  ^C Quit")
        app.type("35 mm")
        app.press(.enter)
        app.type("no film")
        #expect(app.detail?.isNew == true)
        #expect(app.detail?.notesView.text == "35 mm\nno film")
        // Out of the notes, Enter is Done again.
        app.press(.tab)
        #expect(app.lines.last == "Tab Next field  Esc Cancel  Enter Done  ^C Quit")
        app.press(.enter)
        #expect(app.detail == nil)
        let kept = try app.storedItem(5)
        #expect(kept.name == "Camera" && kept.notes == "35 mm\nno film")
        #expect(try app.store.isProvisional(kept.key) == false)
    }

    @Test(
        "T5: the notes take the rows the form leaves (the bar of tabs takes one from 16 rows): 3 at 40x12 and at 130x12 in the right pane, 10 at 80x24, 23 at 200x50 in the right pane",
        arguments: [
            (Size(width: 40, height: 12), 3, false), (Size(width: 130, height: 12), 3, true),
            (Size(width: 80, height: 24), 10, false), (Size(width: 200, height: 50), 23, true),
        ])
    func rows(size: Size, rows: Int, sideBySide: Bool) throws {
        let app = try HeadlessHomepwner.launched(size: size)
        openRustyBearsNotes(app)
        #expect(app.screens?.split?.isCollapsed == !sideBySide)
        let notes = try #require(app.detail?.notesView)
        #expect(notes.frame.height == rows)
        #expect(!notes.isHidden)
        // The row under the notes is the photo's ("No photo"), and the footer follows.
        let photoRow = 7 + rows
        #expect(app.lines[photoRow].hasSuffix(" No photo"))
        #expect(photoRow <= size.height - 2)
        // Under it, from 16 rows, the bar of tabs, then the footer.
        if size.height >= 17 { #expect(app.lines[size.height - 2].hasPrefix("  1 Items   2 Summary")) }
        #expect(app.lines[7].hasSuffix(" Notes    notes, any number of lines"))
        if sideBySide { #expect(app.lines[7].contains("│ Notes ")) }
        // Typed past their height, they scroll to keep the cursor in sight.
        for line in 1...(rows + 2) {
            if line > 1 { app.press(.enter) }
            app.type("line \(line)")
        }
        #expect(app.lines[photoRow - 1].hasSuffix("line \(rows + 2)"))
        #expect(app.terminal.cursor?.y == photoRow - 1)
    }

    @Test("T5: the notes' sizes: a few rows, what is left on a short screen, never less than one")
    func rowsRule() {
        // 80x24, no photo: what is left under the fields and the message, less "No photo",
        // up to half the form.
        #expect(DetailViewController.notesRows(formHeight: 22, above: 6, photo: 1) == 11)
        // A photo of 8 rows: the notes take what it leaves.
        #expect(DetailViewController.notesRows(formHeight: 22, above: 6, photo: 8) == 8)
        // 40x12: 3 rows, and the photo shrinks into the one left.
        #expect(DetailViewController.notesRows(formHeight: 10, above: 6, photo: 8) == 3)
        // A long message: fewer, then one.
        #expect(DetailViewController.notesRows(formHeight: 10, above: 8, photo: 1) == 1)
        #expect(DetailViewController.notesRows(formHeight: 10, above: 12, photo: 1) == 1)
        // 200x50: half the form at most.
        #expect(DetailViewController.notesRows(formHeight: 48, above: 6, photo: 1) == 24)
    }

    @Test(
        "T5: killed and relaunched, the notes' draft, cursor and scroll come back at 80x24, and at 200x50 in the right pane",
        arguments: [(Size(width: 80, height: 24), false), (Size(width: 200, height: 50), true)])
    func killAndRelaunch(size: Size, sideBySide: Bool) throws {
        let first = try HeadlessHomepwner.launched(size: size)
        openRustyBearsNotes(first)
        // More lines than the notes show, then the cursor back up inside them.
        for line in 1...40 {
            if line > 1 { first.press(.enter) }
            first.type("note \(line)")
        }
        first.press(.up, .up, .left, .left)
        let notes = try #require(first.detail?.notesView)
        let (text, cursor, scroll) = (notes.text, notes.cursorPosition, notes.scrollPosition)
        #expect(scroll > 0)
        #expect(first.screens?.split?.isCollapsed == !sideBySide)
        // Saved; not yet committed (the debounce is longer than the save's delay).
        first.advance(by: HomepwnerApplication.continuousPreservationDelay)
        #expect(try first.storedItem(1).notes == "")
        let screen = first.screen
        let cursorPoint = first.terminal.cursor
        first.kill()

        let second = try first.relaunched()
        #expect(second.application.restorationReport?.diagnostics.map(\.description) == [])
        #expect(second.screens?.split?.isCollapsed == !sideBySide)
        let restored = try #require(second.detail?.notesView)
        #expect(restored.text == text)
        #expect(restored.cursorPosition == cursor)
        #expect(restored.scrollPosition == scroll)
        #expect(restored.isFirstResponder)
        #expect(second.screen == screen)
        #expect(second.terminal.cursor == cursorPoint)
        // The draft is an edit: the relaunch commits it.
        second.advance(by: DetailViewController.commitDelay)
        #expect(try second.storedItem(1).notes == text)
    }

    @Test(
        "T4, T5: an item's notes show from their first line when its screen opens, the last row saying how many more lines are below; scrolled, the first says how many are above"
    )
    func notesOpenAtTheTop() throws {
        let scratch = try scratchStore(sampleItems)
        let lines = (1...15).map { "line \($0)" }.joined(separator: "\n")
        try RawDatabase(scratch.paths.databasePath).execute(
            "UPDATE items SET notes = '\(lines)' WHERE serial_number = '0A1B2'")
        let app = try HeadlessHomepwner(paths: scratch.paths, size: Size(width: 80, height: 24))
        app.press(.down, .enter)
        #expect(app.lines.contains(" Notes    line 1"))
        #expect(!app.lines.contains { $0.contains("line 15") })
        // 10 rows of notes at 80x24: lines 1 to 10 show, 5 more are below.
        let last = try #require(app.lines.first { $0.hasPrefix("          line 10 ") })
        #expect(last.hasSuffix("↓ 5 more lines") && TextWidth.of(last) == 79, "\(last)")
        // In the notes, Ctrl-End: the last lines show, the first row says what is above.
        app.press(.tab, .tab, .tab, .tab, Key(.end, modifiers: .control))
        let first = try #require(app.lines.first { $0.hasPrefix(" Notes    line 6 ") })
        #expect(first.hasSuffix("↑ 5 more lines"), "\(first)")
        #expect(app.lines.contains("          line 15"))
    }

    @Test(
        "T5, H12, H13: notes changed outside show when the user did not touch them, and never replace a draft"
    )
    func outsideChanges() throws {
        let app = try HeadlessHomepwner.launched(size: Self.narrow)
        app.press(.down, .enter)
        let key = try app.storedItem(1).key
        let database = try RawDatabase(app.paths.databasePath)
        let row = "WHERE item_key = '\(ItemKey.text(key))'"
        // Untouched: the notes follow the store.
        database.execute("UPDATE items SET notes = 'from sqlite' || char(10) || 'two lines' \(row)")
        app.advance(by: StoreWatcher.interval)
        let notes = try #require(app.detail?.notesView)
        #expect(notes.text == "from sqlite\ntwo lines")
        #expect(Array(app.lines[7...8]) == [" Notes    from sqlite", "          two lines"])
        #expect(app.detail?.changes.isEmpty == true, "shown, not an edit")

        // Touched: a draft stays, while the name, untouched, follows. Changed on both sides,
        // the notes are a conflict (H16): the store keeps its value, the screen the draft.
        app.press(.tab, .tab, .tab, .tab, .down, .end)
        app.type(", mine")
        database.execute("UPDATE items SET notes = 'theirs', name = 'Renamed' \(row)")
        app.context.watcher.poll()
        #expect(notes.text == "from sqlite\ntwo lines, mine")
        #expect(app.detail?.nameField.text == "Renamed")
        app.advance(by: DetailViewController.commitDelay)
        #expect(try app.storedItem(1).notes == "theirs")
        #expect(app.screen.contains("Changed elsewhere too: Notes (now “theirs”)"))
        // Ctrl-R keeps the user's text: it is written over the other.
        app.press(.ctrl("r"))
        let stored = try app.storedItem(1)
        #expect(stored.notes == "from sqlite\ntwo lines, mine")
        #expect(stored.name == "Renamed")
        #expect(!app.screen.contains("Changed elsewhere"))
    }

    @Test(
        "T5, H12: a relaunch shows notes changed while the app was closed: a restored draft equal to what was stored is no edit"
    )
    func changedWhileClosed() throws {
        let scratch = try scratchStore(sampleItems)
        let store = try ItemStore(paths: scratch.paths)
        try store.update(key: try store.allItems()[1].key, changes: ItemChanges(notes: "old notes"))
        let first = try HeadlessHomepwner(paths: scratch.paths, size: Self.narrow)
        first.press(.down, .enter, .tab, .tab, .tab, .tab)
        #expect(first.detail?.notesView.text == "old notes")
        first.advance(by: HomepwnerApplication.continuousPreservationDelay)
        first.kill()
        let key = try first.storedItem(1).key
        try RawDatabase(scratch.paths.databasePath).execute(
            "UPDATE items SET notes = 'new notes' WHERE item_key = '\(ItemKey.text(key))'")

        let second = try first.relaunched()
        #expect(second.detail?.notesView.text == "new notes")
        #expect(second.detail?.notesView.isFirstResponder == true)
        #expect(second.detail?.changes.isEmpty == true)
        second.advance(by: DetailViewController.commitDelay)
        #expect(try second.storedItem(1).notes == "new notes")
    }
}
