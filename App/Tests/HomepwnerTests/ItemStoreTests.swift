import Foundation
import HomepwnerCore
import Testing

@Suite("Item store: SQLite, ordering, migrations")
struct ItemStoreTests {
    let scratch = Scratch()

    func openStore() throws(ItemStoreError) -> ItemStore {
        try ItemStore(paths: scratch.paths)
    }

    func randomItems(_ count: Int, seed: UInt64 = 7) -> [Item] {
        var generator = SeededRandomNumberGenerator(seed: seed)
        return (0..<count).map { _ in Item.random(using: &generator) }
    }

    @Test("H6: items, every field and the order survive closing and reopening; Chinese names round-trip")
    func crudAcrossReopen() throws {
        var expected: [Item] = []
        do {
            let store = try openStore()
            #expect(try store.count() == 0)
            var bear = try store.createItem(name: "毛茸茸的熊 🐻", serialNumber: "0A1B2", valueInDollars: 35)
            let spork = try store.createItem(name: "Rusty Spork", serialNumber: "9Z8Y7", valueInDollars: 0)
            let mac = try store.createItem(name: "", serialNumber: "", valueInDollars: 99)
            bear.name = "毛茸茸的熊（已修）"
            bear.valueInDollars = 1_000_000
            try store.update(bear)
            let gone = try store.createItem(name: "to delete")
            #expect(try store.deleteItem(withKey: gone.key))
            #expect(try !store.deleteItem(withKey: gone.key))
            expected = [bear, spork, mac]
            #expect(try store.allItems() == expected)
        }
        let reopened = try openStore()
        #expect(try reopened.allItems() == expected)
        #expect(try reopened.item(forKey: expected[0].key)?.name == "毛茸茸的熊（已修）")
        #expect(try reopened.item(forKey: expected[0].key)?.dateCreated == expected[0].dateCreated)
        #expect(try reopened.count() == 3)
    }

    @Test("H6: paged reads, keys and positions agree with a full read")
    func paging() throws {
        let store = try openStore()
        try store.insert(randomItems(250))
        let all = try store.allItems()
        #expect(all.count == 250)
        #expect(try store.count() == 250)
        var paged: [Item] = []
        for offset in stride(from: 0, to: 250, by: 60) { paged += try store.items(offset: offset, limit: 60) }
        #expect(paged == all)
        #expect(try store.items(offset: 240, limit: 60).count == 10)
        #expect(try store.items(offset: 300, limit: 60).isEmpty)
        #expect(try store.orderedKeys() == all.map(\.key))
        for index in [0, 1, 137, 249] { #expect(try store.index(ofKey: all[index].key) == index) }
        #expect(try store.index(ofKey: UUID()) == nil)
    }

    @Test("H5: each move writes exactly one row and the order persists")
    func movesWriteOneRow() throws {
        var model: [UUID] = []
        do {
            let store = try openStore()
            let items = randomItems(20)
            try store.insert(items)
            model = items.map(\.key)
            let moves = [
                (19, 0), (0, 19), (5, 6), (6, 5), (3, 15), (15, 3), (10, 0), (0, 10), (18, 1), (2, 17),
            ]
            for (from, to) in moves {
                let before = store.totalChangedRows
                try store.moveItem(from: from, to: to)
                #expect(store.totalChangedRows - before == 1, "move \(from) → \(to)")
                model.insert(model.remove(at: from), at: to)
                #expect(try store.orderedKeys() == model)
            }
            let before = store.totalChangedRows
            try store.moveItem(from: 4, to: 4)
            #expect(store.totalChangedRows == before)
        }
        #expect(try openStore().orderedKeys() == model)
    }

    @Test("H5: 300 moves into one spot respace a few neighbours, never the whole list")
    func exhaustedGap() throws {
        let store = try openStore()
        let items = randomItems(3000)
        try store.insert(items)
        var model = items.map(\.key)
        let before = store.totalChangedRows
        // Each move lands between the previous moved item and the old second row: the same
        // gap halves every time, so it runs out after about 32 moves.
        for index in 0..<300 {
            try store.moveItem(from: 2999, to: 1 + index)
            model.insert(model.remove(at: 2999), at: 1 + index)
        }
        let written = store.totalChangedRows - before
        #expect(try store.orderedKeys() == model)
        // 300 single-row moves plus small respaced windows; one full renumber alone would be 3,000.
        #expect(written >= 300)
        #expect(written < 600, "rows written for 300 moves: \(written)")
        #expect(try store.integrityCheck() == "ok")
    }

    @Test("H5: rows tied by hand in sqlite3 are told apart by the next move")
    func tiedOrdering() throws {
        let store = try openStore()
        try store.insert(randomItems(6))
        try RawDatabase(scratch.paths.databasePath).execute("UPDATE items SET ordering = 0")
        var model = try store.orderedKeys()
        #expect(model.count == 6)
        try store.moveItem(from: 0, to: 3)
        model.insert(model.remove(at: 0), at: 3)
        #expect(try store.orderedKeys() == model)
        let distinct = try RawDatabase(scratch.paths.databasePath).value(
            "SELECT count(DISTINCT ordering) FROM items")
        #expect(distinct == "6")
    }

    @Test("H5: moving a row that does not exist is a typed error, and nothing changes")
    func moveOutOfRange() throws {
        let store = try openStore()
        try store.insert(randomItems(3))
        let keys = try store.orderedKeys()
        #expect(throws: ItemStoreError.indexOutOfRange(index: 3, count: 3)) {
            try store.moveItem(from: 0, to: 3)
        }
        #expect(throws: ItemStoreError.indexOutOfRange(index: -1, count: 3)) {
            try store.moveItem(from: -1, to: 0)
        }
        #expect(try store.orderedKeys() == keys)
    }

    @Test("H4: a negative value is refused with a message, and nothing is stored")
    func negativeValues() throws {
        let store = try openStore()
        #expect(throws: ItemStoreError.negativeValue(-1)) {
            try store.createItem(name: "x", valueInDollars: -1)
        }
        var item = try store.createItem(name: "y", valueInDollars: 5)
        item.valueInDollars = -5
        #expect(throws: ItemStoreError.negativeValue(-5)) { try store.update(item) }
        #expect(try store.allItems().map(\.valueInDollars) == [5])
        #expect(ItemStoreError.negativeValue(-5).description.contains("negative"))
        // The schema refuses it too, even from the sqlite3 tool.
        let raw = try RawDatabase(scratch.paths.databasePath)
        let refusal = raw.executeExpectingFailure("UPDATE items SET value_in_dollars = -3")
        #expect(refusal?.contains("CHECK constraint failed") == true)
        #expect(raw.executeExpectingFailure("UPDATE items SET item_key = '../../etc/passwd'") != nil)
    }

    @Test("H9: an item deleted behind the store's back reads as missing, never a crash")
    func deletedBehindTheBack() throws {
        let store = try openStore()
        let item = try store.createItem(name: "doomed")
        try RawDatabase(scratch.paths.databasePath).execute("DELETE FROM items")
        #expect(try store.item(forKey: item.key) == nil)
        #expect(try store.index(ofKey: item.key) == nil)
        #expect(throws: ItemStoreError.itemNotFound(item.key)) { try store.update(item) }
        #expect(ItemStoreError.itemNotFound(item.key).description.contains(ItemKey.text(item.key)))
    }

    @Test("H6: a version 1 database is migrated in place, keeping every item and its order")
    func migrationFromVersion1() throws {
        let paths = scratch.paths
        try scratch.databaseFile(
            madeBy: """
                CREATE TABLE items (item_key TEXT PRIMARY KEY NOT NULL, name TEXT NOT NULL,
                    serial_number TEXT NOT NULL, value_in_dollars INTEGER NOT NULL,
                    date_created REAL NOT NULL, ordering INTEGER NOT NULL);
                INSERT INTO items VALUES ('0F0E0D0C-0000-4000-8000-000000000003', '第三', 'C3', 30, 1700000002.5, 2);
                INSERT INTO items VALUES ('0f0e0d0c-0000-4000-8000-000000000001', 'First', 'A1', 10, 1700000000.25, 0);
                INSERT INTO items VALUES ('0f0e0d0c-0000-4000-8000-000000000002', 'Second', 'B2', 20, 1700000001, 1);
                PRAGMA user_version = 1;
                """)
        let store = try openStore()
        let items = try store.allItems()
        #expect(items.map(\.name) == ["First", "Second", "第三"])
        #expect(items.map(\.valueInDollars) == [10, 20, 30])
        #expect(
            items.map(\.dateCreated.timeIntervalSince1970) == [
                1_700_000_000.25, 1_700_000_001, 1_700_000_002.5,
            ])
        #expect(items.map { ItemKey.text($0.key).suffix(1) } == ["1", "2", "3"])
        #expect(items.allSatisfy { !$0.hasPhoto })
        let raw = try RawDatabase(paths.databasePath)
        #expect(raw.value("PRAGMA user_version") == "6")
        #expect(raw.value("PRAGMA application_id") == "1213224782")
        #expect(items.allSatisfy { $0.notes.isEmpty })
        #expect(raw.value("SELECT group_concat(ordering, ',') FROM items") != "0,1,2")
        // The migrated file has the new rules: one-row moves.
        let before = store.totalChangedRows
        try store.moveItem(from: 2, to: 0)
        #expect(store.totalChangedRows - before == 1)
        #expect(try store.allItems().map(\.name) == ["第三", "First", "Second"])
    }

    @Test("H6: a database from a newer Homepwner is refused with its version, and left untouched")
    func newerSchema() throws {
        let paths = scratch.paths
        try scratch.databaseFile(madeBy: "CREATE TABLE future (x); PRAGMA user_version = 9;")
        let original = try Data(contentsOf: URL(fileURLWithPath: paths.databasePath))
        #expect(
            throws: ItemStoreError.schemaTooNew(path: paths.databasePath, version: 9, newestKnown: 6),
            performing: { try openStore() })
        #expect(try Data(contentsOf: URL(fileURLWithPath: paths.databasePath)) == original)
        let message = ItemStoreError.schemaTooNew(path: "/p", version: 9, newestKnown: 2).description
        #expect(message.contains("/p") && message.contains("9") && message.contains("not changed"))
    }

    /// Version 2's layout, as its migration made it (Schema.swift), written by hand: no
    /// `provisional`, no `notes`. Written out rather than taken from `Schema`, so that a
    /// change there cannot change the file the migration is tested from.
    private static let version2Layout: String = {
        let hex = { (count: Int) in String(repeating: "[0-9a-f]", count: count) }
        let keyPattern = [hex(8), hex(4), hex(4), hex(4), hex(12)].joined(separator: "-")
        return """
            PRAGMA application_id = 1213224782;
            CREATE TABLE items (
                item_key TEXT PRIMARY KEY NOT NULL CHECK (item_key GLOB '\(keyPattern)'),
                name TEXT NOT NULL,
                serial_number TEXT NOT NULL,
                value_in_dollars INTEGER NOT NULL
                    CHECK (typeof(value_in_dollars) = 'integer' AND value_in_dollars >= 0),
                date_created INTEGER NOT NULL CHECK (typeof(date_created) = 'integer'),
                ordering INTEGER NOT NULL CHECK (typeof(ordering) = 'integer'),
                has_photo INTEGER NOT NULL DEFAULT 0 CHECK (has_photo IN (0, 1))
            );
            CREATE INDEX items_by_ordering ON items (ordering, item_key);
            INSERT INTO items VALUES ('0f0e0d0c-0000-4000-8000-000000000001', 'Lamp', 'L1', 5, 1700000000000, 12884901888, 0);
            INSERT INTO items VALUES ('0f0e0d0c-0000-4000-8000-000000000002', '台灯', 'S2', 7, 1700000001000, 4294967296, 1);
            INSERT INTO items VALUES ('0f0e0d0c-0000-4000-8000-000000000003', '', '', 0, 1700000002000, 8589934592, 0);
            """
    }()

    @Test(
        "T5: version 2 and version 3 databases migrate to 4, keeping every item, the order and the provisional marks, with empty notes",
        arguments: [2, 3])
    func migrationToNotes(from version: Int) throws {
        let paths = scratch.paths
        do {
            let raw = try RawDatabase(try scratch.emptyDataDirectory())
            raw.execute(Self.version2Layout)
            if version == 3 {
                // Version 3's column; a blank item kept with Done (0) is not marked again,
                // and a New Item screen's item keeps its owner.
                raw.execute(
                    """
                    ALTER TABLE items ADD COLUMN provisional INTEGER NOT NULL DEFAULT 0
                        CHECK (typeof(provisional) = 'integer' AND provisional >= 0);
                    UPDATE items SET provisional = 4242 WHERE name = 'Lamp';
                    """)
            }
            raw.execute("PRAGMA user_version = \(version);")
        }
        let store = try openStore()
        let items = try store.allItems()
        #expect(items.map(\.name) == ["台灯", "", "Lamp"])
        #expect(items.map(\.serialNumber) == ["S2", "", "L1"])
        #expect(items.map(\.valueInDollars) == [7, 0, 5])
        #expect(items.map(\.hasPhoto) == [true, false, false])
        #expect(
            items.map(\.dateCreated.timeIntervalSince1970) == [1_700_000_001, 1_700_000_002, 1_700_000_000])
        #expect(items.map(\.notes) == ["", "", ""])
        let raw = try RawDatabase(paths.databasePath)
        #expect(raw.value("PRAGMA user_version") == "6")
        #expect(raw.value("PRAGMA application_id") == "1213224782")
        #expect(raw.value("PRAGMA integrity_check") == "ok")
        // Version 2's blank item is a New Item screen's that nobody owns (version 3's rule);
        // version 3's marks are kept as they were.
        #expect(
            raw.rows("SELECT name, provisional FROM items ORDER BY ordering")
                == (version == 2 ? ["台灯|0", "|2147483648", "Lamp|0"] : ["台灯|0", "|0", "Lamp|4242"]))
        #expect(
            raw.rows("SELECT ordering FROM items ORDER BY ordering") == [
                "4294967296", "8589934592", "12884901888",
            ])
        // The new column: text, never NULL.
        #expect(raw.executeExpectingFailure("UPDATE items SET notes = NULL") != nil)
        #expect(raw.executeExpectingFailure("UPDATE items SET notes = x'00ff'") != nil)
        try store.update(key: items[2].key, changes: ItemChanges(notes: "on the desk\nleft drawer"))
        #expect(try store.item(forKey: items[2].key)?.notes == "on the desk\nleft drawer")
        #expect(try store.allItems().map(\.name) == ["台灯", "", "Lamp"])
    }

    @Test(
        "T5: notes are written by insert, createItem, update and a change of notes alone, and read by every read"
    )
    func notesRoundTrip() throws {
        let store = try openStore()
        let first = try store.createItem(name: "Kettle", notes: "boils\n\nfast")
        try store.insert([Item(name: "Chair", notes: "wobbly")])
        let keys = try store.orderedKeys()
        #expect(try store.allItems().map(\.notes) == ["boils\n\nfast", "wobbly"])
        #expect(try store.items(offset: 1, limit: 1).map(\.notes) == ["wobbly"])
        // A change of the notes alone leaves the other fields, and theirs the notes (H12).
        try store.update(key: first.key, changes: ItemChanges(notes: "descaled"))
        try store.update(key: first.key, changes: ItemChanges(name: "Kettle 2"))
        let stored = try #require(try store.item(forKey: first.key))
        #expect(stored.name == "Kettle 2" && stored.notes == "descaled" && stored.serialNumber.isEmpty)
        var chair = try #require(try store.item(forKey: keys[1]))
        chair.notes = ""
        try store.update(chair)
        #expect(try store.item(forKey: keys[1])?.notes == "")
        let reopened = try openStore()
        #expect(try reopened.allItems().map(\.notes) == ["descaled", ""])
    }

    @Test("H6: a file that is not a database gives a typed error with the path and SQLite's message")
    func notADatabase() throws {
        let paths = scratch.paths
        try Data(repeating: 0x41, count: 4096).write(
            to: URL(fileURLWithPath: try scratch.emptyDataDirectory()))
        do {
            _ = try openStore()
            Issue.record("opened a file of 'A's")
        } catch {
            guard case .sqlite(let path, _, _, let message) = error else {
                Issue.record("unexpected \(error)")
                return
            }
            #expect(path == paths.databasePath)
            #expect(message.contains("not a database"))
            #expect(error.description.contains(paths.databasePath))
        }
    }

    @Test("H6: another application's SQLite file is refused")
    func foreignDatabase() throws {
        let paths = scratch.paths
        try scratch.databaseFile(madeBy: "PRAGMA application_id = 42; CREATE TABLE t (x);")
        #expect(throws: ItemStoreError.notAHomepwnerDatabase(path: paths.databasePath, applicationID: 42)) {
            try openStore()
        }
    }

    @Test("H6: the data directory is created 0700, the database is 0600 and in WAL mode")
    func filesAndModes() throws {
        let store = try openStore()
        try store.createItem(name: "x")
        let paths = scratch.paths
        #expect(Scratch.mode(of: paths.dataDirectory) == 0o700)
        #expect(Scratch.mode(of: scratch.file("data")) == 0o700)
        #expect(Scratch.mode(of: paths.databasePath) == 0o600)
        #expect(Scratch.mode(of: paths.databasePath + "-wal") == 0o600)
        let raw = try RawDatabase(paths.databasePath)
        #expect(raw.value("PRAGMA journal_mode") == "wal")
        #expect(raw.value("PRAGMA integrity_check") == "ok")
    }

    @Test("H6: a directory that cannot be created is a typed error naming it")
    func unwritableDirectory() throws {
        let blocker = try scratch.write([1], to: "file")
        let paths = HomepwnerPaths(dataDirectory: blocker + "/homepwner", stateDirectory: scratch.path)
        #expect(throws: ItemStoreError.cannotCreateDirectory(path: blocker, reason: "Not a directory")) {
            try ItemStore(paths: paths)
        }
    }

    @Test(
        "H6: the sqlite3 tool reads the items in list order, and its reordering is what the app sees",
        .enabled(if: FileManager.default.isExecutableFile(atPath: "/usr/bin/sqlite3")))
    func sqlite3Tool() throws {
        let database = scratch.paths.databasePath
        do {
            let store = try openStore()
            try store.createItem(name: "Lamp", serialNumber: "1L2M3", valueInDollars: 40)
            try store.createItem(name: "书架", serialNumber: "4S5J6", valueInDollars: 120)
            try store.createItem(name: "Mac", serialNumber: "7M8C9", valueInDollars: 999)
            // While the app is open, too (WAL lets readers in).
            #expect(
                try sqlite3(
                    database, "select name, serial_number, value_in_dollars from items order by ordering")
                    == "Lamp|1L2M3|40\n书架|4S5J6|120\nMac|7M8C9|999\n")
        }
        _ = try sqlite3(
            database, "update items set ordering = (select min(ordering) from items) - 1 where name = 'Mac'")
        #expect(try openStore().allItems().map(\.name) == ["Mac", "Lamp", "书架"])
    }

    @Test("H10: --random-items fills the store with the book's items in one go, repeatably")
    func randomFill() throws {
        var generator = SeededRandomNumberGenerator(seed: 99)
        let inserted = try openStore().insertRandomItems(1000, using: &generator)
        var again = SeededRandomNumberGenerator(seed: 99)
        let expected = (0..<1000).map { _ in Item.random(using: &again) }
        #expect(inserted.map(\.key) == expected.map(\.key))
        let stored = try openStore().allItems()
        #expect(stored == inserted)
        #expect(stored.map(\.name) == expected.map(\.name))
    }

    @Test("H6: with 10,000 items, opening and showing the first screen stays fast")
    func largeStore() throws {
        do {
            let store = try openStore()
            try store.insert(randomItems(10_000))
        }
        let clock = ContinuousClock()
        var firstPage: [Item] = []
        let elapsed = try clock.measure {
            let store = try openStore()
            #expect(try store.count() == 10_000)
            firstPage = try store.items(offset: 0, limit: 60)
        }
        #expect(firstPage.count == 60)
        // Measured at about 1 ms; loading all rows would be tens of milliseconds.
        #expect(elapsed < .milliseconds(200), "open + count + first page took \(elapsed)")
    }

    private func sqlite3(_ database: String, _ sql: String) throws -> String {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/sqlite3")
        process.arguments = [database, sql]
        let output = Pipe()
        process.standardOutput = output
        try process.run()
        let data = output.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        #expect(process.terminationStatus == 0)
        return String(decoding: data, as: UTF8.self)
    }
}
