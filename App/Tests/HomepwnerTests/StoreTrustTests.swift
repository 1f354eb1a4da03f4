import Foundation
import HomepwnerCore
import Testing

@testable import Homepwner

/// Rule R36 for the item store: a database that holds what Homepwner never makes, or that
/// another user owns (with its -wal and -shm), is not used; a shared data directory is
/// refused before it is opened.
@Suite("R36: the item store trusts only the user's own database")
@MainActor
struct StoreTrustTests {
    /// A store with one item, closed, and its database's path.
    static func database(in scratch: Scratch) throws -> String {
        let paths = scratch.paths
        let store = try ItemStore(paths: paths)
        _ = try store.createItem(name: "Passport", serialNumber: "P1234567", valueInDollars: 1)
        return paths.databasePath
    }

    @Test(
        "R36: a trigger, a view or a generated column in the database (one that copies what is typed, an endless items, a name of 100 MB at each read) refuses the store",
        arguments: [
            "CREATE TABLE loot(v); CREATE TRIGGER steal AFTER UPDATE ON items BEGIN INSERT INTO loot VALUES (new.name); END;",
            "CREATE VIEW everything AS WITH RECURSIVE n(x) AS (SELECT 1 UNION ALL SELECT x + 1 FROM n) SELECT x FROM n;",
            Self.generatedName,
        ])
    func foreignSchemaObjects(sql: String) throws {
        let scratch = Scratch()
        let path = try Self.database(in: scratch)
        try RawDatabase(path).execute(sql)
        #expect {
            _ = try ItemStore(paths: scratch.paths)
        } throws: { error in
            guard case .untrusted(let refused, let reason)? = error as? ItemStoreError else { return false }
            return refused == path && reason.contains("schema objects Homepwner never makes")
        }
    }

    /// `items` made again with a name that SQLite computes, 100 MB of text, whenever a row
    /// is read.
    nonisolated static let generatedName = """
        ALTER TABLE items RENAME TO kept;
        CREATE TABLE items (item_key TEXT PRIMARY KEY NOT NULL,
            name TEXT GENERATED ALWAYS AS (hex(zeroblob(50000000))) VIRTUAL, serial_number TEXT NOT NULL,
            value_in_dollars INTEGER NOT NULL, date_created INTEGER NOT NULL, ordering INTEGER NOT NULL,
            has_photo INTEGER NOT NULL, provisional INTEGER NOT NULL, notes TEXT NOT NULL, session TEXT NOT NULL);
        INSERT INTO items SELECT item_key, serial_number, value_in_dollars, date_created, ordering, has_photo,
            provisional, notes, session FROM kept;
        DROP TABLE kept;
        """

    @Test(
        "R36: a database refused for what it holds is left as it was: no -wal or -shm appears beside it",
        arguments: ["PRAGMA application_id = 305419896;", "CREATE VIEW v AS SELECT 1;"])
    func refusedLeavesNothing(sql: String) throws {
        let scratch = Scratch()
        let path = try Self.database(in: scratch)
        try RawDatabase(path).execute(sql)
        let before = FileManager.default.contents(atPath: path)
        #expect(throws: ItemStoreError.self) { _ = try ItemStore(paths: scratch.paths) }
        let names = try FileManager.default.contentsOfDirectory(atPath: scratch.paths.dataDirectory)
        #expect(!names.contains("items.sqlite-wal") && !names.contains("items.sqlite-shm"), "\(names)")
        #expect(FileManager.default.contents(atPath: path) == before)
    }

    @Test(
        "R36: a database, a -wal or a -shm that another user owns refuses the store",
        .enabled(if: geteuid() == 0))
    func otherUsersFiles() throws {
        for suffix in ["", "-wal", "-shm"] {
            let scratch = Scratch()
            let path = try Self.database(in: scratch)
            if !suffix.isEmpty {
                #expect(FileManager.default.createFile(atPath: path + suffix, contents: Data()))
            }
            #expect(chown(path + suffix, 65534, 65534) == 0)
            #expect {
                _ = try ItemStore(paths: scratch.paths)
            } throws: { error in
                guard case .untrusted(let refused, let reason)? = error as? ItemStoreError else {
                    return false
                }
                return refused == path + suffix && reason.contains("belongs to another user (uid 65534)")
            }
        }
    }

    @Test("R36: homepwner refuses a shared sticky data directory, with the exit status of the other refusals")
    func stickyDataDirectory() throws {
        let scratch = Scratch()
        let shared = scratch.file("shared")
        #expect(mkdir(shared, 0o700) == 0 && chmod(shared, 0o1777) == 0)
        let run = CommandRun(["--data-dir", shared, "--state-dir", scratch.file("state")], in: scratch)
        let (status, errors) = (run.status, run.errors)
        #expect(status == 77, "EX_NOPERM, as for a directory of another user")
        #expect(
            errors.contains(
                "the data directory '\(shared)' can be written by its group or others (mode 1777)"))
        #expect(
            !FileManager.default.fileExists(atPath: shared + "/items.sqlite"), "nothing was created in it")
    }
}
