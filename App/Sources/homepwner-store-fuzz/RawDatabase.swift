import CSQLite
import Foundation

/// A plain SQLite connection with SQL built at run time: for making hostile databases and
/// for reading a copy of a fuzzed one apart from the store. Never the store's own path
/// (that is HomepwnerCore's `SQLiteDatabase`, literals only).
final class RawDatabase {
    private let handle: OpaquePointer

    /// Opens `path` read-write (creating it), or read-only.
    init?(_ path: String, readOnly: Bool = false) {
        var connection: OpaquePointer?
        let flags = readOnly ? SQLITE_OPEN_READONLY : SQLITE_OPEN_READWRITE | SQLITE_OPEN_CREATE
        guard sqlite3_open_v2(path, &connection, flags, nil) == SQLITE_OK, let connection else {
            sqlite3_close_v2(connection)
            return nil
        }
        handle = connection
    }

    deinit { sqlite3_close_v2(handle) }

    /// Runs a script; traps on failure (the corpus is made of scripts that work).
    func run(_ sql: String) {
        var message: UnsafeMutablePointer<CChar>?
        guard sqlite3_exec(handle, sql, nil, nil, &message) == SQLITE_OK else {
            let text = message.map { String(cString: $0) } ?? "?"
            fatalError("homepwner-store-fuzz: \(text) in: \(sql)")
        }
    }

    /// The first column of every row of `sql`, as text; nil if SQLite refused it.
    func strings(_ sql: String) -> [String]? {
        var statement: OpaquePointer?
        guard sqlite3_prepare_v2(handle, sql, -1, &statement, nil) == SQLITE_OK, let statement else {
            return nil
        }
        defer { sqlite3_finalize(statement) }
        var rows: [String] = []
        while true {
            switch sqlite3_step(statement) {
            case SQLITE_ROW: rows.append(sqlite3_column_text(statement, 0).map { String(cString: $0) } ?? "")
            case SQLITE_DONE: return rows
            default: return nil
            }
        }
    }
}
