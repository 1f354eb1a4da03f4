import Foundation
import HomepwnerCore
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

    @Test("P2: an unknown key gives no rows and no index")
    func unknownKey() throws {
        let store = try store(count: 10)
        let window = try store.items(around: UUID(), before: 5, after: 5)
        #expect(window.before.isEmpty && window.from.isEmpty)
        #expect(try ItemRowCache(store: store).index(ofKey: UUID()) == nil)
    }

    @Test(
        "P2: a row found by key deep in the list fills its page and the ones before and after; the rows read are the list's",
        arguments: [0, 5, 64, 100, 1_234, 2_990])
    func indexFillsPages(index: Int) throws {
        let store = try store(count: 3_000)
        let all = try store.allItems()
        let rows = ItemRowCache(store: store)
        #expect(try rows.index(ofKey: all[index].key) == index)
        let page = index / ItemRowCache.pageSize
        let first = max(0, page - 1) * ItemRowCache.pageSize
        let end = min(all.count, (page + 2) * ItemRowCache.pageSize)
        #expect(rows.rowsRead == end - first)
        for row in first..<end { #expect(try rows.item(at: row)?.key == all[row].key) }
        #expect(rows.rowsRead == end - first, "the rows of the two pages came from the window")
        // A key in those pages is found without the store.
        if index > 0 { #expect(try rows.index(ofKey: all[index - 1].key) == index - 1) }
        #expect(rows.rowsRead == end - first)
        // And reading on past the window reads by position, the same rows.
        if end < all.count { #expect(try rows.item(at: end)?.key == all[end].key) }
    }

    @Test(
        "P2: rows read are kept when the list appears again and the store did not change; a write or another program's commit reads them again"
    )
    func keptUnlessChanged() throws {
        let store = try store(count: 200)
        let all = try store.allItems()
        let rows = ItemRowCache(store: store)
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
}
