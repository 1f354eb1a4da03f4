import HomepwnerCore
import TerminalKit

/// The item open beside the list (side by side): its row is marked, and the delete alert
/// says it stays when the highlight has moved away from it.
extension ItemsViewController {
    /// The item's screen open beside the list, when both show.
    private var detailBeside: DetailViewController? {
        guard let split = splitViewController, !split.isCollapsed,
            let open = split.secondaryViewController as? DetailViewController, !open.isNew
        else { return nil }
        return open
    }

    /// The item open beside the list, when both show (the row marked as open).
    var openItemKey: Item.ID? { detailBeside?.item.key }

    /// The name of the item open beside the list, if it is not `item`: the delete alert says
    /// that one stays, so Del on a highlight moved away from it deletes what the user expects.
    func openItemName(besides item: Item) -> String? {
        guard let open = detailBeside, open.item.key != item.key else { return nil }
        return open.nameField.text
    }
}
