import CSQLite
import Foundation

#if canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#endif

/// The items, in order, in SQLite (rule H6), and their photos in an ``ImageStore``.
///
/// **Durability.** The database is in WAL mode with `synchronous = FULL`. Every mutating
/// method is one transaction that is committed, and synced, before the method returns: a
/// `kill -9` (or a power cut) afterwards loses nothing, and one during it loses only that
/// change. The `sqlite3` tool can read and edit the file while the app is closed (or even
/// while it runs).
///
/// **Ordering rule.** Rows are listed by `ordering, item_key`. `ordering` values are spaced
/// ``orderingGap`` (2³²) apart. Appending takes the last value plus the gap. A move writes
/// one row: the moved item gets the midpoint of its new neighbours, or a neighbour ∓ the
/// gap at either end. Only when two neighbours have no integer between them (after about
/// 32 moves into the same spot, or ties made by hand in `sqlite3`) does the move first
/// respace a window of neighbouring rows, in the same transaction: the smallest window
/// of 2, 4, 8, … rows around the spot that leaves at least 2¹⁶ between rows, or, if even
/// the whole list is too dense, every row renumbered to 1×gap, 2×gap, … That rare
/// respacing is the only time a move writes more than one row.
///
/// **Large lists.** Nothing is loaded at open. ``count()`` and ``items(offset:limit:)``
/// serve a screen's worth of rows from the `(ordering, item_key)` index;
/// ``allItems()`` reads everything in one pass.
///
/// **New items** made by a New Item screen (``createProvisionalItem()``) are provisional
/// until ``confirmItem(withKey:)``: Cancel can delete only those
/// (``deleteProvisionalItem(withKey:)``), and those whose process is gone are deleted at
/// a later launch (``removeAbandonedProvisionalItems(keeping:)``).
///
/// **Someone else's file** is refused before anything writes to it: an existing file is
/// first opened read-only and only read.
///
/// The store is a plain class for one thread at a time (the main actor, in the app).
public final class ItemStore {
    /// The distance between neighbouring `ordering` values after a renumber.
    public static let orderingGap: Int64 = 1 << 32

    /// The database file.
    public let databasePath: String
    /// Where the photos are. Attach and remove them through ``attachPhoto(fromPath:to:)`` and
    /// ``removePhoto(from:)``, which keep `has_photo` in step.
    public let images: ImageStore

    let database: SQLiteDatabase

    /// The session this launch holds (rule H18): a New Item screen's item is marked with
    /// it, and the list shows no other session's unfinished items. Empty outside sessions.
    public var session: String = ""

    /// Opens the store of `paths`: the database at `paths.databasePath` and the images
    /// under `paths.imagesDirectory`.
    /// - Throws: ``ItemStoreError``, for example when the directory cannot be created or the
    ///   file is not a database of a version this build knows.
    public convenience init(paths: HomepwnerPaths, imageLimits: ImageLimits = .standard)
        throws(ItemStoreError)
    {
        try self.init(
            databasePath: paths.databasePath,
            images: ImageStore(directory: paths.imagesDirectory, limits: imageLimits))
    }

    /// Opens (creating if needed) the database at `databasePath`, in a directory created
    /// with mode 0700 if missing, and migrates it to the current schema.
    /// - Throws: ``ItemStoreError``.
    public init(databasePath: String, images: ImageStore) throws(ItemStoreError) {
        self.databasePath = databasePath
        self.images = images
        let directory = String(databasePath[..<(databasePath.lastIndex(of: "/") ?? databasePath.startIndex)])
        if !directory.isEmpty, let failure = Directory.create(directory) {
            throw .cannotCreateDirectory(path: failure.path, reason: Directory.describe(failure.errno))
        }
        // Look before touching: someone else's file is refused before anything writes to it.
        try Self.checkOwnerWithoutWriting(databasePath)
        // Create the file ourselves so it is 0600; SQLite gives -wal and -shm the same mode.
        // Only if it is missing (O_EXCL): closing a descriptor of a file drops every POSIX
        // lock this process holds on it, those of another store's SQLite connection too, and
        // a connection whose locks are gone stops seeing other processes' commits.
        let descriptor = open(databasePath, O_RDWR | O_CREAT | O_EXCL | O_CLOEXEC, 0o600)
        if descriptor >= 0 { close(descriptor) }
        database = try SQLiteDatabase(path: databasePath)
        // Check whose file it is, and its version, before anything writes to it.
        let version = try checkOwnerAndVersion()
        try configure()
        if version < Schema.currentVersion { try migrate() }
    }

    // MARK: - Reading

    /// The number of items.
    ///
    /// Cost: SQLite counts the table from its pages, and the other sessions' unfinished new
    /// items from their own small index.
    public func count() throws(ItemStoreError) -> Int {
        Int(
            try database.integer(
                """
                SELECT (SELECT count(*) FROM items)
                    - (SELECT count(*) FROM items INDEXED BY items_provisional WHERE provisional != 0 AND session != ?1)
                """, [.text(session)], operation: "count items") ?? 0)
    }

    /// Up to `limit` items from position `offset` on, in list order. Cost: the rows
    /// returned plus a walk of `offset` index entries, so a screen of rows is cheap at any
    /// position.
    public func items(offset: Int, limit: Int) throws(ItemStoreError) -> [Item] {
        guard limit > 0 else { return [] }
        var result: [Item] = []
        result.reserveCapacity(min(limit, 4096))
        try database.query(
            """
            SELECT item_key, name, serial_number, value_in_dollars, date_created, has_photo, notes
            FROM items WHERE provisional = 0 OR session = ?3 ORDER BY ordering, item_key LIMIT ?1 OFFSET ?2
            """,
            [.integer(Int64(limit)), .integer(Int64(max(offset, 0))), .text(session)], operation: "read items"
        ) { row throws(ItemStoreError) in result.append(try item(from: row)) }
        return result
    }

    /// Every item, in list order, in one query.
    public func allItems() throws(ItemStoreError) -> [Item] {
        var result: [Item] = []
        result.reserveCapacity(try count())
        try database.query(
            """
            SELECT item_key, name, serial_number, value_in_dollars, date_created, has_photo, notes
            FROM items WHERE provisional = 0 OR session = ?1 ORDER BY ordering, item_key
            """, [.text(session)], operation: "read items"
        ) { row throws(ItemStoreError) in result.append(try item(from: row)) }
        return result
    }

    /// Every item key, in list order: what a table view's model association needs,
    /// without reading names.
    public func orderedKeys() throws(ItemStoreError) -> [UUID] {
        var result: [UUID] = []
        try database.query(
            "SELECT item_key FROM items WHERE provisional = 0 OR session = ?1 ORDER BY ordering, item_key",
            [.text(session)], operation: "read keys"
        ) {
            row throws(ItemStoreError) in
            result.append(try key(from: row, column: 0))
        }
        return result
    }

    /// The item with `key`, or nil if there is none (for example, deleted with `sqlite3`).
    public func item(forKey key: UUID) throws(ItemStoreError) -> Item? {
        var result: Item?
        try database.query(
            """
            SELECT item_key, name, serial_number, value_in_dollars, date_created, has_photo, notes
            FROM items WHERE item_key = ?1
            """,
            [.text(ItemKey.text(key))], operation: "read item"
        ) { row throws(ItemStoreError) in result = try item(from: row) }
        return result
    }

    /// The items whose serial number is `serialNumber`, exactly, in list order (for
    /// `homepwner --open`, rule S6). New items not yet kept with Done are not among them.
    public func items(withSerialNumber serialNumber: String) throws(ItemStoreError) -> [Item] {
        var result: [Item] = []
        try database.query(
            """
            SELECT item_key, name, serial_number, value_in_dollars, date_created, has_photo, notes
            FROM items WHERE serial_number = ?1 AND provisional = 0 ORDER BY ordering, item_key LIMIT 10
            """,
            [.text(serialNumber)], operation: "find items"
        ) { row throws(ItemStoreError) in result.append(try item(from: row)) }
        return result
    }

    /// What the Summary tab shows: how many items were kept (a New Item screen's item
    /// counts from Done on), their total value, and the most valuable (the first in list
    /// order among equals). The total is summed as a `Double` (SQLite's `total()`), so a
    /// database edited to hold huge values cannot overflow it.
    public func summary() throws(ItemStoreError) -> ItemSummary {
        var result = ItemSummary(count: 0, totalValue: 0, mostValuable: nil)
        try database.query(
            "SELECT count(*), total(value_in_dollars) FROM items WHERE provisional = 0",
            operation: "sum the items"
        ) { row throws(ItemStoreError) in
            result.count = Int(row.int64(0))
            result.totalValue = row.double(1)
        }
        try database.query(
            """
            SELECT item_key, name, serial_number, value_in_dollars, date_created, has_photo, notes
            FROM items WHERE provisional = 0 ORDER BY value_in_dollars DESC, ordering, item_key LIMIT 1
            """, operation: "find the most valuable item"
        ) { row throws(ItemStoreError) in result.mostValuable = try item(from: row) }
        return result
    }

    /// The position of `key` in the list, or nil if there is no such item.
    ///
    /// Cost: a walk of the `(ordering, item_key)` index up to the item, reading no rows, less
    /// the other sessions' unfinished new items before it, from their own small index.
    ///
    /// With `expected`, a row the item probably is at (where it was when the screen's state
    /// was saved), that row is checked first: a step through the list's index to it, which
    /// reads no row, instead of counting every row before the item (a sixth of the cost at
    /// the middle of 10,000 items, rule P2). The answer is the same either way.
    public func index(ofKey key: UUID, expected: Int? = nil) throws(ItemStoreError) -> Int? {
        guard let ordering = try ordering(of: key) else { return nil }
        let bindings: [SQLiteDatabase.Value] = [.integer(ordering), .text(ItemKey.text(key)), .text(session)]
        // Rows before the item that the list does not show: other sessions' unsaved new
        // items, few, through their partial index.
        let hidden =
            try database.integer(
                """
                SELECT count(*) FROM items INDEXED BY items_provisional
                WHERE provisional != 0 AND session != ?3 AND (ordering, item_key) < (?1, ?2)
                """, bindings, operation: "find item") ?? 0
        // The hint comes from a saved archive: any number, so its sum must not overflow.
        if let expected, expected >= 0,
            case (let offset, let overflow) = Int64(expected).addingReportingOverflow(hidden), !overflow,
            try database.text(
                "SELECT item_key FROM items ORDER BY ordering, item_key LIMIT 1 OFFSET ?1",
                [.integer(offset)], operation: "find item") == ItemKey.text(key)
        {
            return expected
        }
        let before = try database.integer(
            "SELECT count(*) FROM items WHERE (ordering, item_key) < (?1, ?2)", Array(bindings.prefix(2)),
            operation: "find item")
        return Int((before ?? 0) - hidden)
    }

    /// `PRAGMA data_version`: changes when another connection (`sqlite3`, another
    /// Homepwner) commits, and only then.
    public func dataVersion() throws(ItemStoreError) -> Int64 {
        try database.integer("PRAGMA data_version", operation: "watch the database") ?? 0
    }

    /// How long a write waits for another program's lock before it fails with a busy error
    /// (``ItemStoreError/isBusy``). 5 s after opening; the app sets 0 so that the screen never
    /// waits, and retries instead.
    public func setBusyTimeout(milliseconds: Int32) {
        database.setBusyTimeout(milliseconds: milliseconds)
    }

    /// Makes this connection's writes that need more room fail as on a full disk
    /// (`SQLITE_FULL`), or lets them grow again: `PRAGMA max_page_count`, which cannot go
    /// below the file's size. For tests of a disk that fills up and is freed.
    func capGrowth(_ capped: Bool) throws(ItemStoreError) {
        if capped {
            _ = try database.integer("PRAGMA max_page_count = 1", operation: "cap the file's size")
        } else {
            _ = try database.integer("PRAGMA max_page_count = 4294967294", operation: "lift the cap")
        }
    }

    // MARK: - Changing

    /// Creates an item at the end of the list, committed before this returns (the book's
    /// `createItem`, used by "Add").
    /// - Throws: ``ItemStoreError/negativeValue(_:)``, or a database error.
    @discardableResult
    public func createItem(
        name: String = "", serialNumber: String = "", valueInDollars: Int = 0, notes: String = ""
    ) throws(ItemStoreError) -> Item {
        let item = Item(name: name, serialNumber: serialNumber, valueInDollars: valueInDollars, notes: notes)
        try insert([item])
        return item
    }

    /// Appends `items`, in order, in one transaction (for `--random-items N`). Their
    /// `hasPhoto` is ignored: photos are attached with ``attachPhoto(fromPath:to:)``.
    /// - Throws: ``ItemStoreError/negativeValue(_:)`` before anything is written, or a
    ///   database error (for example a duplicate key); then nothing is written.
    public func insert(_ items: [Item]) throws(ItemStoreError) {
        try insert(items, provisionalOwner: 0, session: "")
    }

    func insert(_ items: [Item], provisionalOwner: Int64, session: String) throws(ItemStoreError) {
        if let bad = items.first(where: { $0.valueInDollars < 0 }) {
            throw .negativeValue(bad.valueInDollars)
        }
        guard !items.isEmpty else { return }
        try database.transaction("insert items") { () throws(ItemStoreError) in
            let last = try database.integer("SELECT max(ordering) FROM items", operation: "insert items")
            var ordering: Int64
            if let last, last <= Int64.max - Self.orderingGap * Int64(items.count) {
                ordering = last
            } else if last == nil {
                ordering = 0
            } else {
                ordering = try renumber() * Self.orderingGap
            }
            for item in items {
                ordering += Self.orderingGap
                try database.execute(
                    """
                    INSERT INTO items (item_key, name, serial_number, value_in_dollars, date_created,
                        ordering, has_photo, provisional, notes, session)
                    VALUES (?1, ?2, ?3, ?4, ?5, ?6, 0, ?7, ?8, ?9)
                    """,
                    [
                        .text(ItemKey.text(item.key)), .text(item.name), .text(item.serialNumber),
                        .integer(Int64(item.valueInDollars)),
                        .integer(item.dateCreated.millisecondsSince1970),
                        .integer(ordering), .integer(provisionalOwner), .text(item.notes), .text(session),
                    ], operation: "insert items")
            }
        }
    }

    /// Appends `count` of the book's random items (``Item/random(using:dateCreated:)``) in
    /// one transaction: `--random-items N`.
    /// - Returns: The items, in list order.
    @discardableResult
    public func insertRandomItems<Generator: RandomNumberGenerator>(
        _ count: Int, using generator: inout Generator
    ) throws(ItemStoreError) -> [Item] {
        let now = Date()
        let items = (0..<max(count, 0)).map { _ in Item.random(using: &generator, dateCreated: now) }
        try insert(items)
        return items
    }

    /// Saves `item`'s name, serial number, value and notes (its key, date and photo flag are
    /// not editable this way). One row, committed before this returns.
    /// - Throws: ``ItemStoreError/itemNotFound(_:)`` if the item is gone,
    ///   ``ItemStoreError/negativeValue(_:)``, or a database error.
    public func update(_ item: Item) throws(ItemStoreError) {
        guard item.valueInDollars >= 0 else { throw .negativeValue(item.valueInDollars) }
        let changed = try database.execute(
            """
            UPDATE items SET name = ?2, serial_number = ?3, value_in_dollars = ?4, notes = ?5
            WHERE item_key = ?1
            """,
            [
                .text(ItemKey.text(item.key)), .text(item.name), .text(item.serialNumber),
                .integer(Int64(item.valueInDollars)), .text(item.notes),
            ], operation: "update item")
        if changed == 0 { throw .itemNotFound(item.key) }
    }

    /// Saves only the fields in `changes` (nil fields are left as stored, so a value changed
    /// by someone else in another field is kept). One row, committed before this returns.
    /// - Throws: ``ItemStoreError/itemNotFound(_:)`` if the item is gone,
    ///   ``ItemStoreError/negativeValue(_:)``, or a database error (``ItemStoreError/isBusy``
    ///   when another program holds the lock).
    public func update(key: UUID, changes: ItemChanges) throws(ItemStoreError) {
        if let value = changes.valueInDollars, value < 0 { throw .negativeValue(value) }
        guard !changes.isEmpty else { return }
        let changed = try database.execute(
            """
            UPDATE items SET name = iif(?2, ?3, name), serial_number = iif(?4, ?5, serial_number),
                value_in_dollars = iif(?6, ?7, value_in_dollars), notes = iif(?8, ?9, notes)
            WHERE item_key = ?1
            """,
            [
                .text(ItemKey.text(key)),
                .integer(changes.name == nil ? 0 : 1), .text(changes.name ?? ""),
                .integer(changes.serialNumber == nil ? 0 : 1), .text(changes.serialNumber ?? ""),
                .integer(changes.valueInDollars == nil ? 0 : 1), .integer(Int64(changes.valueInDollars ?? 0)),
                .integer(changes.notes == nil ? 0 : 1), .text(changes.notes ?? ""),
            ], operation: "update item")
        if changed == 0 { throw .itemNotFound(key) }
    }

    /// Writes the fields of `changes` that the store still holds as `base` says (rule H16),
    /// in one transaction: a field whose stored value is its base takes the change; one
    /// that already holds the change is left; one that holds a third value is a conflict and
    /// is not written. A field without a base in `base` is written as it is.
    /// - Returns: The stored values of the fields that conflict (empty when all landed).
    /// - Throws: ``ItemStoreError/itemNotFound(_:)`` if the item is gone,
    ///   ``ItemStoreError/negativeValue(_:)``, or a database error (``ItemStoreError/isBusy``
    ///   when another program holds the lock); then nothing is written.
    public func update(key: UUID, changes: ItemChanges, base: ItemChanges) throws(ItemStoreError)
        -> ItemChanges
    {
        if let value = changes.valueInDollars, value < 0 { throw .negativeValue(value) }
        guard !changes.isEmpty else { return ItemChanges() }
        return try database.transaction("update item") { () throws(ItemStoreError) -> ItemChanges in
            guard let stored = try item(forKey: key) else { throw .itemNotFound(key) }
            var writing = ItemChanges()
            var conflicts = ItemChanges()
            func decide<Value: Equatable>(
                _ change: Value?, _ base: Value?, _ stored: Value, _ write: inout Value?,
                _ conflict: inout Value?
            ) {
                guard let change, change != stored else { return }
                if let base, base != stored {
                    conflict = stored
                } else {
                    write = change
                }
            }
            decide(changes.name, base.name, stored.name, &writing.name, &conflicts.name)
            decide(
                changes.serialNumber, base.serialNumber, stored.serialNumber, &writing.serialNumber,
                &conflicts.serialNumber)
            decide(
                changes.valueInDollars, base.valueInDollars, stored.valueInDollars, &writing.valueInDollars,
                &conflicts.valueInDollars)
            decide(changes.notes, base.notes, stored.notes, &writing.notes, &conflicts.notes)
            if !writing.isEmpty { try update(key: key, changes: writing) }
            return conflicts
        }
    }

    /// Deletes the item and then its photo.
    ///
    /// The row is committed first: if the photo cannot be removed (or the process dies in
    /// between), the item is still gone and the file is an orphan that
    /// ``removeOrphanedPhotos()`` deletes later.
    /// - Returns: false if there was no such item (its photo, if any, is still removed).
    /// - Throws: A database error, or ``ItemStoreError/photo(_:)`` after the row is deleted.
    @discardableResult
    public func deleteItem(withKey key: UUID) throws(ItemStoreError) -> Bool {
        let changed = try database.execute(
            "DELETE FROM items WHERE item_key = ?1", [.text(ItemKey.text(key))], operation: "delete item")
        do {
            try images.removePhoto(for: key)
        } catch {
            throw .photo(error)
        }
        return changed > 0
    }

    // MARK: - Test hooks

    /// Rows changed by this connection so far (`sqlite3_total_changes64`).
    package var totalChangedRows: Int { database.totalChanges }

    /// `PRAGMA integrity_check`: `"ok"` for a sound file.
    package func integrityCheck() throws(ItemStoreError) -> String {
        try database.text("PRAGMA integrity_check", operation: "integrity check") ?? ""
    }

    // MARK: - Private

    private func configure() throws(ItemStoreError) {
        let mode = try database.text("PRAGMA journal_mode = WAL", operation: "enable WAL")
        guard mode?.lowercased() == "wal" else {
            throw .sqlite(
                path: databasePath, operation: "enable WAL", code: SQLITE_ERROR,
                message: "journal_mode is \(mode ?? "unknown"), not wal")
        }
        try database.executeScript("PRAGMA synchronous = FULL", operation: "configure")
    }

    /// - Returns: The schema version of the file.
    private func checkOwnerAndVersion() throws(ItemStoreError) -> Int {
        let application = try database.integer("PRAGMA application_id", operation: "read application_id") ?? 0
        if application != 0 && application != Int64(Schema.applicationID) {
            throw .notAHomepwnerDatabase(
                path: databasePath, applicationID: Int32(truncatingIfNeeded: application))
        }
        let version = Int(try database.integer("PRAGMA user_version", operation: "read user_version") ?? 0)
        if version > Schema.currentVersion {
            throw .schemaTooNew(path: databasePath, version: version, newestKnown: Schema.currentVersion)
        }
        return version
    }

    private func migrate() throws(ItemStoreError) {
        while true {
            // Read inside the transaction, so two processes opening at once migrate once.
            let done = try database.transaction("migrate") { () throws(ItemStoreError) -> Bool in
                let version = Int(
                    try database.integer("PRAGMA user_version", operation: "read user_version") ?? 0)
                if version > Schema.currentVersion {
                    throw .schemaTooNew(
                        path: databasePath, version: version, newestKnown: Schema.currentVersion)
                }
                guard version < Schema.currentVersion, let script = Schema.migration(to: version + 1) else {
                    return true
                }
                try database.executeScript(script, operation: "migrate to version \(version + 1)")
                return false
            }
            if done { return }
        }
    }

    func item(from row: SQLiteDatabase.Row) throws(ItemStoreError) -> Item {
        Item(
            key: try key(from: row, column: 0), name: row.text(1), serialNumber: row.text(2),
            valueInDollars: Int(row.int64(3)), notes: row.text(6), millisecondsSince1970: row.int64(4),
            hasPhoto: row.int64(5) != 0)
    }

    func key(from row: SQLiteDatabase.Row, column: Int32) throws(ItemStoreError) -> UUID {
        guard let key = row.withText(column, ItemKey.parse) else {
            throw .invalidRow(path: databasePath, reason: "item_key \"\(row.text(column))\" is not a UUID")
        }
        return key
    }
}
