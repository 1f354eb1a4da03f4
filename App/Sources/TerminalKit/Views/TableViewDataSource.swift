import StateRestoration

/// Where a ``TableView`` gets its rows (UIKit's `UITableViewDataSource`).
///
/// Only the row count and the cell are required. To keep selection and scroll position
/// right across launches when rows move, also adopt `ModelAssociation` (rule R16).
@MainActor
public protocol TableViewDataSource: AnyObject {
    /// The number of sections. Default 1.
    func numberOfSections(in tableView: TableView) -> Int
    /// The number of rows in a section.
    func tableView(_ tableView: TableView, numberOfRowsInSection section: Int) -> Int
    /// The cell that shows a row. Called every frame for the visible rows only.
    func tableView(_ tableView: TableView, cellForRowAt indexPath: ElementIndexPath) -> TableViewCell
    /// A header shown above the section, or nil. Default nil.
    func tableView(_ tableView: TableView, titleForHeaderInSection section: Int) -> String?
    /// Whether the row can be deleted in editing mode. Default true.
    func tableView(_ tableView: TableView, canEditRowAt indexPath: ElementIndexPath) -> Bool
    /// Whether the row can be moved in editing mode. Default false.
    func tableView(_ tableView: TableView, canMoveRowAt indexPath: ElementIndexPath) -> Bool
    /// The user asked to delete a row (Delete in editing mode). Update the model, then
    /// call ``TableView/deleteRows(at:)`` (or ask for a confirmation first). Default:
    /// nothing.
    func tableView(
        _ tableView: TableView, commit editingStyle: TableView.EditingStyle,
        forRowAt indexPath: ElementIndexPath)
    /// The user moved a row (Shift-↑/↓ in editing mode); the table shows it moved already.
    /// Update the model. Default: nothing.
    func tableView(
        _ tableView: TableView, moveRowAt sourceIndexPath: ElementIndexPath,
        to destinationIndexPath: ElementIndexPath)
    /// The data source as a `ModelAssociation`, if it is one (rule R16). Default: the data
    /// source cast to one, which costs the runtime a search of its conformance records the
    /// first time, before a restored list's first frame; a data source that knows it is one
    /// returns itself (rule P2).
    var modelAssociation: (any ModelAssociation)? { get }
}

extension TableViewDataSource {
    public var modelAssociation: (any ModelAssociation)? { self as? any ModelAssociation }
    public func numberOfSections(in tableView: TableView) -> Int { 1 }
    public func tableView(_ tableView: TableView, titleForHeaderInSection section: Int) -> String? { nil }
    public func tableView(_ tableView: TableView, canEditRowAt indexPath: ElementIndexPath) -> Bool { true }
    public func tableView(_ tableView: TableView, canMoveRowAt indexPath: ElementIndexPath) -> Bool { false }
    public func tableView(
        _ tableView: TableView, commit editingStyle: TableView.EditingStyle,
        forRowAt indexPath: ElementIndexPath
    ) {}
    public func tableView(
        _ tableView: TableView, moveRowAt sourceIndexPath: ElementIndexPath,
        to destinationIndexPath: ElementIndexPath
    ) {}
}

/// What happens on a row (UIKit's `UITableViewDelegate`). Every method has a default.
@MainActor
public protocol TableViewDelegate: AnyObject {
    /// Enter on a row: open it.
    func tableView(_ tableView: TableView, didSelectRowAt indexPath: ElementIndexPath)
    /// The highlighted row moved (arrows, paging, Home/End).
    func tableViewSelectionDidChange(_ tableView: TableView)
}

extension TableViewDelegate {
    public func tableView(_ tableView: TableView, didSelectRowAt indexPath: ElementIndexPath) {}
    public func tableViewSelectionDidChange(_ tableView: TableView) {}
}
