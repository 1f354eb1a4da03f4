import Foundation
import HomepwnerCore
import RestorationTesting
import StateRestoration
import TerminalKit
import Testing

@testable import Homepwner

@Suite("Homepwner: state restoration as the chapter describes (headless)")
@MainActor
struct AppRestorationTests {
    /// The records of the tabs, the split and the list, as saved at the start of an archive.
    static let listRecords: [String] = [
        "TabBarController TerminalKit.TabBarController class=none",
        "TabBarController/SplitViewController TerminalKit.SplitViewController class=none",
        "TabBarController/SplitViewController/primary TerminalKit.NavigationController class=none",
        "TabBarController/SplitViewController/primary/ItemsViewController Homepwner.ItemsViewController "
            + "class=ItemsViewController",
        "TabBarController/SplitViewController/primary/ItemsViewController/TableView TerminalKit.TableView class=none",
    ]

    /// The Summary tab's records.
    static let summaryRecords: [String] = [
        "TabBarController/SummaryNavigationController TerminalKit.NavigationController class=none",
        "TabBarController/SummaryNavigationController/SummaryViewController Homepwner.SummaryViewController "
            + "class=none",
    ]

    /// The records of a detail screen and its four fields, under `parent`.
    static func detailRecords(under parent: String) -> [String] {
        let detail = parent + "/DetailViewController"
        return [detail + " Homepwner.DetailViewController class=DetailViewController"]
            + ["nameField", "serialNumberField", "valueField", "photoPathField"].map {
                "\(detail)/\($0) TerminalKit.TextField class=none"
            } + ["\(detail)/notesView TerminalKit.TextView class=none"]
    }

    private let shiftDown = Key(.down, modifiers: .shift)

    /// The archive's records: path, type, restoration class.
    private func records(_ storage: InMemoryStorage) throws -> [String] {
        let bytes = try #require(storage[.archive], "no archive was saved")
        return try Archive(fileBytes: bytes).records.map { record in
            "\(record.path) \(record.typeName) class=\(record.restorationClassName ?? "none")"
        }
    }

    @Test(
        "H8, T5: identifiers are type names; list and detail have restoration classes, the containers none"
    )
    func pushedPaths() throws {
        let storage = InMemoryStorage()
        let app = try HeadlessHomepwner.launched(storage: storage)
        app.press(.down, .down, .enter)
        app.press(.ctrl("z"))
        #expect(app.terminal.suspendCount == 1)
        let split = "TabBarController/SplitViewController"
        let expected =
            Self.listRecords + Self.detailRecords(under: split + "/primary")
            + [split + "/secondary TerminalKit.NavigationController class=none"] + Self.summaryRecords
        #expect(try records(storage) == expected)
    }

    @Test(
        "H8: the modal new-item screen is saved under the tabs that present it: root, modal navigation controller, detail"
    )
    func modalPaths() throws {
        let storage = InMemoryStorage()
        let app = try HeadlessHomepwner.launched(storage: storage)
        app.press(.character("a"), .ctrl("z"))
        let expected =
            Self.listRecords + [
                "TabBarController/SplitViewController/secondary TerminalKit.NavigationController class=none",
                "TabBarController/NavigationController TerminalKit.NavigationController class=none",
            ] + Self.detailRecords(under: "TabBarController/NavigationController")
        #expect(try records(storage).filter { !$0.contains("/SummaryNavigationController") } == expected)
    }

    @Test(
        "H8: Ctrl-Z, kill, relaunch: the pushed detail is back with the half-typed Chinese name and the cursor"
    )
    func pushedDetailAfterKill() throws {
        let first = try HeadlessHomepwner.launched()
        first.press(.down, .down, .enter)
        first.press(.ctrl("u"))
        first.type("台灯架")
        first.press(.left)
        #expect(first.lines[1] == " Name     台灯架")
        #expect(first.terminal.cursor == Point(x: 14, y: 1))
        first.press(.ctrl("z"))
        // kill -9: the first launch is simply never used again.

        let second = try first.relaunched()
        #expect(second.application.restorationReport?.diagnostics.map(\.description) == [])
        #expect(second.screen == first.screen)
        #expect(second.terminal.cursor == Point(x: 14, y: 1))
        #expect(second.navigation?.viewControllers.count == 2)
        #expect(try second.storedItem(2).name == "台灯架")  // committed on Ctrl-Z (H12)
        second.type("子")
        #expect(second.lines[1] == " Name     台灯子架")
        second.press(.escape)
        #expect(try second.storedItem(2).name == "台灯子架")
        #expect(second.highlightedRow?.hasPrefix(" 台灯子架 ") == true)
    }

    @Test(
        "H8: after a kill past the debounce the new-item screen is over the list again; Done keeps the item")
    func modalAfterKillDone() throws {
        let storage = InMemoryStorage()
        let first = try HeadlessHomepwner.launched(storage: storage)
        first.startNewItem(named: "Lamp")
        first.advance(by: HomepwnerApplication.continuousPreservationDelay)
        #expect(storage[.archive] != nil)

        let second = try first.relaunched()
        #expect(second.screen == first.screen)
        #expect(second.detail?.isNew == true)
        let modal = try #require(second.presented as? NavigationController)
        #expect(modal.presentingViewController === second.tabs)
        #expect(second.navigation?.topViewController is ItemsViewController)
        second.press(.enter)
        #expect(second.presented == nil)
        #expect(try second.storedNames() == sampleItems.map(\.0) + ["Lamp"])
        #expect(second.highlightedRow?.hasPrefix(" Lamp ") == true)
    }

    @Test("H8: after a kill past the debounce the new-item screen's Cancel still deletes the item")
    func modalAfterKillCancel() throws {
        let first = try HeadlessHomepwner.launched()
        first.startNewItem(named: "Lamp")
        first.advance(by: .seconds(1))

        let second = try first.relaunched()
        #expect(second.lines[1] == " Name     Lamp")
        #expect(try second.store.count() == 6)
        second.press(.escape, .character("y"))
        #expect(second.presented == nil)
        #expect(try second.storedNames() == sampleItems.map(\.0))
        #expect(!second.screen.contains("Lamp"))
    }

    @Test("R20: with no Ctrl-Z the state is saved once input has been idle for the debounce, not before")
    func continuousPreservation() throws {
        let storage = InMemoryStorage()
        let app = try HeadlessHomepwner.launched(storage: storage)
        app.press(.down, .enter)
        app.type("X")
        app.advance(by: .milliseconds(200))
        app.type("Y")
        app.advance(by: .milliseconds(200))
        #expect(storage[.archive] == nil)
        app.advance(by: .milliseconds(150))
        #expect(storage.writeCount == 1)
        let second = try app.relaunched()
        #expect(second.lines[1] == " Name     Rusty BearXY")
    }

    @Test("H8: editing mode survives a quit")
    func editingModeAfterQuit() throws {
        let first = try HeadlessHomepwner.launched()
        first.press(.character("e"), .character("q"))
        #expect(first.application.state == .terminated)

        let second = try first.relaunched()
        #expect(second.list?.isEditing == true)
        #expect(second.list?.tableView.isEditing == true)
        #expect(second.lines[0].hasPrefix(" Done "))
        #expect(second.lines[1].hasPrefix(" - Shiny Spork "))
        second.press(shiftDown)
        #expect(try second.storedNames().prefix(2) == ["Rusty Bear", "Shiny Spork"])
    }

    @Test("R16, H8: rows moved behind the app's back: the selection stays on the same item, not the same row")
    func selectionByItemKey() throws {
        let first = try HeadlessHomepwner.launched()
        first.press(.down)
        #expect(first.highlightedRow?.hasPrefix(" Rusty Bear ") == true)
        first.press(.character("q"))
        // As `sqlite3` would: Rusty Bear goes last, Shiny Bear first.
        let database = try RawDatabase(first.paths.databasePath)
        database.execute("UPDATE items SET ordering = 99999999999999 WHERE name = 'Rusty Bear'")
        database.execute("UPDATE items SET ordering = -5 WHERE name = 'Shiny Bear'")

        let second = try first.relaunched()
        #expect(second.lines[5].hasPrefix(" Rusty Bear "))
        #expect(second.highlightedRow?.hasPrefix(" Rusty Bear ") == true)
        #expect(second.list?.tableView.indexPathForSelectedRow == ElementIndexPath(row: 4))
    }

    @Test(
        "H9: a restored detail whose item was deleted is not restored: the list shows, with a notice and a diagnostic"
    )
    func deletedItem() throws {
        let first = try HeadlessHomepwner.launched()
        first.press(.down, .enter)
        first.type(" (draft)")
        first.press(.ctrl("c"))
        let key = try #require(first.detail?.item.key)
        let database = try RawDatabase(first.paths.databasePath)
        database.execute("DELETE FROM items WHERE item_key = '\(ItemKey.text(key))'")

        let second = try first.relaunched()
        #expect(second.navigation?.viewControllers.count == 1)
        #expect(second.lines[1].hasPrefix(" Shiny Spork "))
        #expect(second.lines[10] == " The item you had open no longer exists; showing the list.")
        let diagnostics = second.application.restorationReport?.diagnostics.map(\.description) ?? []
        let path = "TabBarController/SplitViewController/primary/DetailViewController"
        let why: String =
            "restoration class 'DetailViewController' returned nil: item \(ItemKey.text(key)) no longer "
            + "exists in the store (deleted outside Homepwner?), so its subtree is not restored"
        #expect(diagnostics.first == "not restored: \(path): \(why)")
        // Its four fields and the notes go with it.
        #expect(
            diagnostics.dropFirst().map {
                $0.hasSuffix("its parent '\(path)' was not restored")
            } == [true, true, true, true, true])
        second.press(.down)
        #expect(second.highlightedRow?.hasPrefix(" Fluffy Mac ") == true)
    }

    @Test(
        "H9: a new-item screen whose item was deleted is not restored, and no empty modal is left over the list"
    )
    func deletedNewItem() throws {
        let first = try HeadlessHomepwner.launched()
        first.startNewItem(named: "Ghost")
        first.press(.ctrl("c"))
        let database = try RawDatabase(first.paths.databasePath)
        database.execute("DELETE FROM items WHERE name = 'Ghost'")  // committed as typed (H12)

        let second = try first.relaunched()
        #expect(second.presented == nil)
        #expect(second.lines[0].contains("Homepwner"))
        #expect(second.lines[10] == " The item you had open no longer exists; showing the list.")
        second.press(.character("a"))
        #expect(second.detail?.isNew == true)
    }

    /// Opens Rusty Bear and ends with Ctrl-C; damages the saved archive as `kind` says
    /// (``ArchiveBytes/damaged(_:as:)``) and leaves out its activity (as saved before
    /// sessions: nothing to go back to); then relaunches at `size`.
    private func relaunchedOnDamagedArchive(_ kind: String, size: Size) throws -> HeadlessHomepwner {
        let storage = InMemoryStorage()
        let first = try HeadlessHomepwner.launched(storage: storage)
        first.press(.down, .enter, .ctrl("c"))
        let bytes = try #require(storage[.archive])
        storage[.archive] = ArchiveBytes.withoutActivity(ArchiveBytes.damaged(bytes, as: kind))
        return try first.relaunched(size: size)
    }

    @Test(
        "R18: a corrupt archive, or one of a newer format, without an activity means a fresh start with a notice",
        arguments: ["corrupt", "newer"])
    func discardedArchive(kind: String) throws {
        // One column short of side by side: the list alone, as wide as it gets.
        let second = try relaunchedOnDamagedArchive(kind, size: Size(width: 119, height: 12))
        #expect(second.navigation?.viewControllers.count == 1)
        #expect(second.lines[1].hasPrefix(" Shiny Spork "))
        let notice = second.lines[10]
        // The engine's reason is for the log.
        let why = ArchiveBytes.reasonShown(for: kind)
        #expect(notice == " The saved screen state \(why); set aside. Started fresh.")
        let reasons = second.application.engine.diagnostics.map(\.reason)
        if kind == "corrupt" {
            #expect(reasons.contains { $0.contains("checksum mismatch") })
        } else {
            #expect(
                reasons.contains { $0.contains("format version 2 is newer than this engine reads (1...1)") })
        }
        // The notice goes once the list is left.
        second.press(.enter, .escape)
        #expect(second.lines[10] == "")
    }

    @Test(
        "H12: at 80 columns a discarded archive's notice is whole and plain; the detail is not on screen",
        arguments: ["corrupt", "newer"])
    func discardedArchiveNotice(kind: String) throws {
        let second = try relaunchedOnDamagedArchive(kind, size: Size(width: 80, height: 24))
        let why = ArchiveBytes.reasonShown(for: kind)
        #expect(second.lines[21] == " The saved screen state \(why); set aside. Started fresh.")
        #expect(!second.screen.contains("checksum") && !second.screen.contains("format version"))
        #expect(
            second.application.engine.diagnostics.map(\.reason).contains {
                $0.contains(kind == "corrupt" ? "checksum mismatch" : "format version 2 is newer")
            })
    }

    @Test("H8, X1: the detail screen's message comes back after a relaunch (the photo field's hint)")
    func detailMessageComesBack() throws {
        let app = try HeadlessHomepwner.launched()
        app.press(.enter, .down, .down, .down, .enter)  // Enter in the empty photo field
        #expect(app.screen.contains("Type the path of a PNG or JPEG file, then press Enter"))

        app.press(.ctrl("z"))
        let second = try app.relaunched()
        #expect(second.screen == app.screen)
        // Still a problem: typing in the name field does not clear it.
        second.press(.up, .up, .up)
        second.type("s")
        #expect(second.screen.contains("Type the path of a PNG or JPEG file, then press Enter"))
    }

    @Test("H7, R18: Q quits and forgets the state; the next launch starts at the list")
    func quitAndForget() throws {
        let storage = InMemoryStorage()
        let first = try HeadlessHomepwner.launched(storage: storage)
        first.press(.character("e"), .down)
        first.advance(by: .seconds(1))
        #expect(storage[.archive] != nil)
        first.press(.character("Q"))
        #expect(first.application.state == .terminated)
        #expect(storage[.archive] == nil)
        let second = try first.relaunched()
        #expect(second.list?.isEditing == false)
        #expect(second.highlightedRow?.hasPrefix(" Shiny Spork ") == true)
    }

    @Test("H10, R18: --fresh throws the saved state away, with a diagnostic")
    func fresh() throws {
        let first = try HeadlessHomepwner.launched()
        first.press(.down, .enter, .ctrl("c"))
        let second = try first.relaunched(fresh: true)
        #expect(second.navigation?.viewControllers.count == 1)
        #expect(
            second.application.engine.diagnostics.map(\.description) == [
                "archive discarded: launched with --fresh; it was set aside as restoration.archive.discarded in memory"
            ])
        #expect(second.lines[10] == "")
    }

    @Test(
        "R28: a death while restoring the detail screen costs that screen; the list comes back with its selection"
    )
    func deathCostsOneScreen() throws {
        let storage = InMemoryStorage()
        let first = try HeadlessHomepwner.launched(storage: storage, size: Size(width: 80, height: 12))
        first.press(.down, .down, .enter)
        first.press(.ctrl("z"))
        // The next launch died decoding the detail screen (a marker as it would leave it).
        storage[.restoringMarker] = Array(
            "restoring\nphase decode\nsubtree TabBarController/SplitViewController/primary/DetailViewController\nend\n"
                .utf8)
        let second = try first.relaunched()
        #expect(second.detail == nil)
        #expect(second.highlightedRow?.hasPrefix(" Fluffy Mac ") == true)
        #expect(
            second.application.restorationReport?.diagnostics.first?.description
                == "not restored: TabBarController/SplitViewController/primary/DetailViewController: the last launch died while restoring "
                + "this subtree (R28); it is left out this time, and everything else is restored")
        #expect(storage[.archive] != nil, "the archive is kept")
    }

    @Test("R30: Homepwner's restoration classes reach the store only through the engine's context")
    func contextFromTheEngine() throws {
        let storage = InMemoryStorage()
        let first = try HeadlessHomepwner.launched(storage: storage)
        first.press(.down, .enter)
        first.press(.ctrl("z"))
        // A launch whose engine was given no context: no global or task-local stands in.
        let store = try ItemStore(paths: first.paths)
        let context = HomepwnerContext(store: store, colorEnabled: false)
        let application = HomepwnerApplication.makeApplication(
            context: context, driver: HeadlessTerminal(size: Size(width: 60, height: 12)), storage: storage,
            configuration: HomepwnerApplication.configuration(debugOutput: .off))
        application.engine.restorationContext = nil
        try application.launch()
        #expect(
            application.restorationReport?.diagnostics.map(\.description).contains {
                $0.hasSuffix(
                    "returned nil: no item store is open (the engine was given no Homepwner context), so its subtree is not restored"
                )
            } == true)
        // With it, the same archive restores the detail.
        let third = try first.relaunched()
        #expect(third.detail?.item.name == "Rusty Bear")
    }
}
