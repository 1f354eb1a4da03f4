import StateRestoration

/// A controller whose view is a ``TableView`` and which is its data source and delegate
/// (UIKit's `UITableViewController`). Override the data source methods; editing mode
/// turns the table's editing on and off.
@MainActor
open class TableViewController: ViewController, TableViewDataSource, TableViewDelegate {
    /// The table, which is this controller's view.
    public let tableView = TableView()

    /// Creates the controller.
    override public init() {
        super.init()
    }

    override open func loadView() {
        tableView.dataSource = self
        tableView.delegate = self
        view = tableView
    }

    override open func setEditing(_ editing: Bool, animated: Bool) {
        super.setEditing(editing, animated: animated)
        tableView.isEditing = editing
    }

    override open func viewWillAppear(_ animated: Bool) {
        super.viewWillAppear(animated)
        tableView.reloadData()
    }

    // MARK: Data source

    open func numberOfSections(in tableView: TableView) -> Int { 1 }

    open func tableView(_ tableView: TableView, numberOfRowsInSection section: Int) -> Int { 0 }

    open func tableView(_ tableView: TableView, cellForRowAt indexPath: ElementIndexPath) -> TableViewCell {
        TableViewCell(text: "")
    }

    open func tableView(_ tableView: TableView, titleForHeaderInSection section: Int) -> String? { nil }

    open func tableView(_ tableView: TableView, canEditRowAt indexPath: ElementIndexPath) -> Bool { true }

    open func tableView(_ tableView: TableView, canMoveRowAt indexPath: ElementIndexPath) -> Bool { false }

    open func tableView(
        _ tableView: TableView, commit editingStyle: TableView.EditingStyle,
        forRowAt indexPath: ElementIndexPath
    ) {}

    open func tableView(
        _ tableView: TableView, moveRowAt sourceIndexPath: ElementIndexPath,
        to destinationIndexPath: ElementIndexPath
    ) {}

    // MARK: Delegate

    open func tableView(_ tableView: TableView, didSelectRowAt indexPath: ElementIndexPath) {}

    open func tableViewSelectionDidChange(_ tableView: TableView) {}
}
