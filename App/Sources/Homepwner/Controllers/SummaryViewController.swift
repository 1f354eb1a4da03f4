import HomepwnerCore
import StateRestoration
import TerminalKit

/// The Summary tab (rule T5): how many items there are, what they are worth together, and
/// the most valuable one. Enter opens that one in the Items tab.
///
/// The numbers follow the store: read again when the tab appears, when this launch wrote,
/// and when another program changed the database.
///
/// Restoration: it lives in the Summary tab's navigation controller, which the app
/// delegate creates before the restore, so it is found there (rule R13c); whether its tab
/// was the one shown is the tab bar controller's state.
@MainActor
final class SummaryViewController: ViewController, StoreObserver {
    let context: HomepwnerContext
    private let countLabel = Label()
    private let totalLabel = Label()
    private let mostValuableLabel = Label()
    private let messageLabel = Label()
    /// The numbers shown, once read.
    private(set) var summary: ItemSummary?
    /// The store's writes by this launch when the numbers were read.
    private var writesSeen = -1

    init(context: HomepwnerContext) {
        self.context = context
        super.init()
        title = "Summary"
        restorationIdentifier = _typeName(type(of: self), qualified: false)
        context.watcher.add(self)
    }

    override func loadView() {
        let form = FormView()
        form.addRow("Items", countLabel)
        form.addRow("Total value", totalLabel)
        form.addRow("Most valuable", mostValuableLabel)
        form.addRow(messageLabel)
        mostValuableLabel.wraps = true
        messageLabel.style = .dim
        view = form
    }

    override func viewWillLayoutSubviews() {
        if writesSeen != context.writesMade { refresh() }
        super.viewWillLayoutSubviews()
    }

    override func viewWillAppear(_ animated: Bool) {
        super.viewWillAppear(animated)
        refresh()
    }

    /// Reads the numbers again.
    private func refresh() {
        writesSeen = context.writesMade
        do {
            let summary = try context.store.summary()
            self.summary = summary
            // Grouped as the total beside it is: 100,000 (not 100000).
            countLabel.text = String(ItemSummary.grouped(summary.count).dropFirst())
            totalLabel.text = summary.formattedTotal
            if let item = summary.mostValuable {
                // Cut, as in notices: a name of thousands of characters pushed the row out.
                let name = item.name.isEmpty ? "(no name)" : StoreWriter.shortened(item.name)
                mostValuableLabel.text = "\(name), \(ItemCell.formattedValue(item.valueInDollars))"
                messageLabel.text = "Enter opens it in the Items tab."
            } else {
                mostValuableLabel.text = "none yet"
                messageLabel.text = "Add items in the Items tab."
            }
        } catch {
            summary = nil
            messageLabel.text = "Cannot read the items: \(error)"
        }
    }

    override var keyCommands: [KeyCommand] {
        guard summary?.mostValuable != nil else { return [] }
        return [KeyCommand(.enter, title: "Open most valuable") { [weak self] in self?.openMostValuable() }]
    }

    /// Shows the most valuable item in the Items tab, as Enter on its row there would.
    private func openMostValuable() {
        guard let key = summary?.mostValuable?.key, let tabs = tabBarController else { return }
        let screens = Screens(tabs: tabs)
        guard let list = screens.list else { return }
        tabs.selectedIndex = 0
        list.open(itemWithKey: key)
    }

    // MARK: Store observer

    func storeDidChangeOutside() {
        if isVisible { refresh() }
    }

    func commitPendingEdits() {}
}
