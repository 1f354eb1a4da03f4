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

    /// This controller cast to a `ModelAssociation`; a subclass that adopts it may return
    /// `self`, which spares the cast's search (rule P2).
    open var modelAssociation: (any ModelAssociation)? { self as? any ModelAssociation }

    /// One section; override for more.
    open func numberOfSections(in tableView: TableView) -> Int { 1 }

    /// No rows; override.
    open func tableView(_ tableView: TableView, numberOfRowsInSection section: Int) -> Int { 0 }

    /// An empty cell; override.
    open func tableView(_ tableView: TableView, cellForRowAt indexPath: ElementIndexPath) -> TableViewCell {
        TableViewCell(text: "")
    }

    /// No header.
    open func tableView(_ tableView: TableView, titleForHeaderInSection section: Int) -> String? { nil }

    /// Every row can be deleted in editing mode.
    open func tableView(_ tableView: TableView, canEditRowAt indexPath: ElementIndexPath) -> Bool { true }

    /// No row can be moved; override to allow reordering.
    open func tableView(_ tableView: TableView, canMoveRowAt indexPath: ElementIndexPath) -> Bool { false }

    /// Delete was asked for; does nothing by default. Override to update the model and
    /// call ``TableView/deleteRows(at:)``.
    open func tableView(
        _ tableView: TableView, commit editingStyle: TableView.EditingStyle,
        forRowAt indexPath: ElementIndexPath
    ) {}

    /// A row was moved; does nothing by default. Override to update the model.
    open func tableView(
        _ tableView: TableView, moveRowAt sourceIndexPath: ElementIndexPath,
        to destinationIndexPath: ElementIndexPath
    ) {}

    // MARK: Delegate

    /// Enter on a row; does nothing by default.
    open func tableView(_ tableView: TableView, didSelectRowAt indexPath: ElementIndexPath) {}

    /// The highlight moved; does nothing by default.
    open func tableViewSelectionDidChange(_ tableView: TableView) {}
}
