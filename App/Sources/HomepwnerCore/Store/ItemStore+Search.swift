import Foundation

/// A place in the list order: an item's `ordering` and key as stored. The list is sorted by
/// both, so a position names one gap between rows exactly, even among equal orderings.
public struct ItemPosition: Hashable, Sendable {
    let ordering: Int64
    let key: String

    /// Before every row.
    public static let start = ItemPosition(ordering: .min, key: "")
    /// After every row.
    public static let end = ItemPosition(ordering: .max, key: "")
}

/// What one bounded step of a search found (``ItemStore/findItem(matching:after:including:before:scanning:)``).
public enum ItemSearchStep: Hashable, Sendable {
    /// The first matching item of the range.
    case found(UUID)
    /// No match among the rows read; the next step starts after this position.
    case scanned(upTo: ItemPosition)
    /// No match in the rest of the range.
    case exhausted
}

extension ItemStore {
    /// The position of the item with `key` in the list order, or nil if there is none.
    public func position(ofKey key: UUID) throws(ItemStoreError) -> ItemPosition? {
        try ordering(of: key).map { ItemPosition(ordering: $0, key: ItemKey.text(key)) }
    }

    /// Looks for the first item after `lower` (or at it, if `including`) and before `upper`,
    /// in list order, whose name or serial number contains `query` (ASCII letters in either
    /// case), reading at most `limit` rows: a caller that runs one step per turn of its run
    /// loop stays responsive on any number of items, and goes on from ``ItemSearchStep/scanned(upTo:)``.
    /// - Throws: ``ItemStoreError`` from the database (a busy one too).
    public func findItem(
        matching query: String, after lower: ItemPosition, including: Bool = false,
        before upper: ItemPosition = .end, scanning limit: Int
    ) throws(ItemStoreError) -> ItemSearchStep {
        var rows = 0
        var last: ItemPosition?
        var found: UUID?
        let bindings: [SQLiteDatabase.Value] = [
            .integer(lower.ordering), .text(lower.key), .integer(upper.ordering),
            .text(upper.key == "" && upper.ordering == .max ? "\u{10FFFF}" : upper.key), .text(session),
            .text(Self.folded(query)), .integer(Int64(max(1, limit))),
        ]
        let read = { (row: SQLiteDatabase.Row) throws(ItemStoreError) in
            rows += 1
            guard found == nil else { return }
            if !including, rows == 1, row.int64(1) == lower.ordering, row.text(0) == lower.key { return }
            if row.int64(2) != 0 {
                found = try self.key(from: row, column: 0)
            } else {
                last = ItemPosition(ordering: row.int64(1), key: row.text(0))
            }
        }
        // `>=`, and the row at `lower` skipped here when it is not included: a bound with an
        // OR would not be a range of the index, and every step would read from the top.
        try database.query(
            """
            SELECT item_key, ordering,
                   instr(lower(name), ?6) > 0 OR instr(lower(serial_number), ?6) > 0
            FROM items
            WHERE (provisional = 0 OR session = ?5)
              AND (ordering, item_key) >= (?1, ?2) AND (ordering, item_key) < (?3, ?4)
            ORDER BY ordering, item_key LIMIT ?7
            """, bindings, operation: "search items", row: read)
        if let found { return .found(found) }
        if rows < max(1, limit) { return .exhausted }
        return last.map { .scanned(upTo: $0) } ?? .exhausted
    }

    /// `query` as SQLite's `lower()` folds text: ASCII letters only.
    static func folded(_ query: String) -> String {
        String(
            decoding: query.utf8.map { (65...90).contains($0) ? $0 + 32 : $0 }, as: UTF8.self)
    }
}
