import CSQLite
import Foundation

/// The list's order (the ordering rule in ``ItemStore``'s documentation): moves, and the
/// gapped `ordering` values they keep.
extension ItemStore {
    /// Moves the item at `sourceIndex` so that it ends at `destinationIndex` (UIKit's
    /// `moveRowAtIndexPath:toIndexPath:`). Writes one row, except for the rare renumber
    /// described in the type's ordering rule.
    /// - Throws: ``ItemStoreError/indexOutOfRange(index:count:)``, or a database error.
    public func moveItem(from sourceIndex: Int, to destinationIndex: Int) throws(ItemStoreError) {
        try database.transaction("move item") { () throws(ItemStoreError) in
            try moveInTransaction(from: sourceIndex, to: destinationIndex)
        }
    }

    func moveInTransaction(from sourceIndex: Int, to destinationIndex: Int) throws(ItemStoreError) {
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

    func ordering(of key: UUID) throws(ItemStoreError) -> Int64? {
        try database.integer(
            "SELECT ordering FROM items WHERE item_key = ?1", [.text(ItemKey.text(key))],
            operation: "find item")
    }

    /// Keys (as stored) and orderings of up to `limit` rows from position `offset`.
    func entries(offset: Int, limit: Int) throws(ItemStoreError) -> [(key: String, ordering: Int64)] {
        var result: [(key: String, ordering: Int64)] = []
        try database.query(
            "SELECT item_key, ordering FROM items ORDER BY ordering, item_key LIMIT ?1 OFFSET ?2",
            [.integer(Int64(limit)), .integer(Int64(offset))], operation: "read ordering"
        ) { row throws(ItemStoreError) in result.append((row.text(0), row.int64(1))) }
        return result
    }

    /// A free `ordering` value strictly between the rows at positions `before` and
    /// `before + 1` (either may be outside the list), or nil when there is no room.
    func orderingBetween(positions before: Int) throws(ItemStoreError) -> Int64? {
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
    func makeRoom(after before: Int, count: Int) throws(ItemStoreError) {
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
    func renumber() throws(ItemStoreError) -> Int64 {
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
