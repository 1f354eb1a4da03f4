import CSQLite
import Foundation

/// Looking at a database file before anything writes to it (rule R36).
extension ItemStore {
    /// Refuses, without writing anything, a file that is neither empty nor a Homepwner
    /// database: it is opened read-only and only read. A missing or empty file, or an SQLite
    /// file with no tables and no ids, is a new store; a file with Homepwner's
    /// `application_id` is ours; so is a version 1 `items` table from before the id was
    /// set. Anything else is ``ItemStoreError/notAHomepwnerDatabase(path:applicationID:)``
    /// (or the SQLite error for a file that is not a database at all).
    static func checkOwnerWithoutWriting(_ path: String) throws(ItemStoreError) {
        // Rule R36: the database and SQLite's files beside it are the user's own regular
        // files, or absent; a file another user planted is never opened.
        var sideFiles = false
        for file in [path, path + "-wal", path + "-shm", path + "-journal"] {
            var status = stat()
            guard lstat(file, &status) == 0 else { continue }
            if file.hasSuffix("-wal") || file.hasSuffix("-journal") { sideFiles = true }
            guard status.st_mode & S_IFMT == S_IFREG else {
                throw .untrusted(path: file, reason: "is not a regular file")
            }
            guard status.st_uid == geteuid() else {
                throw .untrusted(
                    path: file,
                    reason: "belongs to another user (uid \(status.st_uid)), who could have planted it")
            }
        }
        var status = stat()
        guard stat(path, &status) == 0, status.st_size > 0 else { return }
        // Without a WAL or a journal the file is all there is to read: opened immutable, the
        // look leaves no `-wal` or `-shm` behind beside a file that is then refused.
        let database = try SQLiteDatabase(path: path, readOnly: true, immutable: !sideFiles)
        // Homepwner makes tables and indexes only: a trigger or a view (an endless `items`,
        // a trigger that copies what is typed elsewhere) was put there by someone else; so
        // was a generated column.
        var foreign: [String] = []
        try database.query(
            "SELECT type, name FROM sqlite_schema WHERE type IN ('trigger', 'view') LIMIT 3",
            operation: "read schema"
        ) { row throws(ItemStoreError) in foreign.append("\(row.text(0)) '\(row.text(1))'") }
        // Nor a computed column: its expression runs at every read of a row (a name of 1 GB).
        try database.query(
            "SELECT name FROM pragma_table_xinfo('items') WHERE hidden IN (2, 3) LIMIT 3",
            operation: "read schema"
        ) { row throws(ItemStoreError) in foreign.append("generated column '\(row.text(0))'") }
        if !foreign.isEmpty {
            throw .untrusted(
                path: path,
                reason: "holds schema objects Homepwner never makes (\(foreign.joined(separator: ", ")))")
        }
        let application = try database.integer("PRAGMA application_id", operation: "read application_id") ?? 0
        if application == Int64(Schema.applicationID) { return }
        let version = Int(try database.integer("PRAGMA user_version", operation: "read user_version") ?? 0)
        if application == 0 {
            let objects =
                try database.integer("SELECT count(*) FROM sqlite_schema", operation: "read schema") ?? 0
            if objects == 0 && version == 0 { return }
            // Newer than this build: refused with that reason by the version check.
            if version > Schema.currentVersion { return }
            let legacyColumns = try database.integer(
                """
                SELECT count(*) FROM pragma_table_info('items') WHERE name IN
                    ('item_key', 'name', 'serial_number', 'value_in_dollars', 'date_created', 'ordering')
                """, operation: "read schema")
            if version >= 1 && legacyColumns == 6 { return }
        }
        throw .notAHomepwnerDatabase(path: path, applicationID: Int32(truncatingIfNeeded: application))
    }
}
