import Foundation
import HomepwnerCore

/// The seed corpus of the store's fuzz target (`homepwner-store-fuzz --write-corpus DIR`,
/// committed in Fuzz/store-corpus): a good database and the hostile ones of the attacker
/// passes, each small (pages of 512 bytes), each as a ``StoreFuzzInput``.
enum HostileDatabases {
    /// Every seed, by name.
    static func seeds(scratch: String) -> [(String, StoreFuzzInput)] {
        var seeds: [(String, StoreFuzzInput)] = []
        let made = Maker(scratch: scratch)
        let valid = made.store()
        seeds.append(("valid", StoreFuzzInput(layout: 0, database: valid, wal: nil)))
        for (bit, name) in [
            (1, "foreign-database"), (4, "foreign-shm"), (8, "symbolic-link"), (16, "shared-directory"),
            (32, "hot-journal"),
        ] {
            seeds.append((name, StoreFuzzInput(layout: UInt8(bit), database: valid, wal: nil)))
        }
        let hostile: [(String, String)] = [
            (
                "trigger-copies-typing",
                """
                CREATE TABLE loot (t TEXT);
                CREATE TRIGGER steal AFTER UPDATE ON items BEGIN INSERT INTO loot VALUES (new.name); END;
                """
            ),
            (
                "endless-view-items",
                """
                ALTER TABLE items RENAME TO kept;
                CREATE VIEW items AS WITH RECURSIVE r(n) AS (SELECT 1 UNION ALL SELECT n + 1 FROM r)
                SELECT printf('%08x-0000-0000-0000-000000000000', n) AS item_key, 'x' AS name,
                    '' AS serial_number, 0 AS value_in_dollars, 0 AS date_created, n AS ordering,
                    0 AS has_photo, 0 AS provisional, '' AS notes, '' AS session FROM r;
                """
            ),
            ("huge-row", "UPDATE items SET notes = hex(zeroblob(1500)) || char(10) || hex(zeroblob(500));"),
            ("newer-version", "PRAGMA user_version = 99;"),
            ("foreign-application", "PRAGMA application_id = 305419896;"),
        ]
        for (name, script) in hostile {
            seeds.append((name, StoreFuzzInput(layout: 0, database: made.store(then: script), wal: nil)))
        }
        seeds.append(("wrong-types", StoreFuzzInput(layout: 0, database: made.script(wrongTypes), wal: nil)))
        seeds.append(
            ("generated-column", StoreFuzzInput(layout: 0, database: made.script(generated), wal: nil)))
        seeds.append(("version-1", StoreFuzzInput(layout: 0, database: made.script(version1), wal: nil)))
        seeds.append(
            ("truncated-pages", StoreFuzzInput(layout: 0, database: Array(valid.prefix(1536)), wal: nil)))
        seeds.append(
            ("truncated-odd", StoreFuzzInput(layout: 0, database: Array(valid.prefix(700)), wal: nil)))
        seeds.append(
            ("not-sqlite", StoreFuzzInput(layout: 0, database: Array("not a database\n".utf8), wal: nil)))
        seeds.append(("empty", StoreFuzzInput(layout: 0, database: [], wal: nil)))
        let (clean, wal) = made.withWAL(
            "INSERT INTO items (item_key, name, serial_number, value_in_dollars, date_created, ordering) VALUES "
                + "('00000000-0000-4000-8000-000000000001', 'from the WAL', 'W1', 5, 0, 99999999999);")
        seeds.append(("wal-leftover", StoreFuzzInput(layout: 0, database: clean, wal: wal)))
        seeds.append(("foreign-wal", StoreFuzzInput(layout: 2, database: clean, wal: wal)))
        let (plain, trigger) = made.withWAL(
            "CREATE TRIGGER hidden AFTER INSERT ON items BEGIN DELETE FROM items; END;")
        seeds.append(("trigger-in-wal", StoreFuzzInput(layout: 0, database: plain, wal: trigger)))
        return seeds
    }

    /// Version 5's columns with no types and no checks, holding what the checks refuse.
    static let wrongTypes = """
        PRAGMA application_id = 1213224782;
        CREATE TABLE items (item_key, name, serial_number, value_in_dollars, date_created, ordering,
            has_photo, provisional, notes, session);
        CREATE INDEX items_by_ordering ON items (ordering, item_key);
        INSERT INTO items VALUES ('not-a-uuid', x'00ff', 3.5, 'abc', 'yesterday', NULL, 7, -1, zeroblob(10), NULL);
        INSERT INTO items VALUES ('6F9619FF-8B86-D011-B42D-00CF4FC964FF', NULL, NULL, -5, 1e300, 'z', 'yes',
            'no', 42, x'01');
        INSERT INTO items VALUES ('6f9619ff-8b86-d011-b42d-00cf4fc964ff', 'ok', 'fuzz', 9223372036854775807,
            -9223372036854775808, 1, 1, 0, 'notes', 'fuzz');
        PRAGMA user_version = 5;
        """

    /// An `items` whose name is computed, to 100 MB, every time a row is read.
    static let generated = """
        PRAGMA application_id = 1213224782;
        CREATE TABLE items (item_key TEXT PRIMARY KEY NOT NULL, name TEXT GENERATED ALWAYS AS
            (hex(zeroblob(50000000))) VIRTUAL, serial_number TEXT NOT NULL, value_in_dollars INTEGER NOT NULL,
            date_created INTEGER NOT NULL, ordering INTEGER NOT NULL, has_photo INTEGER NOT NULL DEFAULT 0,
            provisional INTEGER NOT NULL DEFAULT 0, notes TEXT NOT NULL DEFAULT '', session TEXT NOT NULL DEFAULT '');
        CREATE INDEX items_by_ordering ON items (ordering, item_key);
        INSERT INTO items (item_key, serial_number, value_in_dollars, date_created, ordering)
            VALUES ('6f9619ff-8b86-d011-b42d-00cf4fc964ff', 'fuzz', 1, 0, 4294967296);
        PRAGMA user_version = 5;
        """

    /// The first layout, from before the application id: what a launch migrates.
    static let version1 = """
        CREATE TABLE items (item_key TEXT PRIMARY KEY NOT NULL, name TEXT NOT NULL,
            serial_number TEXT NOT NULL, value_in_dollars INTEGER NOT NULL, date_created REAL NOT NULL,
            ordering INTEGER NOT NULL);
        INSERT INTO items VALUES ('6F9619FF-8B86-D011-B42D-00CF4FC964FF', 'Sofa', 'S1', 120, 1.5e9, 0);
        INSERT INTO items VALUES ('6f9619ff-8b86-d011-b42d-00cf4fc964f0', '', '', 0, 1.5e9, 0);
        PRAGMA user_version = 1;
        """

    /// Makes databases of 512-byte pages in a scratch directory.
    struct Maker {
        let scratch: String

        /// A fresh file of small pages, `script` run on it, its bytes.
        func script(_ script: String) -> [UInt8] {
            let path = fresh()
            do {
                let connection = RawDatabase(path)
                connection?.run(script)
            }
            return StoreFuzzHarness.contents(path) ?? []
        }

        /// A store made by Homepwner (three items, one of them a New Item screen's), with
        /// `script` run on it afterwards.
        func store(then script: String? = nil) -> [UInt8] {
            let path = fresh()
            do {
                let store: ItemStore
                do {
                    store = try ItemStore(
                        databasePath: path, images: ImageStore(directory: scratch + "/images"))
                    try store.insert([
                        Item(name: "Red Sofa", serialNumber: "S1", valueInDollars: 120),
                        Item(name: "Lamp", serialNumber: "fuzz", valueInDollars: 15, notes: "two\nlines"),
                    ])
                    _ = try store.createProvisionalItem()
                } catch {
                    StoreFuzzHarness.finding("cannot make a store: \(error)")
                }
                _ = store
            }
            if let script { RawDatabase(path)?.run(script) }
            return StoreFuzzHarness.contents(path) ?? []
        }

        /// A store, and a WAL that `script` left uncheckpointed beside it: the file and the
        /// WAL as a writer killed after its commit leaves them.
        func withWAL(_ script: String) -> (database: [UInt8], wal: [UInt8]) {
            let path = scratch + "/wal.sqlite"
            StoreFuzzHarness.write(store(), to: path)
            let connection = RawDatabase(path)
            connection?.run("PRAGMA journal_mode = WAL; PRAGMA wal_autocheckpoint = 0;")
            connection?.run(script)
            let result = (
                StoreFuzzHarness.contents(path) ?? [], StoreFuzzHarness.contents(path + "-wal") ?? []
            )
            withExtendedLifetime(connection) {}
            return result
        }

        /// An empty database file of 512-byte pages.
        private func fresh() -> String {
            try? FileManager.default.removeItem(atPath: scratch)
            _ = mkdir(scratch, 0o700)
            let path = scratch + "/seed.sqlite"
            RawDatabase(path)?.run("PRAGMA page_size = 512; CREATE TABLE x (a); DROP TABLE x;")
            return path
        }
    }
}
