import Foundation
import GtkKit
import GtkRestoration
import HomepwnerCore
import StateRestoration

/// The list of items (the chapter's `ItemsViewController`): a column view of name, serial
/// number and value. ↑/↓ choose, Enter opens the item, Delete asks to delete it; in edit
/// mode (the Edit button), Shift+↑/↓ move it.
@MainActor
final class ItemsPage: Page, ObjectRestoration, StoreObserver {
    static let identifier = "ItemsPage"

    let context: DesktopContext
    let list = ColumnView()
    private(set) var listState: ListState
    private var items: [String: Item] = [:]
    /// Edit mode: Shift+↑/↓ move the selected item. Saved with the page.
    var isEditing = false {
        didSet {
            onEditingChange?()
            invalidateRestorableState()
        }
    }
    /// Runs when edit mode starts or ends (the header's button follows).
    var onEditingChange: (() -> Void)?

    init(context: DesktopContext) {
        self.context = context
        // snippet: gtk-list-identifier
        listState = ListState(list, identifier: "ItemsList")
        let scrolled = ScrolledWindow(list)
        scrolled.expand(horizontally: true, vertically: true)
        super.init(content: scrolled, restorationIdentifier: Self.identifier)
        addView(listState)
        // end-snippet
        list.setAccessibleLabel("Items")
        list.appendColumn(title: "Name", expands: true) { [weak self] key in self?.items[key]?.name ?? "" }
        list.appendColumn(title: "Serial Number") { [weak self] key in self?.items[key]?.serialNumber ?? "" }
        list.appendColumn(title: "Value") { [weak self] key in
            self?.items[key].map { "$\($0.valueInDollars)" } ?? ""
        }
        list.onActivate { [weak self] row in self?.open(row: row) }
        list.addShortcut("Delete") { [weak self] in self?.askToDelete() ?? false }
        list.addShortcut("<Shift>Up", beforeChildren: true) { [weak self] in
            self?.moveSelected(by: -1) ?? false
        }
        list.addShortcut("<Shift>Down", beforeChildren: true) { [weak self] in
            self?.moveSelected(by: 1) ?? false
        }
        reload()
        context.observe(self)
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

    func storeDidChange(item key: UUID?) {
        guard let key else { return reload() }
        let text = ItemKey.text(key)
        guard items[text] != nil, let item = try? context.store.item(forKey: key) else { return }
        items[text] = item
        list.reloadRow(text)
    }

    override func pageDidAppear() {
        reload()
    }

    /// Opens the item of `row` on a page of its own.
    func open(row: Int) {
        let rows = list.rows
        guard rows.indices.contains(row), let item = items[rows[row]] else { return }
        list.selectedRow = row
        stack?.popToFirst()
        stack?.push(DetailPage(item: item, context: context))
    }

    /// Asks for a new item's fields in the New Item dialog.
    func presentNewItem() {
        present(NewItemPage(context: context))
    }

    /// The New Item dialog added `item` (at the end): closes it and selects the item.
    func didAdd(_ item: Item) {
        dismiss()
        context.didChange(item: nil)
        list.selectedKey = ItemKey.text(item.key)
        listState.restoreFocus()
    }

    /// Asks, in a dialog, whether to delete the selected item.
    func askToDelete() -> Bool {
        guard let key = list.selectedKey, let item = items[key] else { return false }
        present(DeleteItemPage(item: item, context: context))
        return true
    }

    /// In edit mode, moves the selected item up (-1) or down (1), keeping it selected.
    func moveSelected(by offset: Int) -> Bool {
        guard isEditing, let key = list.selectedKey, let uuid = ItemKey.parse(key),
            let row = try? context.store.moveItem(withKey: uuid, by: offset)
        else { return false }
        context.didChange(item: nil)
        list.selectedRow = row
        MainLoop.schedule(after: .zero) { [weak self] in self?.listState.restoreFocus() }
        return true
    }

    override func encodeRestorableState(with coder: StateEncoder) throws {
        try super.encodeRestorableState(with: coder)
        try coder.encode(isEditing, forKey: "editing")
    }

    override func decodeRestorableState(with coder: StateDecoder) throws {
        try super.decodeRestorableState(with: coder)
        isEditing = try coder.decodeIfPresent(Bool.self, forKey: "editing") ?? false
    }

    static func restoreObject(withRestorationPath path: RestorationPath, coder: StateDecoder)
        -> (any RestorableObject)?
    {
        DesktopContext.restoring(from: coder).map { ItemsPage(context: $0) }
    }
}
