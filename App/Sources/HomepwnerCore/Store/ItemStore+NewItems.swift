import CSQLite
import Foundation

#if canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#endif

/// New items (a New Item screen's, until Done) and who owns them (rule H18): provisional
/// rows tagged with their session, kept, claimed, cancelled and cleaned up.
extension ItemStore {
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

    /// Whether the item with `key` is a new item not yet kept with Done (nil if there is
    /// no such item).
    public func isProvisional(_ key: UUID) throws(ItemStoreError) -> Bool? {
        try database.integer(
            "SELECT provisional FROM items WHERE item_key = ?1", [.text(ItemKey.text(key))],
            operation: "read item"
        ).map { $0 != 0 }
    }
}
