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
}
