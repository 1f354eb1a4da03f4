import HomepwnerCore
import StateRestoration
import TerminalKit

/// Rows by item key (``ModelAssociation``, rule R16): the table saves its selection and
/// first visible row as item keys, which land on the same items after rows moved.
extension ItemsViewController {
    func modelIdentifier(forElementAt indexPath: ElementIndexPath, in view: AnyObject) -> String? {
        do {
            return try rows.item(at: indexPath.row).map { ItemKey.text($0.key) }
        } catch {
            return nil
        }
    }

    func indexPathForElement(withModelIdentifier identifier: String, in view: AnyObject) -> ElementIndexPath?
    {
        guard let key = ItemKey.parse(identifier) else { return nil }
        do {
            return try rows.index(ofKey: key).map { ElementIndexPath(row: $0) }
        } catch {
            return nil
        }
    }

    /// As above, checking the saved row first: one step through the list's index to it,
    /// where finding the row by key counts every row before it (rule P2).
    func indexPathForElement(
        withModelIdentifier identifier: String, savedAt indexPath: ElementIndexPath, in view: AnyObject
    ) -> ElementIndexPath? {
        guard let key = ItemKey.parse(identifier) else { return nil }
        do {
            let expected = indexPath.section == 0 ? indexPath.row : nil
            // Before the first frame the row is taken where it was saved, and checked right
            // after that frame (rule P2).
            let checking = rows.trusted != nil
            let row = try rows.index(ofKey: key, expected: expected, trusting: context.afterFirstFrame != nil)
            if !checking, rows.trusted != nil {
                context.afterFirstFrame? { [weak self] in self?.confirmRestoredPosition() ?? false }
            }
            return row.map { ElementIndexPath(row: $0) }
        } catch {
            return nil
        }
    }

    /// Checks the row a restore took where the archive said it was: if the item moved in
    /// the store since the save (another program deleted rows above it), the list is read
    /// again, the same items highlighted and on top.
    /// - Returns: True if the screen changed.
    func confirmRestoredPosition() -> Bool {
        let selected = try? tableView.indexPathForSelectedRow.flatMap { try rows.item(at: $0.row)?.key }
        let first = try? tableView.firstVisibleIndexPath.flatMap { try rows.item(at: $0.row)?.key }
        guard !rows.confirmTrustedRow() else { return false }
        tableView.reloadData()
        if let selected { selectItem(withKey: selected) }
        if let first, let row = try? rows.index(ofKey: first) {
            tableView.scrollToRow(at: ElementIndexPath(row: row))
        }
        return true
    }
}
