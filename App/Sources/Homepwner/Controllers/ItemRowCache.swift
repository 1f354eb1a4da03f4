import HomepwnerCore

/// The rows of the items list, read from the store a page at a time.
///
/// The table asks for the row count often (every layout) and for the visible rows every
/// frame. The count is read once until ``invalidate()``; rows come in pages of
/// ``pageSize`` from ``ItemStore/items(offset:limit:)``, so a list of 10,000 items reads
/// one count and one page to draw its first frame. At most ``maximumPages`` pages are
/// kept. An item found by key (a restored selection or scroll position) has its page read
/// around it by key, and a page next to one kept is read by key from its edge, so a row
/// deep in the list costs no walk through the rows before it once its index is known.
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
    /// How many pages were read by key from a page kept next to them.
    private(set) var pagesReadFromNeighbour = 0

    init(store: ItemStore) {
        self.store = store
    }

    /// The store's change counters when the rows kept were first read: this launch's
    /// writes and other programs' commits (``ItemStore/dataVersion()``).
    private var readAt: (writes: Int, version: Int64)?

    /// Forgets everything read: the next access reads the store again.
    func invalidate() {
        cachedCount = nil
        pages.removeAll()
        readAt = nil
    }

    /// Forgets what was read if the store changed since, by this launch or another program:
    /// a list that appears again shows the store as it is, and a restored list keeps the
    /// rows its restore read around its position (rule P2).
    func invalidateIfStoreChanged() {
        guard let readAt, let now = try? stamp(), now == readAt else { return invalidate() }
    }

    private func stamp() throws(ItemStoreError) -> (writes: Int, version: Int64) {
        (store.totalChangedRows, try store.dataVersion())
    }

    /// Notes the counters before the first read after ``invalidate()``.
    private func reading() {
        if readAt == nil { readAt = try? stamp() }
    }

    /// The number of items.
    /// - Throws: ``ItemStoreError`` from the store.
    func count() throws(ItemStoreError) -> Int {
        if let cachedCount { return cachedCount }
        reading()
        let count = try store.count()
        cachedCount = count
        return count
    }

    /// The row of the item with `key`, or nil if it is not listed. A key in a page already
    /// read costs no query; otherwise the store finds its row, and its page is read around
    /// it by key (the pages beside it follow by key from its edges, as the screen asks).
    /// - Throws: ``ItemStoreError`` from the store.
    /// `expected`, where the row was when the state was saved, is checked first: the store
    /// then need not count the rows before it (``ItemStore/index(ofKey:expected:)``).
    func index(ofKey key: Item.ID, expected: Int? = nil) throws(ItemStoreError) -> Int? {
        for (page, items) in pages {
            if let index = items.firstIndex(where: { $0.key == key }) { return page * Self.pageSize + index }
        }
        reading()
        // The row it was saved at, in a page next to one kept (a restored first visible row
        // above the selection): that page is read by key, and needed on screen anyway.
        if let expected, expected >= 0, pages[expected / Self.pageSize] == nil,
            let read = try pageNextToKept(expected / Self.pageSize)
        {
            keep(read, asPage: expected / Self.pageSize)
            if read.indices.contains(expected % Self.pageSize), read[expected % Self.pageSize].key == key {
                return expected
            }
        }
        guard let index = try store.index(ofKey: key, expected: expected) else { return nil }
        let page = index / Self.pageSize
        let first = page * Self.pageSize
        let read = try store.items(around: key, before: index - first, after: first + Self.pageSize - index)
        // Only a page that is whole (the store did not change between the two reads) is kept.
        guard read.before.count == index - first, read.from.first?.key == key else { return index }
        keep(read.before + read.from, asPage: page)
        return index
    }

    /// Keeps `items` as page `page`, starting over if the cache is full.
    private func keep(_ items: [Item], asPage page: Int) {
        if pages.count >= Self.maximumPages { pages.removeAll() }
        pages[page] = items
        rowsRead += items.count
    }

    /// Page `page` read by key from a page next to it that is kept: one seek into the
    /// list's index from that page's edge, where reading by position steps through every
    /// row before it (a restored list deep in 10,000 items, scrolled, rule P2). Nil when
    /// neither neighbour is kept whole, or the store changed under them.
    private func pageNextToKept(_ page: Int) throws(ItemStoreError) -> [Item]? {
        if let before = pages[page - 1], before.count == Self.pageSize, let last = before.last {
            let read = try store.items(around: last.key, before: 0, after: Self.pageSize + 1)
            guard read.from.first?.key == last.key else { return nil }
            pagesReadFromNeighbour += 1
            return Array(read.from.dropFirst())
        }
        if let after = pages[page + 1], let next = after.first {
            let read = try store.items(around: next.key, before: Self.pageSize, after: 1)
            guard read.before.count == Self.pageSize, read.from.first?.key == next.key else { return nil }
            pagesReadFromNeighbour += 1
            return read.before
        }
        return nil
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
            reading()
            if let read = try pageNextToKept(page) {
                items = read
            } else {
                items = try store.items(offset: page * Self.pageSize, limit: Self.pageSize)
            }
            keep(items, asPage: page)
        }
        let index = row - page * Self.pageSize
        return index < items.count ? items[index] : nil
    }
}
