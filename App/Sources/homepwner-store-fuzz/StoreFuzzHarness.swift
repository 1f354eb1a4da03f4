import ArgumentKit
import Foundation
import HomepwnerCore
import HomepwnerLaunch
import TestSupport

/// One input through the store's real open path: the files of a ``StoreFuzzInput`` in a
/// scratch data directory, opened by `PreparedLaunch.prepare` (the directories' trust, the
/// database's owner and schema check, the migrations), then what a launch and a first
/// edit ask of the store.
///
/// What must hold, whatever the bytes (rule R36, H6; docs/RELIABILITY.md):
/// - a database, `-wal` or `-shm` of another user's, a database behind a symbolic link, or
///   a data directory others can write is refused with status 77, and nothing is written;
/// - a database that holds a trigger or a view (as a separate read-only connection sees
///   it, WAL included) is never opened;
/// - a database of another application is refused without being written;
/// - every failure is a documented one: never the status of a programming error (70);
/// - nothing traps and nothing hangs (libFuzzer's -timeout).
enum StoreFuzzHarness {
    /// The scratch directory: a tmpfs when there is one (the store syncs every commit).
    static let root = ScratchRoot.make(prefix: "homepwner-store-fuzz")

    /// Another user, for the layout's foreign files (root only).
    static let foreignUser: uid_t = 4242

    /// What happened, for the replay driver's `-v`.
    static func run(_ bytes: [UInt8]) -> String {
        let input = StoreFuzzInput(bytes)
        let base = root + "/input"
        try? FileManager.default.removeItem(atPath: base)
        let data = base + "/data"
        guard mkdir(base, 0o700) == 0, mkdir(data, 0o700) == 0 else { finding("cannot make \(data)") }
        let database = data + "/items.sqlite"
        let target = input.symbolicLink ? base + "/elsewhere.sqlite" : database
        write(input.database, to: target)
        if input.symbolicLink { symlink(target, database) }
        if let wal = input.wal { write(wal, to: database + "-wal") }
        if input.foreignSHM { write([UInt8](repeating: 0, count: 32768), to: database + "-shm") }
        if input.journal { write(Array(input.database.prefix(512)), to: database + "-journal") }
        let root = geteuid() == 0
        if root, input.foreignDatabase { chown(target, foreignUser, foreignUser) }
        if root, input.foreignWAL { chown(database + "-wal", foreignUser, foreignUser) }
        if root, input.foreignSHM { chown(database + "-shm", foreignUser, foreignUser) }
        if input.sharedDirectory { chmod(data, 0o777) }
        let foreignSchema = schemaObjects(of: target, wal: input.wal, scratch: base + "/copy")
        let untrusted =
            input.sharedDirectory || input.symbolicLink
            || root && (input.foreignDatabase || input.foreignWAL || input.foreignSHM)
        let before = [contents(target), contents(database + "-wal")]
        var options = LaunchOptions()
        options.dataDirectory = data
        options.stateDirectory = base + "/state"
        let prepared = PreparedLaunch.prepare(options, variables: [:], currentDirectory: base)
        switch prepared {
        case .failure(let failure):
            if failure.status == .software {
                finding("a documented failure was expected: \(failure.message)")
            }
            let unwritten = failure.status == .noPermission || failure.message.contains("another application")
            let after = [contents(target), contents(database + "-wal")]
            if unwritten, after != before {
                finding(
                    "a refused database was written (\(before.map { $0?.count ?? -1 }) bytes before, "
                        + "\(after.map { $0?.count ?? -1 }) after): \(failure.message)")
            }
            if untrusted, failure.status != .noPermission {
                finding("an untrusted database was refused as \(failure.status.rawValue): \(failure.message)")
            }
            return "refused (\(failure.status.rawValue)): \(failure.message)"
        case .success(let launch):
            if untrusted { finding("a database someone else could have planted was opened") }
            if foreignSchema == true { finding("a database with a trigger or a view was opened") }
            return "opened: " + use(launch)
        }
    }

    /// What a launch, the list, the Summary and a first edit ask of the store; errors are
    /// typed (`ItemStoreError`), and only said.
    private static func use(_ launch: PreparedLaunch) -> String {
        let store = launch.store
        store.session = "fuzz"
        var said: [String] = []
        func attempt(_ what: String, _ body: () throws(ItemStoreError) -> Void) {
            do { try body() } catch { said.append("\(what): \(error)") }
        }
        attempt("count") { () throws(ItemStoreError) in _ = try store.count() }
        attempt("items") { () throws(ItemStoreError) in _ = try store.items(offset: 0, limit: 40) }
        attempt("keys") { () throws(ItemStoreError) in _ = try store.orderedKeys() }
        attempt("summary") { () throws(ItemStoreError) in _ = try store.summary() }
        attempt("provisional") { () throws(ItemStoreError) in
            _ = try store.removeAbandonedProvisionalItems(keeping: [], liveSessions: nil)
            _ = try store.sessionsWithUnfinishedItems()
        }
        _ = PreparedLaunch.findItem("fuzz", in: store, databasePath: store.databasePath)
        attempt("edit") { () throws(ItemStoreError) in
            let item = try store.createItem(name: "typed", serialNumber: "fuzz", valueInDollars: 1)
            try store.update(key: item.key, changes: ItemChanges(name: "typed again"))
            try store.deleteItem(withKey: item.key)
        }
        return said.isEmpty ? "every read and the edit worked" : said.joined(separator: "; ")
    }

    /// The triggers and views a separate read-only connection finds in a copy of the
    /// files; nil when it cannot read them (then the store must fail on its own).
    private static func schemaObjects(of database: String, wal: [UInt8]?, scratch: String) -> Bool? {
        guard mkdir(scratch, 0o700) == 0, let bytes = contents(database) else { return nil }
        write(bytes, to: scratch + "/copy.sqlite")
        if let wal { write(wal, to: scratch + "/copy.sqlite-wal") }
        guard let connection = RawDatabase(scratch + "/copy.sqlite", readOnly: true),
            let rows = connection.strings("SELECT name FROM sqlite_schema WHERE type IN ('trigger', 'view')")
        else { return nil }
        return !rows.isEmpty
    }

    static func write(_ bytes: [UInt8], to path: String) {
        guard
            FileManager.default.createFile(
                atPath: path, contents: Data(bytes), attributes: [.posixPermissions: 0o600])
        else { finding("cannot write \(path)") }
    }

    /// The bytes of the file at `path` (followed if a link), or nil. Read with `read(2)`:
    /// LeakSanitizer reports a 4 KiB buffer of Foundation's `FileManager.contents(atPath:)`
    /// (its `readBytesFromFile`) as leaked, here, on the seed corpus.
    static func contents(_ path: String) -> [UInt8]? {
        let descriptor = open(path, O_RDONLY | O_CLOEXEC | O_NONBLOCK)
        guard descriptor >= 0 else { return nil }
        defer { close(descriptor) }
        var bytes: [UInt8] = []
        var buffer = [UInt8](repeating: 0, count: 65536)
        while true {
            let count = read(descriptor, &buffer, buffer.count)
            guard count > 0 else { return count == 0 ? bytes : nil }
            bytes += buffer[..<count]
        }
    }

    /// Traps with `message`: libFuzzer keeps the input.
    static func finding(_ message: String) -> Never {
        fatalError("homepwner-store-fuzz: \(message)")
    }
}
