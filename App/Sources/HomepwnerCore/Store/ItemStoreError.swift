import Foundation

/// Everything that can go wrong in ``ItemStore``. `description` is one line that a person
/// can act on: it names the file and quotes SQLite's own message.
public enum ItemStoreError: Error, Hashable, Sendable, CustomStringConvertible {
    /// The data directory could not be created (`reason` is `strerror`).
    case cannotCreateDirectory(path: String, reason: String)
    /// SQLite refused `operation` (for example "open", "migrate to version 2", "update").
    /// `code` is the extended result code, `message` is `sqlite3_errmsg`.
    case sqlite(path: String, operation: String, code: Int32, message: String)
    /// The file was written by a newer Homepwner. It is left untouched.
    case schemaTooNew(path: String, version: Int, newestKnown: Int)
    /// The file is an SQLite database of some other application.
    case notAHomepwnerDatabase(path: String, applicationID: Int32)
    /// The file (or its `-wal`, `-shm` or `-journal`) was not used: another user owns it, it
    /// is not a regular file, or it holds schema objects Homepwner never makes (a trigger,
    /// a view, a generated column). `reason` says which.
    case untrusted(path: String, reason: String)
    /// A row the store cannot represent (edited by hand past the schema's checks).
    case invalidRow(path: String, reason: String)
    /// Values are whole, non-negative dollars.
    case negativeValue(Int)
    /// No item has this key (it may have been deleted behind the app's back).
    case itemNotFound(UUID)
    /// A row index outside `0..<count`.
    case indexOutOfRange(index: Int, count: Int)
    /// The photo could not be attached, read or removed.
    case photo(ImageStoreError)

    /// One line for a person: what failed, where, and why.
    public var description: String {
        switch self {
        case .cannotCreateDirectory(let path, let reason):
            "cannot create the data directory \(path): \(reason)"
        case .sqlite(let path, _, let code, _) where code & 0xFF == 26:
            "\(path) is not a Homepwner database (it is not an SQLite database at all); it was left "
                + "untouched. Move it away, or use --data-dir to choose another directory"
        case .sqlite(let path, let operation, let code, let message):
            "items database \(path): \(operation) failed: \(message) (SQLite code \(code))"
        case .schemaTooNew(let path, let version, let newestKnown):
            "items database \(path) has schema version \(version), but this Homepwner knows "
                + "versions up to \(newestKnown); update Homepwner (the file was not changed)"
        case .notAHomepwnerDatabase(let path, let applicationID):
            "\(path) is not a Homepwner database (it belongs to another application"
                + (applicationID == 0 ? "" : ", application_id \(applicationID)")
                + "); it was left untouched. Move it away, or use --data-dir to choose another directory"
        case .untrusted(let path, let reason):
            "\(path) \(reason); it was not used. Move it away, or use --data-dir to choose a directory of your own"
        case .invalidRow(let path, let reason):
            "items database \(path) has a row Homepwner cannot read: \(reason)"
        case .negativeValue(let value):
            "the value $\(value) is negative; values are whole dollars from $0"
        case .itemNotFound(let key):
            "no item has the key \(ItemKey.text(key)); it may have been deleted"
        case .indexOutOfRange(let index, let count):
            "row \(index) does not exist; the list has \(count) items"
        case .photo(let error):
            error.description
        }
    }

    /// True when the write failed only because another program (`sqlite3`, another
    /// Homepwner) holds the database's lock: trying again later can succeed.
    public var isBusy: Bool {
        guard case .sqlite(_, _, let code, _) = self else { return false }
        return code & 0xFF == 5 || code & 0xFF == 6  // SQLITE_BUSY, SQLITE_LOCKED
    }

    /// True when trying the same write again later can succeed: the disk is full
    /// (`SQLITE_FULL`), the file or its directory cannot be written or opened just now
    /// (`SQLITE_READONLY`, `SQLITE_CANTOPEN`), or the disk failed (`SQLITE_IOERR`). A busy
    /// database is ``isBusy``.
    public var mayPass: Bool {
        guard case .sqlite(_, _, let code, _) = self else { return false }
        return [8, 10, 13, 14].contains(code & 0xFF)
    }

    /// True when the file is not an SQLite database at all (`SQLITE_NOTADB`).
    public var isNotADatabase: Bool {
        guard case .sqlite(_, _, let code, _) = self else { return false }
        return code & 0xFF == 26
    }
}
