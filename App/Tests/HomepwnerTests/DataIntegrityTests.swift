import Foundation
import RestorationTesting
import StateRestoration
import TerminalKit
import Testing

@testable import Homepwner
@testable import HomepwnerCore

/// Rules H12–H14: nothing typed is lost, outside changes show, a locked store never
/// blocks. Headless: the app's timers run on the terminal's clock, and a second connection
/// (``RawDatabase``) plays `sqlite3` or another Homepwner.
@Suite("Homepwner: data integrity (headless)")
@MainActor
struct DataIntegrityTests {
    /// Launches on the sample items and opens the detail of the second ("Rusty Bear", 0A1B2, $35).
    private func openRustyBear(storage: InMemoryStorage = InMemoryStorage()) throws -> HeadlessHomepwner {
        let app = try HeadlessHomepwner.launched(storage: storage)
        app.press(.down, .enter)
        #expect(app.lines[1] == " Name     Rusty Bear")
        return app
    }

    /// A second connection to `app`'s database: `sqlite3`, or another Homepwner.
    private func raw(_ app: HeadlessHomepwner) throws -> RawDatabase {
        try RawDatabase(app.paths.databasePath)
    }

    /// Rusty Bear's name as `other` reads it from the store.
    private func rustyBearName(_ other: RawDatabase) -> String? {
        other.value("SELECT name FROM items WHERE serial_number = '0A1B2'")
    }

    /// Opens Rusty Bear on a disk that refuses to grow the database, types a space and
    /// 12,000 `character`s after the name (enough to need new pages of the file: a free page
    /// and room in the table's page take less), and lets a second pass. Returns the app, what
    /// was typed and another connection.
    private func typeOnAFullDisk(_ character: Character) throws -> (
        app: HeadlessHomepwner, typed: String, other: RawDatabase
    ) {
        let app = try openRustyBear()
        try app.context.store.capGrowth(true)
        let typed = " " + String(repeating: character, count: 12_000)
        app.type(typed)
        app.advance(by: .seconds(1))
        return (app, typed, try raw(app))
    }

    // MARK: A locked database

    @Test("H14: a locked store never freezes input; the edit waits, says so, and lands")
    func lockedDatabase() throws {
        let app = try openRustyBear()
        let other = try raw(app)
        other.execute("BEGIN IMMEDIATE")
        app.type(" 2")
        app.advance(by: .seconds(1))
        #expect(app.screen.contains("saving… (database busy)"))
        // Leaving the screen while the store is still locked keeps the edit too.
        app.press(.escape)
        #expect(app.list != nil && app.detail == nil)
        #expect(app.screen.contains("saving… (database busy)"))
        app.press(.down)  // input still works
        #expect(app.highlightedRow?.contains("Fluffy Mac") == true)
        #expect(rustyBearName(other) == "Rusty Bear")
        other.execute("COMMIT")
        app.advance(by: .seconds(1))
        #expect(rustyBearName(other) == "Rusty Bear 2")
        #expect(!app.screen.contains("database busy"))
    }

    @Test(
        "H14: a lock that lasts is reported plainly, and the edit still lands when it ends")
    func longLock() throws {
        let app = try openRustyBear()
        let other = try raw(app)
        other.execute("BEGIN IMMEDIATE")
        app.type(" 2")
        for _ in 0..<12 { app.advance(by: .seconds(1)) }
        #expect(app.screen.contains("another program is holding the database"))
        other.execute("COMMIT")
        app.advance(by: .seconds(1))
        #expect(rustyBearName(other) == "Rusty Bear 2")
    }

    @Test(
        "H12: an edit the disk refuses (full) stays queued, says so on the item screen, and lands once there is room"
    )
    func fullDisk() throws {
        let (app, typed, other) = try typeOnAFullDisk("x")
        #expect(app.screen.contains("not saved yet: the disk refused the write"), "\(app.screen)")
        #expect(rustyBearName(other) == "Rusty Bear")
        // Retries go on while the disk stays full; nothing typed is dropped; the list says so too.
        app.advance(by: .seconds(5))
        #expect(app.screen.contains("not saved yet"))
        app.press(.escape)
        #expect(app.list != nil && app.detail == nil)
        #expect(app.screen.contains("not saved yet: the disk refused the write"), "\(app.screen)")
        try app.context.store.capGrowth(false)
        app.advance(by: .seconds(3))
        #expect(rustyBearName(other) == "Rusty Bear" + typed)
        #expect(!app.screen.contains("not saved yet"), "\(app.screen)")
    }

    @Test("H12: an edit the disk refused, its item left, then the app killed: the next launch writes it")
    func refusedEditSurvivesAKill() throws {
        let (app, typed, other) = try typeOnAFullDisk("y")
        app.press(.escape)  // the edit now waits only in the writer's queue
        app.advance(by: .seconds(1))  // a continuous save of the list
        #expect(rustyBearName(other) == "Rusty Bear")
        // Killed: nothing more of the first launch runs. The next one has room on the disk.
        let second = try app.relaunched()
        second.advance(by: .seconds(1))
        #expect(rustyBearName(other) == "Rusty Bear" + typed)
        #expect(!second.screen.contains("not saved yet"), "\(second.screen)")
    }

    @Test(
        "A save of the screen state that fails is said on the screen the user is on, until saving works again; never restored"
    )
    func failedStateSaveShowsUntilSavingWorks() throws {
        let storage = InMemoryStorage()
        let app = try openRustyBear(storage: storage)
        func shown(_ app: HeadlessHomepwner) -> String {
            app.lines.joined(separator: " ").split(separator: " ").joined(separator: " ")
        }
        storage.failingWrites = .io(
            operation: "rename", path: "restoration.archive", code: 1, message: "Operation not permitted")
        app.type("!")
        app.advance(by: .seconds(3))
        // The engine looks for the write's outcome on the app's clock, then the frame shows it.
        app.advance(by: .milliseconds(200))
        #expect(shown(app).contains("The screen state could not be saved"), "\(app.screen)")
        app.press(.escape)
        app.advance(by: .seconds(1))
        #expect(shown(app).contains("The screen state could not be saved"), "\(app.screen)")
        // The disk takes the next save: the line goes, and it was never part of the state.
        storage.failingWrites = nil
        app.press(.down)
        app.advance(by: .seconds(1))
        app.advance(by: .milliseconds(200))
        #expect(!shown(app).contains("could not be saved"), "\(app.screen)")
        let second = try app.relaunched()
        #expect(!shown(second).contains("could not be saved"), "\(second.screen)")
    }

    // MARK: Edits reach the store as they are typed

    @Test("H12: field edits are committed as they are typed; a fresh launch sees them")
    func editsCommittedWhileTyping() throws {
        let app = try openRustyBear()
        app.type(" 2")
        app.press(.tab)
        app.type("X")
        app.press(.tab, .backspace, .backspace)
        app.type("ten")
        app.advance(by: .seconds(1))
        let other = try raw(app)
        #expect(
            other.rows("SELECT name, serial_number, value_in_dollars FROM items WHERE value_in_dollars = 35")
                == ["Rusty Bear 2|0A1B2X|35"])  // the invalid value is not stored
        app.press(.backspace, .backspace, .backspace)
        app.type("40")
        app.advance(by: .seconds(1))
        #expect(other.value("SELECT value_in_dollars FROM items WHERE serial_number = '0A1B2X'") == "40")
        // Killed now, and launched with --fresh: the list has the edit.
        let again = try app.relaunched(fresh: true)
        #expect(again.screen.contains("Rusty Bear 2"))
    }

    // MARK: Only the fields the user changed

    @Test("H12: leaving the item writes only the fields the user changed")
    func onlyChangedFields() throws {
        let app = try openRustyBear()
        let other = try raw(app)
        other.execute(
            "UPDATE items SET serial_number = 'OUTSIDE', value_in_dollars = 77 WHERE name = 'Rusty Bear'")
        app.type(" 2")
        app.press(.escape)
        app.advance(by: .seconds(1))
        #expect(
            other.rows(
                "SELECT name, serial_number, value_in_dollars FROM items WHERE serial_number = 'OUTSIDE'")
                == ["Rusty Bear 2|OUTSIDE|77"])
    }

    @Test("H12: a restored item screen writes only what was typed, not fields changed elsewhere meanwhile")
    func restoredDraftsAreNotEdits() throws {
        let first = try openRustyBear()
        first.type(" 2")
        first.advance(by: .seconds(1))  // saved and committed; then killed
        let other = try raw(first)
        other.execute(
            "UPDATE items SET serial_number = 'NEW', value_in_dollars = 7 WHERE serial_number = '0A1B2'")
        let app = try first.relaunched()
        app.advance(by: .seconds(1))
        #expect(app.lines[1] == " Name     Rusty Bear 2")
        #expect(app.lines[2] == " Serial   NEW")
        #expect(app.lines[3] == " Value $  7")
        #expect(
            other.rows("SELECT name, serial_number, value_in_dollars FROM items WHERE serial_number = 'NEW'")
                == ["Rusty Bear 2|NEW|7"])
    }

    @Test("H13: an outside change shown in the open item is saved in the screen state too")
    func outsideChangeReachesTheArchive() throws {
        let first = try openRustyBear()
        first.advance(by: .seconds(1))
        try raw(first).execute("UPDATE items SET serial_number = 'NEW' WHERE serial_number = '0A1B2'")
        first.advance(by: .seconds(1))
        #expect(first.lines[2] == " Serial   NEW")
        first.advance(by: .seconds(1))  // the state is saved again; then killed
        let app = try first.relaunched()
        #expect(app.lines[2] == " Serial   NEW")
    }

    // MARK: Moves by key

    @Test("H13: Shift-↑ moves the highlighted item even after rows were reordered outside")
    func moveByKey() throws {
        let app = try HeadlessHomepwner.launched()
        app.press(.character("e"), .down, .down)
        #expect(app.highlightedRow?.contains("Fluffy Mac") == true)
        // Fluffy Mac goes to the end behind the app's back.
        try raw(app).execute(
            "UPDATE items SET ordering = (SELECT max(ordering) FROM items) + 1000 WHERE name = 'Fluffy Mac'")
        app.press(Key(.up, modifiers: .shift))
        #expect(
            try app.storedNames() == ["Shiny Spork", "Rusty Bear", "毛茸茸的熊", "Fluffy Mac", "Shiny Bear"])
        app.advance(by: .seconds(1))
        #expect(app.highlightedRow?.contains("Fluffy Mac") == true)
    }

    // MARK: Orphans

    @Test("H12: a new item never confirmed with Done does not outlive its screen")
    func provisionalItems() throws {
        let first = try HeadlessHomepwner.launched()
        first.startNewItem(named: "Lamp")
        first.advance(by: .seconds(1))  // the state is saved; then the app is killed
        // Relaunched normally, the New Item screen comes back and owns its item.
        let second = try first.relaunched()
        #expect(second.detail?.isNew == true)
        #expect(try second.storedNames().count == 6)
        second.advance(by: .seconds(1))
        // With --fresh nothing owns it: it is gone.
        let app = try second.relaunched(fresh: true)
        #expect(try app.storedNames() == sampleItems.map(\.0))
        #expect(!app.screen.contains("(no name)") && !app.screen.contains("Lamp"))
    }

    @Test("H12: Done keeps the new item for good")
    func doneKeepsItem() throws {
        let first = try HeadlessHomepwner.launched()
        first.startNewItem(named: "Lamp")
        first.press(.enter)
        first.advance(by: .seconds(1))
        let app = try first.relaunched(fresh: true)
        #expect(try app.storedNames() == sampleItems.map(\.0) + ["Lamp"])
    }

    @Test("H12: photos of deleted rows and abandoned import files are removed at launch")
    func orphanedFilesAtLaunch() throws {
        let scratch = try scratchStore(sampleItems)
        let images = scratch.paths.imagesDirectory
        try FileManager.default.createDirectory(atPath: images, withIntermediateDirectories: true)
        let orphan = images + "/" + ItemKey.text(UUID())
        let temporary = images + "/.1234.tmp-999999999"
        for path in [orphan, temporary] {
            #expect(FileManager.default.createFile(atPath: path, contents: Data([1, 2, 3])))
        }
        _ = try HeadlessHomepwner(paths: scratch.paths)
        #expect(!FileManager.default.fileExists(atPath: orphan))
        #expect(!FileManager.default.fileExists(atPath: temporary))
    }

    @Test(
        "H12: version 2 files migrate (to 3, and now on to 4); their blank items count as unconfirmed"
    )
    func migrationFromVersion2() throws {
        let scratch = Scratch()
        let paths = scratch.paths
        try scratch.databaseFile(
            madeBy: """
                PRAGMA application_id = 1213224782;
                CREATE TABLE items (item_key TEXT PRIMARY KEY NOT NULL, name TEXT NOT NULL,
                    serial_number TEXT NOT NULL, value_in_dollars INTEGER NOT NULL,
                    date_created INTEGER NOT NULL, ordering INTEGER NOT NULL,
                    has_photo INTEGER NOT NULL DEFAULT 0);
                CREATE INDEX items_by_ordering ON items (ordering, item_key);
                INSERT INTO items VALUES ('0f0e0d0c-0000-4000-8000-000000000001', 'Lamp', 'L1', 5, 0, 4294967296, 0);
                INSERT INTO items VALUES ('0f0e0d0c-0000-4000-8000-000000000002', '', '', 0, 0, 8589934592, 0);
                PRAGMA user_version = 2;
                """)
        let store = try ItemStore(paths: paths)
        let raw = try RawDatabase(paths.databasePath)
        #expect(raw.value("PRAGMA user_version") == "6")
        #expect(raw.rows("SELECT name, provisional != 0 FROM items ORDER BY ordering") == ["Lamp|0", "|1"])
        #expect(raw.executeExpectingFailure("UPDATE items SET provisional = -1") != nil)
        #expect(try store.allItems().map(\.name) == ["Lamp", ""])
        // Nothing owns the blank item: the first launch removes it.
        let app = try HeadlessHomepwner(paths: paths)
        #expect(try app.storedNames() == ["Lamp"])
    }

    // MARK: Cancel deletes only what it created

    @Test("H12: a saved New Item screen naming an existing item never deletes it")
    func cancelNeverDeletesExisting() throws {
        let first = try HeadlessHomepwner.launched()
        first.press(.character("a"))
        let newKey = try #require(first.detail?.item.key)
        first.advance(by: .seconds(1))
        // The archive's new item is now an existing, confirmed item with a photo.
        let other = try raw(first)
        other.execute("DELETE FROM items WHERE name = ''")
        other.execute("UPDATE items SET item_key = '\(ItemKey.text(newKey))' WHERE name = 'Rusty Bear'")
        let app = try first.relaunched()
        app.press(.escape)
        app.advance(by: .seconds(1))
        #expect(try app.storedNames() == sampleItems.map(\.0))
    }

    // MARK: Outside changes show within a second

    @Test(
        "H13: the list shows outside changes within a second, keeping the selection by key"
    )
    func liveList() throws {
        let app = try HeadlessHomepwner.launched()
        app.press(.down, .down)
        let other = try raw(app)
        other.execute("UPDATE items SET name = 'Rusty Robot' WHERE name = 'Rusty Bear'")
        other.execute(
            "UPDATE items SET ordering = (SELECT max(ordering) FROM items) + 1000 WHERE name = 'Shiny Spork'")
        app.advance(by: .seconds(1))
        #expect(app.screen.contains("Rusty Robot"))
        #expect(app.lines[1].contains("Rusty Robot"))
        #expect(app.highlightedRow?.contains("Fluffy Mac") == true)
    }

    @Test("H13: a row deleted outside does not open, even before the list was read again")
    func deletedRowDoesNotOpen() throws {
        let app = try HeadlessHomepwner.launched()
        app.press(.down)
        try raw(app).execute("DELETE FROM items WHERE name = 'Rusty Bear'")
        app.press(.enter)
        #expect(app.detail == nil)
        #expect(app.screen.contains("“Rusty Bear” was deleted outside Homepwner."))
        #expect(!app.screen.contains("Rusty Bear "))
    }

    @Test("H13: the open item shows outside changes to fields the user did not touch")
    func liveItem() throws {
        let app = try openRustyBear()
        app.type(" 2")
        try raw(app).execute(
            "UPDATE items SET serial_number = 'NEW', name = 'Robot' WHERE serial_number = '0A1B2'")
        app.advance(by: .seconds(1))
        #expect(app.lines[1] == " Name     Rusty Bear 2")  // typed: kept
        #expect(app.lines[2] == " Serial   NEW")
    }

    @Test("H13: a new item deleted outside (by another instance) closes its screen and says so on the list")
    func newItemDeletedOutside() throws {
        let app = try HeadlessHomepwner.launched()
        app.type("a")
        app.type("Provisional1")
        app.advance(by: .seconds(1))
        try raw(app).execute("DELETE FROM items WHERE name = 'Provisional1'")
        app.advance(by: .seconds(1))
        #expect(app.detail == nil && app.list != nil)
        let shown = app.lines.joined(separator: " ").split(separator: " ").joined(separator: " ")
        #expect(shown.contains("“Provisional1” was deleted outside Homepwner."), "\(app.screen)")
    }

    @Test("H13: an open item deleted outside says so plainly and goes back to the list")
    func openItemDeletedOutside() throws {
        let app = try openRustyBear()
        app.type(" 2")
        try raw(app).execute("DELETE FROM items WHERE serial_number = '0A1B2'")
        app.advance(by: .seconds(1))
        #expect(app.detail == nil && app.list != nil)
        #expect(app.screen.contains("was deleted outside Homepwner"))
        #expect(app.screen.range(of: "[0-9a-f]{8}-[0-9a-f]{4}-", options: .regularExpression) == nil)
        #expect(try app.storedNames() == ["Shiny Spork", "Fluffy Mac", "毛茸茸的熊", "Shiny Bear"])
    }

    // MARK: Someone else's SQLite file

    private func runCommand(_ scratch: Scratch) -> CommandRun {
        CommandRun(
            ["--data-dir", scratch.paths.dataDirectory, "--state-dir", scratch.paths.stateDirectory],
            in: scratch)
    }

    @Test(
        "H12: another application's SQLite file is refused with exit 65 and left untouched",
        arguments: [
            "CREATE TABLE notes (body TEXT); INSERT INTO notes VALUES ('mine');",
            "PRAGMA application_id = 42; CREATE TABLE t (x); INSERT INTO t VALUES (1);",
            "PRAGMA user_version = 2; CREATE TABLE items (x); INSERT INTO items VALUES (1);",
        ])
    func foreignDatabase(script: String) throws {
        let scratch = Scratch()
        let database = try scratch.databaseFile(madeBy: script)
        let before = try Data(contentsOf: URL(fileURLWithPath: database))
        let result = runCommand(scratch)
        #expect(result.status == 65)
        #expect(result.errors.contains("\(database) is not a Homepwner database"))
        #expect(try Data(contentsOf: URL(fileURLWithPath: database)) == before)
        #expect(!FileManager.default.fileExists(atPath: database + "-wal"))
        #expect(try RawDatabase(database).value("PRAGMA journal_mode") == "delete")
    }

    @Test(
        "H12: a file that is not a database at all is refused with exit 65 and left untouched"
    )
    func notADatabase() throws {
        let scratch = Scratch()
        let database = try scratch.emptyDataDirectory()
        let bytes = Data(repeating: 0x41, count: 4096)
        try bytes.write(to: URL(fileURLWithPath: database))
        let result = runCommand(scratch)
        #expect(result.status == 65)
        #expect(
            result.errors.contains(
                "\(database) is not a Homepwner database (it is not an SQLite database at all); it was left untouched"
            ))
        #expect(!result.errors.contains("SQLite code"))
        #expect(try Data(contentsOf: URL(fileURLWithPath: database)) == bytes)
    }

    @Test(
        "H10: a data or a state directory that is a file is said the same way, in plain words, with exit 73",
        arguments: ["data", "state"])
    func directoryIsAFile(which: String) throws {
        let scratch = Scratch()
        let path = which == "data" ? scratch.paths.dataDirectory : scratch.paths.stateDirectory
        try FileManager.default.createDirectory(
            atPath: (path as NSString).deletingLastPathComponent, withIntermediateDirectories: true)
        #expect(FileManager.default.createFile(atPath: path, contents: Data("x".utf8)))
        let result = runCommand(scratch)
        #expect(result.status == 73)
        #expect(
            result.errors
                == "homepwner: error: the \(which) directory \(path) is a file, not a directory; move it away, "
                + "or use --\(which)-dir to choose a directory\n")
    }

    @Test("H12: an empty file is taken as a new store")
    func emptyFileAdopted() throws {
        let scratch = Scratch()
        #expect(FileManager.default.createFile(atPath: try scratch.emptyDataDirectory(), contents: Data()))
        #expect(try ItemStore(paths: scratch.paths).count() == 0)
    }
}
