import HomepwnerCore

/// The rows of the items list, read from the store a page at a time.
///
/// The table asks for the row count often (every layout) and for the visible rows every
/// frame. The count is read once until ``invalidate()``; rows come in pages of
/// ``pageSize`` from ``ItemStore/items(offset:limit:)``, so a list of 10,000 items reads
/// one count and the pages its screen shows (one or two) to draw its first frame, the
/// second by key from the first's edge. At most ``maximumPages`` pages are
/// kept. An item found by key (a restored selection or scroll position) has its page read
/// around it by key, and a page next to one kept is read by key from its edge, so a row
/// deep in the list costs no walk through the rows before it once its index is known.
@MainActor
final class ItemRowCache {
    /// Rows read per query: a 40-row terminal's list shows 37, a restored one across two
    /// pages at most, so no more than a screen's worth is read beyond what shows (rule P2).
    static let pageSize = 32
    /// Pages kept before the cache starts over (2,048 rows).
    static let maximumPages = 64
    /// Rows before which a page the screen asks for is read by position: the walk to it
    /// costs less than a seek by key, whose statements a fresh launch would prepare first.
    static let rowsReadByPosition = 4 * pageSize

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

    /// A row taken where a restored archive says its item was, not yet checked against the
    /// store (``index(ofKey:expected:trusting:)``, ``confirmTrustedRow()``).
    private(set) var trusted: (key: Item.ID, row: Int)?
    /// False once a row was taken on trust: a cache does so once, for a restore.
    private var mayTrust = true

    /// Forgets everything read: the next access reads the store again.
    func invalidate() {
        cachedCount = nil
        pages.removeAll()
        readAt = nil
        trusted = nil
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
    ///
    /// `expected`, where the row was when the state was saved, is checked first: the store
    /// then need not count the rows before it (``ItemStore/index(ofKey:expected:)``). With
    /// `trusting`, and nothing read yet, it is not even checked: the page it names is read
    /// around the key by key, and the row is taken as saved until ``confirmTrustedRow()``
    /// (a restore's first frame, before which the check's step through every row before
    /// it would come, rule P2).
    /// - Throws: ``ItemStoreError`` from the store.
    func index(ofKey key: Item.ID, expected: Int? = nil, trusting: Bool = false) throws(ItemStoreError)
        -> Int?
    {
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
        if trusting, mayTrust, pages.isEmpty, let expected, expected >= 0, expected < (try count()),
            try keepPage(around: key, at: expected)
        {
            mayTrust = false
            trusted = (key, expected)
            return expected
        }
        // A row elsewhere: a row taken on trust is checked first, so that no page numbered
        // from it stays beside pages numbered from the start.
        if trusted != nil { _ = confirmTrustedRow() }
        guard let index = try store.index(ofKey: key, expected: expected) else { return nil }
        _ = try keepPage(around: key, at: index)
        return index
    }

    /// Checks the row ``index(ofKey:expected:trusting:)`` took on trust: true when the item
    /// is there, or when the store cannot say now (busy or unreadable: what shows stays).
    /// Otherwise (the item moved or is gone) everything read is forgotten, since the rows
    /// kept are numbered from the wrong row, and false.
    func confirmTrustedRow() -> Bool {
        guard let trusted else { return true }
        self.trusted = nil
        let found: Int?
        do {
            found = try store.index(ofKey: trusted.key, expected: trusted.row)
        } catch {
            return true
        }
        guard found != trusted.row else { return true }
        invalidate()
        return false
    }

    /// Reads the page of row `index` around `key`, and keeps it if it is whole (the store
    /// did not change between the reads, and the rows before the key fill the page up to
    /// it): true then.
    private func keepPage(around key: Item.ID, at index: Int) throws(ItemStoreError) -> Bool {
        let page = index / Self.pageSize
        let first = page * Self.pageSize
        let read = try store.items(around: key, before: index - first, after: first + Self.pageSize - index)
        guard read.before.count == index - first, read.from.first?.key == key else { return false }
        keep(read.before + read.from, asPage: page)
        return true
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
            if page * Self.pageSize >= Self.rowsReadByPosition, let read = try pageNextToKept(page) {
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
