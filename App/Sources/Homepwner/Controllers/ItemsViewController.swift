import HomepwnerCore
import StateRestoration
import TerminalKit

/// The items list (the book's `BNRItemsViewController`): every item with its name, serial
/// number and value, inside the root navigation controller (rule H1).
///
/// - `a` adds an item and presents, modally, a navigation controller around a
///   ``DetailViewController`` for it (H2); Enter opens the highlighted item (H3).
/// - `e` toggles editing mode; Del deletes the highlighted item after a confirmation, in
///   editing mode or not; Shift-↑/↓ move it in editing mode (H5), by its item key (H13).
///   Every change is committed to the store at once, or queued while the database is
///   busy (H14).
/// - Changes made outside the app show within a second, the selection staying on the
///   same item (H13).
/// - Rows are read from the store a page at a time (``ItemRowCache``).
/// - A status line under the rows shows notices: a saved state that was thrown away, an
///   item that no longer exists.
///
/// Restoration: identifier and restoration class are its own type (the chapter). It
/// encodes its editing mode; its table view has its own identifier and keeps the
/// selection and first visible row by item key (``ModelAssociation``, rule R16).
@MainActor
final class ItemsViewController: TableViewController, ModelAssociation, StoreObserver {
    /// The archive key of the editing mode, the book's.
    static let editingKey = "TableViewIsEditing"

    let context: HomepwnerContext
    let rows: ItemRowCache
    private let statusLine = Label(style: Style(foreground: .yellow, attributes: [.bold]))
    /// True while the status line shows the writer's status rather than a notice.
    private var showsWriterStatus = false
    /// A notice that came while a status showed: shown with it, then alone.
    private var heldNotice: String?
    /// The item to highlight at the next layout (the one just moved).
    private var keyToSelect: Item.ID?
    /// The store's writes by this launch when the rows were last read.
    private var writesSeen = 0
    /// The value column's width: the widest value of the rows shown, so that the serial
    /// numbers line up.
    private var valueColumnWidth = 0
    /// The `/` search, and the row under the list that shows it and the highlight's position.
    private(set) lazy var search = ListSearch(context: context, list: self)
    private(set) lazy var searchLine = SearchLine(field: search.field)
    /// A search open when the state was saved, until the restore is over.
    var restoredSearch: ListSearch.Saved?

    /// Creates the list.
    init(context: HomepwnerContext) {
        self.context = context
        self.rows = ItemRowCache(store: context.store)
        super.init()
        context.watcher.add(self)
        navigationItem.title = "Homepwner"
        restorationIdentifier = _typeName(type(of: self), qualified: false)
        restorationClass = ItemsViewController.self
        navigationItem.leftBarButtonItem = editButtonItem
        navigationItem.rightBarButtonItem = BarButtonItem(title: "Add", key: .character("a")) { [weak self] in
            self?.addNewItem()
        }
    }

    // MARK: View

    override func loadView() {
        tableView.dataSource = self
        tableView.delegate = self
        let root = View()
        // First: while a search is open, its field is the first view that takes keys.
        root.addSubview(searchLine)
        root.addSubview(tableView)
        root.addSubview(statusLine)
        view = root
    }

    override func viewDidLoad() {
        super.viewDidLoad()
        tableView.restorationIdentifier = _typeName(type(of: tableView), qualified: false)
        tableView.emptyText = "No items yet. Press a to add one."
        statusLine.isHidden = true
        statusLine.wraps = true
        searchLine.isHidden = true
    }

    override func viewWillLayoutSubviews() {
        super.viewWillLayoutSubviews()
        let bounds = view.bounds
        // While writes wait for a lock, or the screen state cannot be saved, that is what the
        // status line says, after the newest notice (a full disk says both: the state was not
        // restored, and it cannot be saved); the notice stays once the status goes.
        if let status = context.status {
            if let notice = context.takeNotices().last { heldNotice = notice }
            statusLine.text = heldNotice.map { "\($0) \(status)" } ?? status
            showsWriterStatus = true
        } else if let notice = heldNotice ?? context.takeNotices().last {
            heldNotice = nil
            statusLine.text = notice
            showsWriterStatus = false
        } else if showsWriterStatus {
            statusLine.text = ""
            showsWriterStatus = false
        }
        refreshIfWritten()
        if let key = keyToSelect {
            keyToSelect = nil
            selectItem(withKey: key)
        }
        // Edit does nothing on an empty list: dimmed, and out of the footer.
        editButtonItem.isEnabled = isEditing || tableView.numberOfRows(inSection: 0) > 0
        // A notice wraps onto up to three rows, leaving at least one row of the list.
        statusLine.frame.size.width = max(0, bounds.width - 2)
        let statusHeight =
            statusLine.text.isEmpty ? 0 : min(statusLine.preferredHeight, 3, max(0, bounds.height - 1))
        statusLine.isHidden = statusHeight == 0
        statusLine.frame = Rect(
            x: 1, y: bounds.height - statusHeight, width: max(0, bounds.width - 2), height: statusHeight)
        // The search line: while a search is open, or when the rows do not all fit.
        let rowCount = tableView.numberOfRows(inSection: 0)
        let listHeight = bounds.height - statusHeight
        let lineHeight = (search.isActive || rowCount > listHeight) && listHeight >= 2 ? 1 : 0
        searchLine.isHidden = lineHeight == 0
        searchLine.position = search.positionText(
            selected: tableView.indexPathForSelectedRow?.row, count: rowCount)
        searchLine.frame = Rect(x: 0, y: listHeight - lineHeight, width: bounds.width, height: lineHeight)
        tableView.frame = bounds.inset(bottom: statusHeight + lineHeight)
    }

    override func viewDidLayoutSubviews() {
        super.viewDidLayoutSubviews()
        // The table placed its selection during its layout: the position says where it is now.
        searchLine.position = search.positionText(
            selected: tableView.indexPathForSelectedRow?.row, count: tableView.numberOfRows(inSection: 0))
    }

    override func viewWillAppear(_ animated: Bool) {
        rows.invalidateIfStoreChanged()
        super.viewWillAppear(animated)
        if let key = context.itemToSelect {
            context.itemToSelect = nil
            selectItem(withKey: key)
        }
    }

    override func viewWillDisappear(_ animated: Bool) {
        super.viewWillDisappear(animated)
        statusLine.text = ""
    }

    /// Shows a notice on the status line until the list next disappears.
    func showNotice(_ notice: String) {
        statusLine.text = notice
    }

    /// How many rows were read from the store so far.
    var rowsRead: Int { rows.rowsRead }

    func selectItem(withKey key: Item.ID) {
        do {
            guard let index = try rows.index(ofKey: key) else { return }
            tableView.selectRow(at: ElementIndexPath(row: index))
        } catch {
            showNotice("Cannot read the items: \(error)")
        }
    }

    // MARK: Keys

    /// The list maps its rows to item keys (R16), known without a cast (P2).
    override var modelAssociation: (any ModelAssociation)? { self }

    override var keyCommands: [KeyCommand] {
        // In editing mode the table sends Del to tableView(_:commit:forRowAt:); here it
        // also works outside editing mode, as swipe-to-delete does in UIKit.
        if search.isActive { return [KeyCommand(.escape) { [weak self] in self?.search.cancel() }] }
        var commands =
            [
                KeyCommand(.delete) { [weak self] in self?.confirmDeleteOfSelectedItem() },
                KeyCommand(.backspace) { [weak self] in self?.confirmDeleteOfSelectedItem() },
            ] + searchKeyCommands
        // Esc gives up an add that waits for the database; else it leaves editing mode, as
        // Done does.
        if pendingAdd != nil {
            commands.append(KeyCommand(.escape) { [weak self] in self?.cancelWaitingAdd() })
        } else if isEditing {
            commands.append(KeyCommand(.escape) { [weak self] in self?.setEditing(false, animated: false) })
        }
        return commands
    }

    /// What works, most important first (the footer drops hints from the end when the
    /// terminal is narrow): Open, Add, Delete, Edit; on an empty list only Add.
    override var keyHints: [KeyHint] {
        // While an add waits, keys type the new item's name: Esc is the one that acts.
        if pendingAdd != nil { return [KeyHint(key: .escape, title: "Stop adding", isEssential: true)] }
        if search.isActive {
            return [KeyHint(key: .enter, title: "Go"), KeyHint(key: .escape, title: "Cancel")]
        }
        let narrow = (view.window?.size.width ?? 80) < 72
        let add = KeyHint(key: .character("a"), title: "Add")
        guard tableView.numberOfRows(inSection: 0) > 0 else { return [add] }
        let edit = KeyHint(
            key: .character("e"), title: isEditing ? "Done" : (narrow ? "Edit" : "Edit & reorder"))
        let open = KeyHint(key: .enter, title: "Open")
        let delete = KeyHint(key: .delete, title: "Delete")
        // Narrow, `/` (the README has it) leaves its room to the other tab's key.
        let find = narrow ? [] : [KeyHint(key: .character("/"), title: "Find")]
        return isEditing ? [edit, open, add] : [open, add, delete, edit] + find
    }

    // MARK: Actions

    /// "Add": creates the item in the store, then presents a navigation controller around
    /// a detail screen for it (the book's `addNewItem:`).
    ///
    /// While another program holds the database, the add waits: the status line says so,
    /// it is tried again every ``StoreWriter/retryInterval``, and the New Item screen opens
    /// once the lock is gone (Esc gives up waiting).
    func addNewItem() {
        stopWaitingToAdd()
        let item: Item
        do {
            item = try context.store.createProvisionalItem()
            // The new item is in the store, and so in the list under the screen: a save
            // names it as the first visible row, as a relaunch does (restoration-fuzz).
            rows.invalidate()
        } catch  where error.isBusy {
            pendingAdd = context.schedule(after: StoreWriter.retryInterval) { [weak self] in
                self?.pendingAdd = nil
                self?.retryAdd()
            }
            if pendingAdd == nil {
                showNotice("Cannot add now: another program is writing to the database; try again.")
            } else {
                context.addIsWaiting = true
            }
            return
        } catch {
            showNotice("Cannot add an item: \(error)")
            return
        }
        let detail = DetailViewController(item: item, isNew: true, context: context)
        detail.state.typedAhead = typeAhead
        typeAhead = ""
        let navigation = NavigationController(rootViewController: detail)
        // No restoration class: the app delegate creates it at launch (the chapter).
        navigation.restorationIdentifier = _typeName(type(of: navigation), qualified: false)
        // A centred sheet on a wide terminal, the whole screen on a narrow one.
        navigation.modalPresentationStyle = .formSheet
        present(navigation)
    }

    /// The add that waits for the database, while one does.
    private var pendingAdd: (any ScheduledAction)?
    /// What was typed while the add waited: the New Item's name, once it opens (the keys
    /// would otherwise act on the list: `e` edit mode, `q` quit).
    private var typeAhead = ""

    override func handleKey(_ key: Key) -> Bool {
        guard pendingAdd != nil else { return super.handleKey(key) }
        switch key.code {
        case .character(let character) where key.modifiers.isEmpty:
            typeAhead.append(character)
            return true
        case .paste(let text):
            typeAhead += text
            return true
        case .backspace:
            if !typeAhead.isEmpty { typeAhead.removeLast() }
            return true
        default:
            return super.handleKey(key)
        }
    }

    /// Tries the waiting add again, if the list is still where the user asked for it.
    private func retryAdd() {
        guard isVisible, tabBarController?.presentedViewController == nil, presentedViewController == nil
        else {
            stopWaitingToAdd()
            return
        }
        addNewItem()
    }

    /// Gives up a waiting add (Esc, or the list went away).
    private func stopWaitingToAdd() {
        pendingAdd?.cancel()
        pendingAdd = nil
        context.addIsWaiting = false
    }

    /// Esc while the add waits: it is given up, and what was typed for it too.
    private func cancelWaitingAdd() {
        stopWaitingToAdd()
        typeAhead = ""
    }

    private func confirmDeleteOfSelectedItem() {
        guard let selected = tableView.indexPathForSelectedRow else { return }
        confirmDelete(at: selected)
    }

    private func confirmDelete(at indexPath: ElementIndexPath) {
        let item: Item
        do {
            guard let found = try rows.item(at: indexPath.row) else { return }
            item = found
        } catch {
            showNotice("Cannot read the item: \(error)")
            return
        }
        present(
            DeleteItemAlert(
                item: item, context: context, list: self, openItemName: openItemName(besides: item)))
    }

    /// Deletes an item (the delete alert's Delete).
    func delete(_ item: Item) {
        // Open beside the list (wide): the item's screen writes what it waits to write and
        // closes first, so that no write of it comes after the delete (which would say the
        // item was deleted outside).
        if let split = splitViewController, let open = split.secondaryViewController as? DetailViewController,
            open.item.key == item.key
        {
            open.commitPendingEdits()
            split.closeSecondary()
        }
        // Its row, read before the delete (from the rows kept, most often): the table then
        // keeps the highlight and the first row shown on their items. A delete that waits
        // for a busy store leaves the count as it was, and the table reads everything again.
        let row = try? rows.index(ofKey: item.key)
        context.writer.submit(.delete(key: item.key, name: item.name))
        rows.invalidate()
        tableView.deleteRows(at: row.map { [ElementIndexPath(row: $0)] } ?? [])
    }

    // MARK: Data source

    override func tableView(_ tableView: TableView, numberOfRowsInSection section: Int) -> Int {
        do {
            return try rows.count()
        } catch {
            showNotice("Cannot read the items: \(error)")
            return 0
        }
    }

    override func tableView(_ tableView: TableView, cellForRowAt indexPath: ElementIndexPath) -> TableViewCell
    {
        do {
            guard let item = try rows.item(at: indexPath.row) else { return ItemCell.failure("") }
            // The table draws the rows shown top down, after its layout: at the first, the
            // value column takes the width of the widest value shown.
            if indexPath == tableView.firstVisibleIndexPath {
                valueColumnWidth = tableView.indexPathsForVisibleRows.reduce(0) { widest, shown in
                    guard let item = try? rows.item(at: shown.row) else { return widest }
                    return max(widest, TextWidth.of(ItemCell.formattedValue(item.valueInDollars)))
                }
            }
            // As the item's screen shows it, typed but perhaps not yet stored (rule T5).
            // As typed beside it, else with its edits that wait for the database (a lock, a
            // full disk): the row shows what the item will hold, as its screen did.
            let shown =
                context.editedItems[item.key]
                ?? context.writer.pendingChanges(for: item.key).applied(to: item)
            return ItemCell(item: shown, valueColumnWidth: valueColumnWidth, isOpen: item.key == openItemKey)
        } catch {
            return ItemCell.failure("cannot read this item: \(error)")
        }
    }

    override func tableView(_ tableView: TableView, canMoveRowAt indexPath: ElementIndexPath) -> Bool { true }

    override func tableView(
        _ tableView: TableView, commit editingStyle: TableView.EditingStyle,
        forRowAt indexPath: ElementIndexPath
    ) {
        confirmDelete(at: indexPath)
    }

    override func tableView(
        _ tableView: TableView, moveRowAt sourceIndexPath: ElementIndexPath,
        to destinationIndexPath: ElementIndexPath
    ) {
        // By key: the highlighted item moves, even if rows were reordered outside since the
        // list was read (H13).
        do {
            guard let item = try rows.item(at: sourceIndexPath.row) else { return }
            try context.store.moveItem(withKey: item.key, by: destinationIndexPath.row - sourceIndexPath.row)
            keyToSelect = item.key
        } catch  where error.isBusy {
            showNotice("Not moved: another program is writing to the database; try again.")
        } catch {
            showNotice("Cannot move the item: \(error)")
        }
        rows.invalidate()
    }

    // MARK: Outside changes

    /// Reads the list again if this launch wrote to the store since the rows were read (an
    /// item's screen beside the list committed a field, a New Item was cancelled), keeping
    /// the highlight on the same item. At layout, and before a save: a list hidden under
    /// another screen saves the rows as they are (restoration-fuzz).
    private func refreshIfWritten() {
        guard writesSeen != context.writesMade else { return }
        writesSeen = context.writesMade
        storeDidChangeOutside()
    }

    /// Reads the list again, keeping the highlight on the same item.
    func storeDidChangeOutside() {
        let selected = try? tableView.indexPathForSelectedRow.flatMap { try rows.item(at: $0.row)?.key }
        rows.invalidate()
        tableView.reloadData()
        if let selected { selectItem(withKey: selected) }
    }

    func commitPendingEdits() {}

    // MARK: Delegate

    override func tableView(_ tableView: TableView, didSelectRowAt indexPath: ElementIndexPath) {
        do {
            guard let shown = try rows.item(at: indexPath.row) else { return }
            open(itemWithKey: shown.key, named: shown.name)
        } catch {
            showNotice("Cannot open the item: \(error)")
        }
    }

    /// Opens an item's screen, beside the list on a wide terminal, over it on a narrow one
    /// (rule T5), and highlights its row.
    /// - Parameters:
    ///   - key: The item.
    ///   - name: Its name as shown, for the notice if it no longer exists.
    func open(itemWithKey key: Item.ID, named name: String = "") {
        do {
            // Read again by key: the row may have been changed or deleted outside since
            // the list was read (H13).
            guard let item = try context.store.item(forKey: key) else {
                storeDidChangeOutside()
                showNotice("\(StoreWriter.quoted(name)) was deleted outside Homepwner.")
                return
            }
            selectItem(withKey: key)
            // Already open beside the list: the focus goes there.
            if let open = splitViewController?.secondaryViewController as? DetailViewController,
                open.item.key == item.key
            {
                splitViewController?.focus(.secondary)
                return
            }
            showDetailViewController(DetailViewController(item: item, isNew: false, context: context))
        } catch {
            showNotice("Cannot open the item: \(error)")
        }
    }

    // MARK: Restoration

    /// Writes the editing mode under the book's key, then what the superclass writes.
    /// - Throws: ``StateCodingError`` from the coder.
    override func encodeRestorableState(with coder: StateEncoder) throws {
        refreshIfWritten()
        try coder.encode(isEditing, forKey: Self.editingKey)
        // A notice stays until the list next disappears, across a relaunch too (restoration-fuzz).
        if !showsWriterStatus, !statusLine.text.isEmpty {
            try coder.encode(statusLine.text, forKey: "notice")
        }
        try encodeSearch(with: coder)
        try super.encodeRestorableState(with: coder)
    }

    override func applicationFinishedRestoringState() {
        super.applicationFinishedRestoringState()
        if let restored = restoredSearch {
            restoredSearch = nil
            search.restore(restored)
        }
    }

    /// Reads the editing mode, then what the superclass wrote.
    /// - Throws: ``StateCodingError`` for a value of the wrong type.
    override func decodeRestorableState(with coder: StateDecoder) throws {
        if let editing = try coder.decodeIfPresent(Bool.self, forKey: Self.editingKey) {
            setEditing(editing, animated: false)
        }
        if let notice = try coder.decodeIfPresent(String.self, forKey: "notice") { showNotice(notice) }
        try decodeSearch(with: coder)
        try super.decodeRestorableState(with: coder)
    }
}
