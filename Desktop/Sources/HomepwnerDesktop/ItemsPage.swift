import GtkKit
import GtkRestoration
import HomepwnerCore
import StateRestoration

/// The list of items (the chapter's `ItemsViewController`): a column view of name, serial
/// number and value. ↑/↓ choose, Enter opens the item.
@MainActor
final class ItemsPage: Page, ObjectRestoration {
    static let identifier = "ItemsPage"

    let context: DesktopContext
    let list = ColumnView()
    private(set) var listState: ListState
    private var items: [String: Item] = [:]

    init(context: DesktopContext) {
        self.context = context
        listState = ListState(list, identifier: "ItemsList")
        let scrolled = ScrolledWindow(list)
        scrolled.expand(horizontally: true, vertically: true)
        super.init(content: scrolled, restorationIdentifier: Self.identifier)
        addView(listState)
        list.setAccessibleLabel("Items")
        list.appendColumn(title: "Name", expands: true) { [weak self] key in self?.items[key]?.name ?? "" }
        list.appendColumn(title: "Serial Number") { [weak self] key in self?.items[key]?.serialNumber ?? "" }
        list.appendColumn(title: "Value") { [weak self] key in
            self?.items[key].map { "$\($0.valueInDollars)" } ?? ""
        }
        list.onActivate { [weak self] row in self?.open(row: row) }
        reload()
    }

    override var title: String { "Homepwner" }
    override var restorationClass: (any ObjectRestoration.Type)? { ItemsPage.self }
    override var initialFocus: (any FocusTarget)? { listState }

    /// Reads the items again, keeping the selection on the same item.
    func reload() {
        let all = (try? context.store.allItems()) ?? []
        items = Dictionary(uniqueKeysWithValues: all.map { (ItemKey.text($0.key), $0) })
        list.setRows(all.map { ItemKey.text($0.key) })
    }

    override func pageDidAppear() {
        reload()
    }

    /// Opens the item of `row` on a page of its own.
    func open(row: Int) {
        let rows = list.rows
        guard rows.indices.contains(row), let item = items[rows[row]] else { return }
        list.selectedRow = row
        stack?.push(DetailPage(item: item, context: context))
    }

    /// Adds an item at the end, selects it and opens it.
    func addItem() {
        guard let item = try? context.store.createItem() else { return }
        reload()
        list.selectedKey = ItemKey.text(item.key)
        stack?.push(DetailPage(item: item, context: context))
    }

    static func restoreObject(withRestorationPath path: RestorationPath, coder: StateDecoder)
        -> (any RestorableObject)?
    {
        DesktopContext.restoring(from: coder).map { ItemsPage(context: $0) }
    }
}
