import StateRestoration

/// Rows deleted from and inserted into a table's sections, as ``TableView/deleteRows(at:)``
/// and ``TableView/insertRows(at:)`` are told of them: checked against the row counts before,
/// the counts after, and where a row before is after.
///
/// Deleted index paths are the rows' places before the update, inserted ones their places
/// after it (as in UIKit). Sections are neither added nor removed.
struct TableRowUpdate {
    /// The number of rows in each section after the update.
    let counts: [Int]
    /// The deleted rows of each section, by section, in ascending order.
    private let deleted: [Int: [Int]]
    /// The inserted rows of each section, by section, in ascending order.
    private let inserted: [Int: [Int]]

    /// The update of a table whose sections held `before` rows; nil if an index path does
    /// not fit (a section that is not there, a row out of range, one listed twice).
    init?(
        counts before: [Int], deleting deletedPaths: [ElementIndexPath],
        inserting insertedPaths: [ElementIndexPath]
    ) {
        guard Set(deletedPaths).count == deletedPaths.count, Set(insertedPaths).count == insertedPaths.count
        else { return nil }
        let sections = 0..<before.count
        guard
            deletedPaths.allSatisfy({
                sections.contains($0.section) && $0.row >= 0 && $0.row < before[$0.section]
            })
        else { return nil }
        deleted = Self.rowsBySection(deletedPaths)
        inserted = Self.rowsBySection(insertedPaths)
        var after = before
        for (section, rows) in deleted { after[section] -= rows.count }
        for (section, rows) in inserted {
            guard sections.contains(section) else { return nil }
            after[section] += rows.count
        }
        guard insertedPaths.allSatisfy({ $0.row >= 0 && $0.row < after[$0.section] }) else { return nil }
        counts = after
    }

    /// The rows of each section among `paths`, in ascending order.
    private static func rowsBySection(_ paths: [ElementIndexPath]) -> [Int: [Int]] {
        Dictionary(grouping: paths, by: \.section).mapValues { $0.map(\.row).sorted() }
    }

    /// Where the row at `indexPath` before the update is after it: up by one for each
    /// deleted row above it, then down by one for each row inserted at or above its new
    /// place. A deleted row's place is the row that took it (which may be one past the
    /// section's end).
    func indexPath(after indexPath: ElementIndexPath) -> ElementIndexPath {
        var row = indexPath.row - (deleted[indexPath.section] ?? []).prefix { $0 < indexPath.row }.count
        for insertedRow in inserted[indexPath.section] ?? [] where insertedRow <= row {
            row += 1  // Ascending: each inserted row at or above the place so far pushes it down.
        }
        return ElementIndexPath(row: row, section: indexPath.section)
    }
}
