import Foundation

extension ItemStore {
    /// The items around the one with `key`, in list order: up to `before` items that come
    /// before it, then it and up to `after - 1` that follow. Each side is one seek into the
    /// `(ordering, item_key)` index and a read of its rows, so the cost does not grow with
    /// the item's position, unlike ``items(offset:limit:)`` at a large offset. Empty when
    /// there is no such item.
    /// - Throws: ``ItemStoreError`` from the database.
    public func items(around key: UUID, before: Int, after: Int) throws(ItemStoreError) -> (
        before: [Item], from: [Item]
    ) {
        guard let position = try position(ofKey: key) else { return ([], []) }
        let earlier = try items(beside: position, limit: before, forward: false)
        let later = try items(beside: position, limit: after, forward: true)
        return (earlier.reversed(), later)
    }

    /// Up to `limit` listed items from `position` on (`forward`, the item at it included), or
    /// before it, nearest first.
    private func items(beside position: ItemPosition, limit: Int, forward: Bool) throws(ItemStoreError)
        -> [Item]
    {
        guard limit > 0 else { return [] }
        var result: [Item] = []
        result.reserveCapacity(min(limit, 4096))
        let bindings: [SQLiteDatabase.Value] = [
            .integer(position.ordering), .text(position.key), .text(session), .integer(Int64(limit)),
        ]
        let read = { (row: SQLiteDatabase.Row) throws(ItemStoreError) in
            result.append(try self.item(from: row))
        }
        if forward {
            try database.query(
                """
                SELECT item_key, name, serial_number, value_in_dollars, date_created, has_photo, notes FROM items
                WHERE (ordering, item_key) >= (?1, ?2) AND (provisional = 0 OR session = ?3)
                ORDER BY ordering, item_key LIMIT ?4
                """, bindings, operation: "read items", row: read)
        } else {
            try database.query(
                """
                SELECT item_key, name, serial_number, value_in_dollars, date_created, has_photo, notes FROM items
                WHERE (ordering, item_key) < (?1, ?2) AND (provisional = 0 OR session = ?3)
                ORDER BY ordering DESC, item_key DESC LIMIT ?4
                """, bindings, operation: "read items", row: read)
        }
        return result
    }
}
