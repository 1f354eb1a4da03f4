import Foundation

/// One input of the store's fuzz target: a data directory with a database in it.
///
/// ```
/// byte 0     how the files are laid out (the bits below)
/// then       the database file's bytes
/// [then      the separator, then the `-wal` file's bytes (a WAL left by a killed writer)]
/// ```
/// Bit 0 gives the database to another user, bit 1 the `-wal`, bit 2 puts a `-shm` of
/// another user's beside it (these three as root only); bit 3 makes the database a
/// symbolic link to a file of the user's own elsewhere; bit 4 lets others write the data
/// directory (mode 0777); bit 5 adds a `-journal` of the user's own beside it.
struct StoreFuzzInput {
    var layout: UInt8
    var database: [UInt8]
    var wal: [UInt8]?

    /// Between the database and its WAL.
    static let separator = Array("\0HOMEPWNER-FUZZ-WAL\0".utf8)

    init(layout: UInt8, database: [UInt8], wal: [UInt8]?) {
        self.layout = layout
        self.database = database
        self.wal = wal
    }

    init(_ bytes: [UInt8]) {
        layout = bytes.first ?? 0
        let rest = Array(bytes.dropFirst())
        if let range = Self.range(of: Self.separator, in: rest) {
            database = Array(rest[..<range.lowerBound])
            wal = Array(rest[range.upperBound...])
        } else {
            database = rest
            wal = nil
        }
    }

    var bytes: [UInt8] { [layout] + database + (wal.map { Self.separator + $0 } ?? []) }

    var foreignDatabase: Bool { layout & 1 != 0 }
    var foreignWAL: Bool { layout & 2 != 0 && wal != nil }
    var foreignSHM: Bool { layout & 4 != 0 }
    var symbolicLink: Bool { layout & 8 != 0 }
    var sharedDirectory: Bool { layout & 16 != 0 }
    var journal: Bool { layout & 32 != 0 }

    private static func range(of needle: [UInt8], in haystack: [UInt8]) -> Range<Int>? {
        guard haystack.count >= needle.count, let first = needle.first else { return nil }
        var start = 0
        while start + needle.count <= haystack.count {
            guard let index = haystack[start...].firstIndex(of: first), index + needle.count <= haystack.count
            else {
                return nil
            }
            if haystack[index..<index + needle.count].elementsEqual(needle) {
                return index..<index + needle.count
            }
            start = index + 1
        }
        return nil
    }
}
