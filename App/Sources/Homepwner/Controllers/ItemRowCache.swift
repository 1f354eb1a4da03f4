import HomepwnerCore

/// The rows of the items list, read from the store a page at a time.
///
/// The table asks for the row count often (every layout) and for the visible rows every
/// frame. The count is read once until ``invalidate()``; rows come in pages of
/// ``pageSize`` from ``ItemStore/items(offset:limit:)``, so a list of 10,000 items reads
/// one count and one page to draw its first frame. At most ``maximumPages`` pages are
/// kept.
@MainActor
final class ItemRowCache {
    /// Rows read per query.
    static let pageSize = 64
    /// Pages kept before the cache starts over.
    static let maximumPages = 32

    private let store: ItemStore
    private var cachedCount: Int?
    private var pages: [Int: [Item]] = [:]
    /// How many rows were read from the store so far (tests check the paging with it).
    private(set) var rowsRead = 0

    init(store: ItemStore) {
        self.store = store
    }

    /// Forgets everything read: the next access reads the store again.
    func invalidate() {
        cachedCount = nil
        pages.removeAll()
    }

    /// The number of items.
    /// - Throws: ``ItemStoreError`` from the store.
    func count() throws(ItemStoreError) -> Int {
        if let cachedCount { return cachedCount }
        let count = try store.count()
        cachedCount = count
        return count
    }

    /// The item at `row`, or nil past the end.
    /// - Throws: ``ItemStoreError`` from the store.
    func item(at row: Int) throws(ItemStoreError) -> Item? {
        guard row >= 0 else { return nil }
        let page = row / Self.pageSize
        let items: [Item]
        if let cached = pages[page] {
            items = cached
        } else {
            if pages.count >= Self.maximumPages { pages.removeAll() }
            items = try store.items(offset: page * Self.pageSize, limit: Self.pageSize)
            rowsRead += items.count
            pages[page] = items
        }
        let index = row - page * Self.pageSize
        return index < items.count ? items[index] : nil
    }
}
