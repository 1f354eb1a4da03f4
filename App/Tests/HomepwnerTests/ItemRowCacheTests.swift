import Foundation
import HomepwnerCore
import TerminalKit
import Testing

@testable import Homepwner

/// The list's rows found by key (a restored selection or scroll position, rule P2): the
/// page around an item is read by key, and holds the same rows as reading by position.
@Suite("P2: the list's rows found by key")
@MainActor
struct ItemRowCacheTests {
    let scratch = Scratch()

    /// A store of `count` items named `Item 00000`…, and one unfinished new item of another
    /// session in the middle of the order, which the list does not show (H18).
    private func store(count: Int) throws -> ItemStore {
        let store = try ItemStore(paths: scratch.paths)
        try store.insert((0..<count).map { Item(name: String(format: "Item %05d", $0), valueInDollars: $0) })
        let other = try ItemStore(paths: scratch.paths)
        other.session = "other"
        let hidden = try other.createProvisionalItem()
        try other.moveItem(from: count, to: count / 2)
        #expect(try other.index(ofKey: hidden.key) == count / 2)
        return store
    }

    /// `store(count:)`, its items in list order, and a row cache over it.
    private func listed(count: Int) throws -> (store: ItemStore, all: [Item], rows: ItemRowCache) {
        let store = try store(count: count)
        return (store, try store.allItems(), ItemRowCache(store: store))
    }

    @Test(
        "P2: items(around:) gives the rows before and from an item, as items(offset:) does, at the start, middle and end",
        arguments: [0, 1, 63, 64, 65, 1_000, 2_499, 2_500, 2_999])
    func aroundMatchesOffset(index: Int) throws {
        let store = try store(count: 3_000)
        let all = try store.allItems()
        #expect(all.count == 3_000, "the other session's new item is not listed")
        #expect(try store.count() == 3_000, "nor counted")
        let key = all[index].key
        let window = try store.items(around: key, before: 70, after: 70)
        let start = max(0, index - 70)
        #expect(window.before.map(\.key) == all[start..<index].map(\.key))
        #expect(window.from.map(\.key) == all[index..<min(all.count, index + 70)].map(\.key))
    }

    @Test(
        "P2: a row found with the row it was saved at is where the item is, whether the hint is right or not",
        arguments: [0, 1, 999, 1_000, 1_001, 1_999])
    func indexWithHint(index: Int) throws {
        // The other session's hidden item is at 1,000 in the stored order, so rows from
        // there on are one further down in the table than in the store.
        let store = try store(count: 2_000)
        let key = try store.allItems()[index].key
        // The hint is read from an archive: a crafted one may hold any number.
        for hint in [index, index - 1, index + 1, 0, 1_999, 5_000, -3, .max, .min] {
            #expect(try store.index(ofKey: key, expected: hint) == index, "hint \(hint)")
            #expect(try ItemRowCache(store: store).index(ofKey: key, expected: hint) == index, "hint \(hint)")
        }
        #expect(try store.index(ofKey: UUID(), expected: index) == nil)
    }

    @Test(
        "P2: a row saved in the page before a kept one is checked there, read by key; a wrong hint still finds the row"
    )
    func hintInNeighbourPage() throws {
        let (_, all, rows) = try listed(count: 2_000)
        let size = ItemRowCache.pageSize
        // The selection at 1,210, and the first visible row saved ten rows into the page
        // before the selection's.
        let page = 1_210 / size * size
        #expect(try rows.index(ofKey: all[1_210].key, expected: 1_210) == 1_210)
        #expect(
            try rows.index(ofKey: all[page - size + 10].key, expected: page - size + 10) == page - size + 10)
        #expect(rows.pagesReadFromNeighbour == 1)
        #expect(rows.rowsRead == 2 * size)
        // A hint in the next page that is wrong (the row moved): the page is read, the
        // row is found where it is.
        #expect(try rows.index(ofKey: all[1_700].key, expected: page + size + 5) == 1_700)
        for row in [page - size, page - 1, page, page + size - 1, page + size, page + 2 * size - 1, 1_700] {
            #expect(try rows.item(at: row)?.key == all[row].key)
        }
    }

    @Test("P2: an unknown key gives no rows and no index")
    func unknownKey() throws {
        let store = try store(count: 10)
        let window = try store.items(around: UUID(), before: 5, after: 5)
        #expect(window.before.isEmpty && window.from.isEmpty)
        #expect(try ItemRowCache(store: store).index(ofKey: UUID()) == nil)
    }

    @Test(
        "P2: a row found by key deep in the list fills its page; the pages around it are read by key from its edges, and are the list's rows",
        arguments: [0, 5, 64, 100, 1_234, 1_499, 1_500, 2_990])
    func indexFillsPages(index: Int) throws {
        // The other session's hidden item is at 1,500 in the stored order: pages read from
        // an edge across it must leave it out, as reading by position does.
        let (_, all, rows) = try listed(count: 3_000)
        #expect(try rows.index(ofKey: all[index].key) == index)
        let page = index / ItemRowCache.pageSize
        let pageEnd = min(all.count, (page + 1) * ItemRowCache.pageSize)
        #expect(rows.rowsRead == pageEnd - page * ItemRowCache.pageSize, "one page, read around the key")
        // A key in that page is found without the store.
        if index % ItemRowCache.pageSize > 0 {
            #expect(try rows.index(ofKey: all[index - 1].key) == index - 1)
        }
        // Two pages on each side, each read from the edge of the one kept next to it (by
        // position near the start).
        let first = max(0, page - 2) * ItemRowCache.pageSize
        let end = min(all.count, (page + 3) * ItemRowCache.pageSize)
        for row in (first..<index).reversed() { #expect(try rows.item(at: row)?.key == all[row].key) }
        for row in index..<end { #expect(try rows.item(at: row)?.key == all[row].key) }
        #expect(rows.rowsRead == end - first)
        // Every page but the key's own, except those near the start (read by position).
        let bySeek = stride(from: first, to: end, by: ItemRowCache.pageSize).filter {
            $0 / ItemRowCache.pageSize != page && $0 >= ItemRowCache.rowsReadByPosition
        }
        #expect(rows.pagesReadFromNeighbour == bySeek.count)
        #expect(try rows.item(at: all.count) == nil)
    }

    @Test(
        "P2: rows read are kept when the list appears again and the store did not change; a write or another program's commit reads them again"
    )
    func keptUnlessChanged() throws {
        let (store, all, rows) = try listed(count: 200)
        #expect(try rows.index(ofKey: all[150].key) == 150)
        let read = rows.rowsRead
        rows.invalidateIfStoreChanged()
        #expect(try rows.item(at: 150)?.key == all[150].key)
        #expect(rows.rowsRead == read, "nothing changed: no second read")
        try store.update(key: all[150].key, changes: ItemChanges(name: "Renamed"))
        rows.invalidateIfStoreChanged()
        #expect(try rows.item(at: 150)?.name == "Renamed")
        let afterWrite = rows.rowsRead
        #expect(afterWrite > read)
        let other = try ItemStore(paths: scratch.paths)
        try other.update(key: all[151].key, changes: ItemChanges(name: "Elsewhere"))
        rows.invalidateIfStoreChanged()
        #expect(try rows.item(at: 151)?.name == "Elsewhere")
        #expect(rows.rowsRead > afterWrite)
    }

    @Test(
        "P2: on trust, a restored row is taken where it was saved, its page read by key, and the check after the first frame finds it there"
    )
    func trustedRowHolds() throws {
        let (_, all, rows) = try listed(count: 2_000)
        #expect(try rows.index(ofKey: all[1_210].key, expected: 1_210, trusting: true) == 1_210)
        #expect(rows.trusted?.row == 1_210, "taken on trust, not yet checked")
        #expect(rows.rowsRead == ItemRowCache.pageSize, "one page, read around the key")
        // The first visible row of the same restore, in the page before: read by key.
        let size = ItemRowCache.pageSize
        let page = 1_210 / size * size
        #expect(try rows.index(ofKey: all[page - 5].key, expected: page - 5, trusting: true) == page - 5)
        #expect(rows.pagesReadFromNeighbour == 1)
        #expect(rows.confirmTrustedRow())
        #expect(rows.trusted == nil)
        for row in [page - size, page - 1, page, page + size - 1] {
            #expect(try rows.item(at: row)?.key == all[row].key)
        }
    }

    @Test(
        "P2: a row taken on trust where the item no longer is (rows above it deleted while the app was closed) is found out by the check, and read again"
    )
    func trustedRowMoved() throws {
        let (_, all, rows) = try listed(count: 2_000)
        // Saved at 1,215; five rows above it have gone since.
        #expect(try rows.index(ofKey: all[1_210].key, expected: 1_215, trusting: true) == 1_215)
        #expect(rows.confirmTrustedRow() == false)
        #expect(rows.trusted == nil)
        #expect(
            try rows.index(ofKey: all[1_210].key, expected: 1_215, trusting: true) == 1_210,
            "trusted once only")
        #expect(try rows.item(at: 1_210)?.key == all[1_210].key)
        // A hint past the end is not taken on trust.
        let fresh = ItemRowCache(store: try ItemStore(paths: scratch.paths))
        #expect(try fresh.index(ofKey: all[10].key, expected: 5_000, trusting: true) == 10)
        #expect(fresh.trusted == nil)
    }

    @Test(
        "P2: a row found elsewhere while a row is held on trust checks that row first, so that no page numbered from it stays beside pages numbered from the start"
    )
    func trustedRowCheckedBeforeAnother() throws {
        let (_, all, rows) = try listed(count: 2_000)
        #expect(try rows.index(ofKey: all[1_210].key, expected: 1_215, trusting: true) == 1_215)
        #expect(try rows.index(ofKey: all[100].key, expected: 100, trusting: true) == 100)
        #expect(rows.trusted == nil)
        for row in [100, 1_210, 1_215] { #expect(try rows.item(at: row)?.key == all[row].key) }
    }

    @Test(
        "P2, R16: rows deleted above the highlight while the app was closed: the relaunch highlights the same item and the same item on top, and counts its row anew"
    )
    func relaunchAfterRowsDeletedAbove() throws {
        let items = (1...300).map { ("Item \($0)", String(format: "S%04d", $0), $0) }
        let first = try HeadlessHomepwner.launched(items: items, size: Size(width: 60, height: 12))
        // Deep enough that its page, read around it by key, is whole after the deletion:
        // the restore takes the saved row on trust, and the check after the first frame
        // finds it moved.
        for _ in 0..<15 { first.press(.pageDown) }
        first.press(.down)
        let highlighted = try #require(first.highlightedRow)
        let top = first.lines[1]
        let row = try #require(first.list?.tableView.indexPathForSelectedRow?.row)
        #expect(row % ItemRowCache.pageSize > 10 && highlighted.hasPrefix(" Item \(row + 1) "))
        first.advance(by: .seconds(1))
        let store = try ItemStore(paths: first.paths)
        for item in try store.allItems().prefix(5) { #expect(try store.deleteItem(withKey: item.key)) }
        let app = try first.relaunched()
        #expect(app.list?.tableView.dataSource?.modelAssociation === app.list, "the list says it is one")
        #expect(app.highlightedRow == highlighted)
        #expect(app.lines[1] == top)
        #expect(app.lines[10].hasSuffix("row \(row + 1 - 5) of 295"))
        #expect(app.list?.tableView.indexPathForSelectedRow?.row == row - 5)
        // And the rows around it are the store's: one up is the item above it.
        app.press(.up)
        #expect(app.highlightedRow?.hasPrefix(" Item \(row) ") == true)
    }
}
