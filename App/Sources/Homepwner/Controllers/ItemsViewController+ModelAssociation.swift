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
            return try rows.index(ofKey: key, expected: expected).map { ElementIndexPath(row: $0) }
        } catch {
            return nil
        }
    }
}
