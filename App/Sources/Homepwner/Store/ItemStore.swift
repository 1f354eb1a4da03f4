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

    private let database: SQLiteDatabase

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
        let descriptor = open(databasePath, O_RDWR | O_CREAT | O_CLOEXEC, 0o600)
        if descriptor >= 0 { close(descriptor) }
        database = try SQLiteDatabase(path: databasePath)
        // Check whose file it is, and its version, before anything writes to it.
        let version = try checkOwnerAndVersion()
        try configure()
        if version < Schema.currentVersion { try migrate() }
    }

    // MARK: - Reading

    /// The number of items.
    public func count() throws(ItemStoreError) -> Int {
        Int(
            try database.integer(
                "SELECT count(*) FROM items WHERE provisional = 0 OR session = ?1", [.text(session)],
                operation: "count items") ?? 0)
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
    public func index(ofKey key: UUID) throws(ItemStoreError) -> Int? {
        guard let ordering = try ordering(of: key) else { return nil }
        let before = try database.integer(
            "SELECT count(*) FROM items WHERE (ordering, item_key) < (?1, ?2) AND (provisional = 0 OR session = ?3)",
            [.integer(ordering), .text(ItemKey.text(key)), .text(session)], operation: "find item")
        return Int(before ?? 0)
    }

    /// Whether the item with `key` is a new item not yet kept with Done (nil if there is
    /// no such item).
    public func isProvisional(_ key: UUID) throws(ItemStoreError) -> Bool? {
        try database.integer(
            "SELECT provisional FROM items WHERE item_key = ?1", [.text(ItemKey.text(key))],
            operation: "read item"
        ).map { $0 != 0 }
    }

    /// The session a provisional item belongs to ('' for none), or nil when the item is
    /// not provisional or does not exist.
    public func provisionalSession(of key: UUID) throws(ItemStoreError) -> String? {
        var result: String?
        try database.query(
            "SELECT session FROM items WHERE item_key = ?1 AND provisional != 0", [.text(ItemKey.text(key))],
            operation: "read item"
        ) { row throws(ItemStoreError) in result = row.text(0) }
        return result
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

    /// Creates a blank item at the end of the list for a New Item screen: provisional,
    /// owned by this process, until ``confirmItem(withKey:)`` (Done). One that is never
    /// confirmed is deleted by Cancel (``deleteProvisionalItem(withKey:)``) or, if the app
    /// dies, at a later launch (``removeAbandonedProvisionalItems(keeping:)``).
    @discardableResult
    public func createProvisionalItem() throws(ItemStoreError) -> Item {
        let item = Item(name: "", serialNumber: "", valueInDollars: 0)
        try insert([item], provisionalOwner: Int64(getpid()), session: session)
        return item
    }

    /// Keeps a provisional item for good (Done).
    /// - Throws: ``ItemStoreError/itemNotFound(_:)`` if it is gone, or a database error.
    public func confirmItem(withKey key: UUID) throws(ItemStoreError) {
        let changed = try database.execute(
            "UPDATE items SET provisional = 0 WHERE item_key = ?1", [.text(ItemKey.text(key))],
            operation: "keep the new item")
        if changed == 0 { throw .itemNotFound(key) }
    }

    /// Makes this session (and process) the owner of a provisional item: a New Item screen
    /// restored at launch. Only an item of this session, or of none (made before sessions
    /// owned them), is claimed; a confirmed item is left alone.
    /// - Returns: true if the item is provisional and now ours.
    @discardableResult
    public func claimProvisionalItem(withKey key: UUID) throws(ItemStoreError) -> Bool {
        try database.execute(
            """
            UPDATE items SET provisional = ?2, session = ?3
            WHERE item_key = ?1 AND provisional != 0 AND session IN ('', ?3)
            """,
            [.text(ItemKey.text(key)), .integer(Int64(getpid())), .text(session)],
            operation: "claim the new item") > 0
    }

    /// Deletes the item only if it is provisional (Cancel on a New Item screen), and then
    /// its photo. A confirmed item is never deleted this way.
    /// - Returns: true if it was deleted.
    @discardableResult
    public func deleteProvisionalItem(withKey key: UUID) throws(ItemStoreError) -> Bool {
        let changed = try database.execute(
            "DELETE FROM items WHERE item_key = ?1 AND provisional != 0", [.text(ItemKey.text(key))],
            operation: "delete the new item")
        guard changed > 0 else { return false }
        do {
            try images.removePhoto(for: key)
        } catch {
            throw .photo(error)
        }
        return true
    }

    /// Deletes the provisional items no New Item screen can come back to (rule H18), except
    /// `keeping` (the New Item screen restored at this launch):
    /// - this session's others;
    /// - those of a session that no longer exists (pruned, or ended), unless in
    ///   `liveSessions`, the sessions that exist (nil when not known: then none);
    /// - those of no session (made before sessions owned them, or by a launch without
    ///   sessions) whose process is gone, or is this one while this launch has none.
    ///
    /// Another session's item is left alone whether or not its instance runs: only its
    /// own New Item screen, or the end of that session, decides.
    /// - Returns: The deleted items that belonged to a session now gone, so that the user
    ///   can be told (the others were this launch's own or anonymous leftovers).
    @discardableResult
    public func removeAbandonedProvisionalItems(keeping: Set<UUID>, liveSessions: Set<String>?)
        throws(ItemStoreError) -> [Item]
    {
        var abandoned: [(key: UUID, name: String, reported: Bool)] = []
        try database.query(
            "SELECT item_key, provisional, session, name FROM items WHERE provisional != 0",
            operation: "list new items"
        ) { row throws(ItemStoreError) in
            let key = try key(from: row, column: 0)
            let owner = row.int64(1)
            let itemSession = row.text(2)
            guard !keeping.contains(key) else { return }
            if itemSession.isEmpty {
                let ours = owner == Int64(getpid())
                if !Self.isOtherLiveProcess(owner) && !(ours && !session.isEmpty) {
                    abandoned.append((key, row.text(3), false))
                }
            } else if itemSession == session {
                abandoned.append((key, row.text(3), false))
            } else if let liveSessions, !liveSessions.contains(itemSession) {
                abandoned.append((key, row.text(3), true))
            }
        }
        var reported: [Item] = []
        for item in abandoned where try deleteProvisionalItem(withKey: item.key) && item.reported {
            reported.append(Item(key: item.key, name: item.name, serialNumber: "", valueInDollars: 0))
        }
        return reported
    }

    /// Deletes this session's provisional items (quit and forget ends the session: rule H18).
    @discardableResult
    public func removeProvisionalItemsOfThisSession() throws(ItemStoreError) -> Int {
        guard !session.isEmpty else { return 0 }
        var keys: [UUID] = []
        try database.query(
            "SELECT item_key FROM items WHERE provisional != 0 AND session = ?1", [.text(session)],
            operation: "list new items"
        ) { row throws(ItemStoreError) in keys.append(try key(from: row, column: 0)) }
        var removed = 0
        for key in keys where try deleteProvisionalItem(withKey: key) { removed += 1 }
        return removed
    }

    /// The sessions that own an unfinished new item: pruning keeps them (rule H18).
    public func sessionsWithUnfinishedItems() throws(ItemStoreError) -> Set<String> {
        var result = Set<String>()
        try database.query(
            "SELECT DISTINCT session FROM items WHERE provisional != 0 AND session != ''",
            operation: "list new items"
        ) { row throws(ItemStoreError) in result.insert(row.text(0)) }
        return result
    }

    /// True when `pid` is a running process other than this one.
    static func isOtherLiveProcess(_ pid: Int64) -> Bool {
        guard pid > 0, pid <= Int64(Int32.max), pid != Int64(getpid()) else { return false }
        return kill(pid_t(pid), 0) == 0 || errno == EPERM
    }

    /// Appends `items`, in order, in one transaction (for `--random-items N`). Their
    /// `hasPhoto` is ignored: photos are attached with ``attachPhoto(fromPath:to:)``.
    /// - Throws: ``ItemStoreError/negativeValue(_:)`` before anything is written, or a
    ///   database error (for example a duplicate key); then nothing is written.
    public func insert(_ items: [Item]) throws(ItemStoreError) {
        try insert(items, provisionalOwner: 0, session: "")
    }

    private func insert(_ items: [Item], provisionalOwner: Int64, session: String) throws(ItemStoreError) {
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

    /// Moves the item at `sourceIndex` so that it ends at `destinationIndex` (UIKit's
    /// `moveRowAtIndexPath:toIndexPath:`). Writes one row, except for the rare renumber
    /// described in the type's ordering rule.
    /// - Throws: ``ItemStoreError/indexOutOfRange(index:count:)``, or a database error.
    public func moveItem(from sourceIndex: Int, to destinationIndex: Int) throws(ItemStoreError) {
        try database.transaction("move item") { () throws(ItemStoreError) in
            try moveInTransaction(from: sourceIndex, to: destinationIndex)
        }
    }

    private func moveInTransaction(from sourceIndex: Int, to destinationIndex: Int) throws(ItemStoreError) {
        let count = try count()
        for index in [sourceIndex, destinationIndex] where !(0..<count).contains(index) {
            throw .indexOutOfRange(index: index, count: count)
        }
        guard sourceIndex != destinationIndex else { return }
        guard let moving = try entries(offset: sourceIndex, limit: 1).first else {
            throw .indexOutOfRange(index: sourceIndex, count: count)
        }
        // The neighbours in the list without the moving item.
        let before = destinationIndex > sourceIndex ? destinationIndex : destinationIndex - 1
        var ordering = try orderingBetween(positions: before)
        if ordering == nil {
            try makeRoom(after: before, count: count)
            ordering = try orderingBetween(positions: before)
        }
        guard let ordering else {
            throw .invalidRow(path: databasePath, reason: "no room in ordering after renumbering")
        }
        try database.execute(
            "UPDATE items SET ordering = ?2 WHERE item_key = ?1",
            [.text(moving.key), .integer(ordering)], operation: "move item")
    }

    /// Moves the item with `key` by `offset` positions from where it is now in the list
    /// (negative is up), clamped to the list: what Shift-↑/↓ do. The item is found by its
    /// key, so rows reordered by someone else in the meantime do not matter.
    /// - Returns: The item's new position.
    /// - Throws: ``ItemStoreError/itemNotFound(_:)``, or a database error.
    @discardableResult
    public func moveItem(withKey key: UUID, by offset: Int) throws(ItemStoreError) -> Int {
        try database.transaction("move item") { () throws(ItemStoreError) -> Int in
            guard let source = try index(ofKey: key) else { throw .itemNotFound(key) }
            let count = try count()
            let destination = min(max(source + offset, 0), count - 1)
            try moveInTransaction(from: source, to: destination)
            return destination
        }
    }

    // MARK: - Photos

    /// Imports the image file at `path` (PNG or JPEG, within the image store's limits) as
    /// the photo of the item with `key`, replacing any earlier photo.
    /// - Returns: The item, now with `hasPhoto` set.
    /// - Throws: ``ItemStoreError/itemNotFound(_:)``, ``ItemStoreError/photo(_:)`` with the
    ///   reason the file was refused, or a database error.
    @discardableResult
    public func attachPhoto(fromPath path: String, to key: UUID) throws(ItemStoreError) -> Item {
        guard var item = try item(forKey: key) else { throw .itemNotFound(key) }
        do {
            try images.importPhoto(fromPath: path, for: key)
        } catch {
            throw .photo(error)
        }
        let changed = try database.execute(
            "UPDATE items SET has_photo = 1 WHERE item_key = ?1", [.text(ItemKey.text(key))],
            operation: "attach photo")
        if changed == 0 { throw .itemNotFound(key) }
        item.hasPhoto = true
        return item
    }

    /// Removes the photo of the item with `key` (nothing happens if it has none). The flag
    /// is cleared first, so a crash in between leaves an orphan file, never a missing photo.
    public func removePhoto(from key: UUID) throws(ItemStoreError) {
        try database.execute(
            "UPDATE items SET has_photo = 0 WHERE item_key = ?1", [.text(ItemKey.text(key))],
            operation: "remove photo")
        do {
            try images.removePhoto(for: key)
        } catch {
            throw .photo(error)
        }
    }

    /// The photo of `key` as a half-block thumbnail, or nil when the item has no photo.
    /// - Throws: ``ItemStoreError/photo(_:)`` when the file is missing or unreadable.
    public func thumbnail(
        for key: UUID, maximumColumns: Int = Thumbnail.defaultColumns,
        maximumRows: Int = Thumbnail.defaultRows
    ) throws(ItemStoreError) -> Thumbnail? {
        guard try item(forKey: key)?.hasPhoto == true else { return nil }
        do {
            return try images.thumbnail(for: key, maximumColumns: maximumColumns, maximumRows: maximumRows)
        } catch {
            throw .photo(error)
        }
    }

    /// What a launch cleans: photo files whose item is gone (``removeOrphanedPhotos()``) and
    /// temporary files of photo imports whose process died midway.
    /// - Returns: How many files were removed.
    @discardableResult
    public func removeOrphanedFiles() throws(ItemStoreError) -> Int {
        let photos = try removeOrphanedPhotos()
        do {
            return photos + (try images.removeAbandonedTemporaryFiles(isLive: Self.isOtherLiveProcess))
        } catch {
            throw .photo(error)
        }
    }

    /// Deletes photo files whose item is gone or whose `has_photo` is 0 (left by a crash
    /// between the two steps of a delete, or by rows deleted with `sqlite3`).
    /// - Returns: How many files were removed.
    @discardableResult
    public func removeOrphanedPhotos() throws(ItemStoreError) -> Int {
        var keep = Set<UUID>()
        try database.query("SELECT item_key FROM items WHERE has_photo = 1", operation: "list photos") {
            row throws(ItemStoreError) in
            keep.insert(try key(from: row, column: 0))
        }
        do {
            var removed = 0
            for key in try images.storedKeys() where !keep.contains(key) {
                try images.removePhoto(for: key)
                removed += 1
            }
            return removed
        } catch {
            throw .photo(error)
        }
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

    /// Refuses, without writing anything, a file that is neither empty nor a Homepwner
    /// database: it is opened read-only and only read. A missing or empty file, or an SQLite
    /// file with no tables and no ids, is a new store; a file with Homepwner's
    /// `application_id` is ours; so is a version 1 `items` table from before the id was
    /// set. Anything else is ``ItemStoreError/notAHomepwnerDatabase(path:applicationID:)``
    /// (or the SQLite error for a file that is not a database at all).
    private static func checkOwnerWithoutWriting(_ path: String) throws(ItemStoreError) {
        var status = stat()
        guard stat(path, &status) == 0, status.st_size > 0 else { return }
        let database = try SQLiteDatabase(path: path, readOnly: true)
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

    private func item(from row: SQLiteDatabase.Row) throws(ItemStoreError) -> Item {
        Item(
            key: try key(from: row, column: 0), name: row.text(1), serialNumber: row.text(2),
            valueInDollars: Int(row.int64(3)), notes: row.text(6), millisecondsSince1970: row.int64(4),
            hasPhoto: row.int64(5) != 0)
    }

    private func key(from row: SQLiteDatabase.Row, column: Int32) throws(ItemStoreError) -> UUID {
        guard let key = row.withText(column, ItemKey.parse) else {
            throw .invalidRow(path: databasePath, reason: "item_key \"\(row.text(column))\" is not a UUID")
        }
        return key
    }

    private func ordering(of key: UUID) throws(ItemStoreError) -> Int64? {
        try database.integer(
            "SELECT ordering FROM items WHERE item_key = ?1", [.text(ItemKey.text(key))],
            operation: "find item")
    }

    /// Keys (as stored) and orderings of up to `limit` rows from position `offset`.
    private func entries(offset: Int, limit: Int) throws(ItemStoreError) -> [(key: String, ordering: Int64)] {
        var result: [(key: String, ordering: Int64)] = []
        try database.query(
            "SELECT item_key, ordering FROM items ORDER BY ordering, item_key LIMIT ?1 OFFSET ?2",
            [.integer(Int64(limit)), .integer(Int64(offset))], operation: "read ordering"
        ) { row throws(ItemStoreError) in result.append((row.text(0), row.int64(1))) }
        return result
    }

    /// A free `ordering` value strictly between the rows at positions `before` and
    /// `before + 1` (either may be outside the list), or nil when there is no room.
    private func orderingBetween(positions before: Int) throws(ItemStoreError) -> Int64? {
        let rows = try entries(offset: max(before, 0), limit: before < 0 ? 1 : 2)
        let lower = before < 0 ? nil : rows.first?.ordering
        let upper = before < 0 ? rows.first?.ordering : rows.dropFirst().first?.ordering
        switch (lower, upper) {
        case (let lower?, let upper?):
            // Both fit in Int64 and lower <= upper, so the subtraction cannot overflow
            // unless they straddle zero far apart; use the overflow-reporting form.
            let (gap, overflow) = upper.subtractingReportingOverflow(lower)
            if overflow { return lower / 2 + upper / 2 }
            return gap >= 2 ? lower + gap / 2 : nil
        case (let lower?, nil):
            return lower <= Int64.max - Self.orderingGap ? lower + Self.orderingGap : nil
        case (nil, let upper?):
            return upper >= Int64.min + Self.orderingGap ? upper - Self.orderingGap : nil
        case (nil, nil):
            return Self.orderingGap
        }
    }

    /// The spacing a respaced window must reach: room for 16 more moves into any one gap.
    private static let minimumSpacing: Int64 = 1 << 16

    /// Opens a gap after position `before` (which has no free integer after it) by
    /// respacing the smallest window of rows around it whose outer neighbours leave at least
    /// ``minimumSpacing`` between rows: 2 rows, then 4, 8, … Only if the window reaches the
    /// whole list and is still too dense is everything renumbered.
    private func makeRoom(after before: Int, count: Int) throws(ItemStoreError) {
        var radius = 1
        while true {
            let low = max(before - radius + 1, 0)
            let high = min(before + radius, count - 1)
            // The window plus one neighbour on each side, where there is one.
            let first = max(low - 1, 0)
            let rows = try entries(offset: first, limit: min(high + 1, count - 1) - first + 1)
            let window = Array(rows[(low - first)...(high - first)])
            let lowerBound: Int64? = low > 0 ? rows.first?.ordering : window.first?.ordering
            let upperBound: Int64? = high < count - 1 ? rows.last?.ordering : window.last?.ordering
            guard let lowerBound, let upperBound else { return }
            // At an end of the list there is no outer neighbour: allow a gap per row beyond it.
            let extra = Self.orderingGap * Int64(window.count)
            let (lower, lowOverflow) = lowerBound.subtractingReportingOverflow(low > 0 ? 0 : extra)
            let (upper, highOverflow) = upperBound.addingReportingOverflow(high < count - 1 ? 0 : extra)
            let (span, spanOverflow) = upper.subtractingReportingOverflow(lower)
            guard !lowOverflow, !highOverflow, !spanOverflow else { break }
            let spacing = span / Int64(window.count + 1)
            if spacing >= Self.minimumSpacing {
                for (offset, row) in window.enumerated() {
                    try database.execute(
                        "UPDATE items SET ordering = ?2 WHERE item_key = ?1",
                        [.text(row.key), .integer(lower + spacing * Int64(offset + 1))],
                        operation: "respace ordering")
                }
                return
            }
            if low == 0 && high == count - 1 { break }
            radius *= 2
        }
        try renumber()
    }

    /// Rewrites every `ordering` to 1×gap, 2×gap, … in list order.
    /// - Returns: The number of rows.
    @discardableResult
    private func renumber() throws(ItemStoreError) -> Int64 {
        try database.execute(
            """
            UPDATE items SET ordering = ranked.position * ?1
            FROM (SELECT item_key AS key, row_number() OVER (ORDER BY ordering, item_key) AS position
                  FROM items) AS ranked
            WHERE items.item_key = ranked.key
            """, [.integer(Self.orderingGap)], operation: "renumber ordering")
        return try database.integer("SELECT count(*) FROM items", operation: "renumber ordering") ?? 0
    }
}
