import CSQLite
import Foundation

/// A thin, internal wrapper of one SQLite connection.
///
/// SQL is `StaticString` everywhere: text written in the source, never built at run time,
/// so values can only reach SQLite as bound parameters. Statements are prepared once and
/// cached for the connection's life.
final class SQLiteDatabase {
    /// A value to bind.
    enum Value {
        case integer(Int64)
        case text(String)
    }

    /// The current row of a statement, valid only inside the row callback.
    struct Row {
        fileprivate let statement: OpaquePointer

        func int64(_ column: Int32) -> Int64 {
            sqlite3_column_int64(statement, column)
        }

        func double(_ column: Int32) -> Double {
            sqlite3_column_double(statement, column)
        }

        func text(_ column: Int32) -> String {
            withText(column) { String(decoding: $0, as: UTF8.self) }
        }

        /// The column's UTF-8 bytes, without copying them into a `String`.
        func withText<Result>(_ column: Int32, _ body: (UnsafeBufferPointer<UInt8>) -> Result) -> Result {
            let count = Int(sqlite3_column_bytes(statement, column))
            guard let bytes = sqlite3_column_text(statement, column) else {
                return body(UnsafeBufferPointer(start: nil, count: 0))
            }
            return body(UnsafeBufferPointer(start: bytes, count: count))
        }
    }

    let path: String
    private let handle: OpaquePointer
    private var statements: [UnsafeRawPointer: OpaquePointer] = [:]

    /// Opens (creating) the file at `path`, read-write; or, with `readOnly`, opens an
    /// existing file without the right to change it (to look before touching). With
    /// `immutable` too, SQLite takes the file as one that nothing writes: it takes no lock
    /// and makes no `-wal` or `-shm` beside it, so that looking leaves nothing behind (for a
    /// file without a WAL, whose contents are then exactly what a reader sees).
    init(path: String, readOnly: Bool = false, immutable: Bool = false) throws(ItemStoreError) {
        self.path = path
        var connection: OpaquePointer?
        let flags =
            readOnly
            ? SQLITE_OPEN_READONLY | SQLITE_OPEN_NOMUTEX | (immutable ? SQLITE_OPEN_URI : 0)
            : SQLITE_OPEN_READWRITE | SQLITE_OPEN_CREATE | SQLITE_OPEN_NOMUTEX
        let name = readOnly && immutable ? Self.immutableURI(path) : path
        let code = sqlite3_open_v2(name, &connection, flags, nil)
        guard code == SQLITE_OK, let connection else {
            let message =
                connection.map { String(cString: sqlite3_errmsg($0)) }
                ?? String(cString: sqlite3_errstr(code))
            sqlite3_close_v2(connection)
            throw .sqlite(path: path, operation: "open", code: code, message: message)
        }
        handle = connection
        sqlite3_extended_result_codes(handle, 1)
        sqlite3_busy_timeout(handle, 5000)
        // A file from elsewhere may hold triggers or views: they may run nothing with side
        // effects, and the schema cannot be written around SQLite's checks.
        csqlite_distrust_schema(handle)
        csqlite_defensive(handle)
    }

    /// `path` as an SQLite URI that opens it immutable: `%`, `?`, `#`, control characters
    /// and every byte beyond ASCII escaped, and a
    /// relative path made absolute first (a URI's path is absolute).
    static func immutableURI(_ path: String) -> String {
        let absolute = path.hasPrefix("/") ? path : FileManager.default.currentDirectoryPath + "/" + path
        var escaped = ""
        for byte in absolute.utf8 {
            if byte < 0x80, byte >= 0x20, byte != UInt8(ascii: "%"), byte != UInt8(ascii: "?"),
                byte != UInt8(ascii: "#")
            {
                escaped.unicodeScalars.append(Unicode.Scalar(byte))
            } else {
                escaped += "%" + (byte < 0x10 ? "0" : "") + String(byte, radix: 16, uppercase: true)
            }
        }
        return "file:" + escaped + "?immutable=1"
    }

    deinit {
        for statement in statements.values { sqlite3_finalize(statement) }
        sqlite3_close_v2(handle)
    }

    /// How long a statement waits for another connection's lock before it fails with
    /// `SQLITE_BUSY`; 0 fails at once.
    func setBusyTimeout(milliseconds: Int32) {
        sqlite3_busy_timeout(handle, max(milliseconds, 0))
    }

    /// Rows changed by every INSERT, UPDATE and DELETE since the connection opened.
    var totalChanges: Int { Int(sqlite3_total_changes64(handle)) }

    /// Runs `sql`, calling `row` for each result row.
    func query(
        _ sql: StaticString, _ bindings: [Value] = [], operation: String,
        row: (Row) throws(ItemStoreError) -> Void
    ) throws(ItemStoreError) {
        let statement = try prepare(sql, operation: operation)
        defer {
            sqlite3_reset(statement)
            sqlite3_clear_bindings(statement)
        }
        try bind(bindings, to: statement, operation: operation)
        while true {
            let code = sqlite3_step(statement)
            if code == SQLITE_DONE { return }
            guard code == SQLITE_ROW else { throw failure(operation, code) }
            try row(Row(statement: statement))
        }
    }

    /// Runs a statement that returns no rows.
    /// - Returns: The number of rows it changed.
    @discardableResult
    func execute(_ sql: StaticString, _ bindings: [Value] = [], operation: String) throws(ItemStoreError)
        -> Int
    {
        try query(sql, bindings, operation: operation) { _ throws(ItemStoreError) in }
        return Int(sqlite3_changes64(handle))
    }

    /// The first column of the first row, as an integer (nil when there is no row or it is NULL).
    func integer(_ sql: StaticString, _ bindings: [Value] = [], operation: String) throws(ItemStoreError)
        -> Int64?
    {
        var result: Int64?
        try query(sql, bindings, operation: operation) { row throws(ItemStoreError) in
            if result == nil, sqlite3_column_type(row.statement, 0) != SQLITE_NULL { result = row.int64(0) }
        }
        return result
    }

    /// The first column of the first row, as text.
    func text(_ sql: StaticString, _ bindings: [Value] = [], operation: String) throws(ItemStoreError)
        -> String?
    {
        var result: String?
        try query(sql, bindings, operation: operation) { row throws(ItemStoreError) in
            if result == nil { result = row.text(0) }
        }
        return result
    }

    /// Runs a script of statements without parameters (schema changes).
    func executeScript(_ sql: StaticString, operation: String) throws(ItemStoreError) {
        var message: UnsafeMutablePointer<CChar>?
        let code = sql.description.withCString { sqlite3_exec(handle, $0, nil, nil, &message) }
        if code != SQLITE_OK {
            let text = message.map { String(cString: $0) } ?? String(cString: sqlite3_errstr(code))
            sqlite3_free(message)
            throw .sqlite(path: path, operation: operation, code: code, message: text)
        }
    }

    /// Runs `body` in one `BEGIN IMMEDIATE` … `COMMIT`: all of it is committed (and, with
    /// `synchronous = FULL`, on disk) when this returns, or none of it is.
    func transaction<Result>(
        _ operation: String, _ body: () throws(ItemStoreError) -> Result
    ) throws(ItemStoreError) -> Result {
        try execute("BEGIN IMMEDIATE", operation: operation)
        do {
            let result = try body()
            try execute("COMMIT", operation: operation)
            return result
        } catch {
            // The error being thrown is the one to report; a failed ROLLBACK means SQLite
            // already rolled back (for example after SQLITE_FULL).
            if sqlite3_get_autocommit(handle) == 0 {
                sqlite3_exec(handle, "ROLLBACK", nil, nil, nil)
            }
            throw error
        }
    }

    private func prepare(_ sql: StaticString, operation: String) throws(ItemStoreError) -> OpaquePointer {
        // A literal's address identifies its statement. (Every statement here is a
        // multi-character literal, which always has an address.)
        guard sql.hasPointerRepresentation else {
            throw .sqlite(
                path: path, operation: operation, code: SQLITE_MISUSE, message: "SQL is not a literal")
        }
        let key = UnsafeRawPointer(sql.utf8Start)
        if let statement = statements[key] { return statement }
        var statement: OpaquePointer?
        let code = sql.withUTF8Buffer { buffer in
            buffer.baseAddress.map { base in
                base.withMemoryRebound(to: CChar.self, capacity: buffer.count) {
                    sqlite3_prepare_v3(
                        handle, $0, Int32(buffer.count), UInt32(SQLITE_PREPARE_PERSISTENT), &statement, nil)
                }
            } ?? SQLITE_MISUSE
        }
        guard code == SQLITE_OK, let statement else { throw failure(operation, code) }
        statements[key] = statement
        return statement
    }

    private func bind(_ values: [Value], to statement: OpaquePointer, operation: String)
        throws(ItemStoreError)
    {
        for (offset, value) in values.enumerated() {
            let index = Int32(offset + 1)
            let code: Int32
            switch value {
            case .integer(let integer):
                code = sqlite3_bind_int64(statement, index, integer)
            case .text(var text):
                // SQLITE_TRANSIENT: SQLite copies the bytes before this returns.
                let transient = unsafeBitCast(-1, to: sqlite3_destructor_type.self)
                code = text.withUTF8 { buffer in
                    guard let base = buffer.baseAddress else {
                        return sqlite3_bind_text64(statement, index, "", 0, transient, UInt8(SQLITE_UTF8))
                    }
                    return base.withMemoryRebound(to: CChar.self, capacity: buffer.count) {
                        sqlite3_bind_text64(
                            statement, index, $0, sqlite3_uint64(buffer.count), transient, UInt8(SQLITE_UTF8))
                    }
                }
            }
            guard code == SQLITE_OK else { throw failure(operation, code) }
        }
    }

    /// The error for a failed call, with SQLite's message for this connection.
    func failure(_ operation: String, _ code: Int32) -> ItemStoreError {
        let message = String(cString: sqlite3_errmsg(handle))
        return .sqlite(path: path, operation: operation, code: code, message: message)
    }
}
