import CSQLite
import Testing

/// Direct SQLite access for tests: what the `sqlite3` tool (or another process) would do
/// behind the store's back. Test-only: SQL here is fixture text.
final class RawDatabase {
    private var handle: OpaquePointer?

    init(_ path: String) throws {
        let code = sqlite3_open_v2(path, &handle, SQLITE_OPEN_READWRITE | SQLITE_OPEN_CREATE, nil)
        try #require(code == SQLITE_OK, "cannot open \(path)")
        sqlite3_busy_timeout(handle, 5000)
    }

    deinit {
        sqlite3_close_v2(handle)
    }

    /// Runs statements; fails the test on error.
    func execute(_ sql: String, sourceLocation: SourceLocation = #_sourceLocation) {
        var message: UnsafeMutablePointer<CChar>?
        let code = sqlite3_exec(handle, sql, nil, nil, &message)
        #expect(
            code == SQLITE_OK, "\(message.map { String(cString: $0) } ?? "") in \(sql)",
            sourceLocation: sourceLocation)
        sqlite3_free(message)
    }

    /// Runs statements and returns SQLite's error message, or nil when they succeed.
    func executeExpectingFailure(_ sql: String) -> String? {
        var message: UnsafeMutablePointer<CChar>?
        let code = sqlite3_exec(handle, sql, nil, nil, &message)
        defer { sqlite3_free(message) }
        return code == SQLITE_OK ? nil : message.map { String(cString: $0) } ?? "error \(code)"
    }

    /// Every row of a query, each column as text ("NULL" for NULL), columns joined by `|`.
    func rows(_ sql: String) -> [String] {
        var statement: OpaquePointer?
        guard sqlite3_prepare_v2(handle, sql, -1, &statement, nil) == SQLITE_OK else {
            Issue.record("cannot prepare \(sql): \(String(cString: sqlite3_errmsg(handle)))")
            return []
        }
        defer { sqlite3_finalize(statement) }
        var result: [String] = []
        while sqlite3_step(statement) == SQLITE_ROW {
            let columns = (0..<sqlite3_column_count(statement)).map { column in
                sqlite3_column_text(statement, column).map { String(cString: $0) } ?? "NULL"
            }
            result.append(columns.joined(separator: "|"))
        }
        return result
    }

    func value(_ sql: String) -> String? {
        rows(sql).first
    }
}
