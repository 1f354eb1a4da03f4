import StateRestoration
import TerminalKit

/// The New Item screen's "Discard the new item?" (Esc once something was typed, rule H2):
/// Esc is "back" everywhere else and pressed by reflex, so it asks, with "Keep editing"
/// chosen at first. Restorable, as the other alerts are: a `kill -9` while it is up brings
/// it back over the same New Item screen.
///
/// Restoration: identifier and restoration class are its own type; it encodes its item's
/// key. It is not restored if the item is no longer an unfinished new item.
@MainActor
final class DiscardNewItemAlert: AlertController {
    /// The archive key of the item's key.
    static let itemKeyKey = "item.itemKey"

    /// The new item it asks about.
    let itemKey: Item.ID
    /// The New Item screen that discards it; found again after a restore.
    weak var detail: DetailViewController?

    init(itemKey: Item.ID, detail: DetailViewController?) {
        self.itemKey = itemKey
        self.detail = detail
        super.init(title: "Discard the new item?", message: "What you typed in it is lost.")
        restorationIdentifier = String(describing: type(of: self))
        restorationClass = DiscardNewItemAlert.self
        addAction(.init(title: "Keep editing", style: .cancel, key: .character("n")))
        addAction(
            .init(title: "Discard", style: .destructive, key: .character("y")) { [weak self] in
                self?.detail?.discard()
            })
    }

    /// Writes the item's key, then the chosen button.
    override func encodeRestorableState(with coder: StateEncoder) throws {
        try coder.encode(itemKey, forKey: Self.itemKeyKey)
        try super.encodeRestorableState(with: coder)
    }

    override func applicationFinishedRestoringState() {
        super.applicationFinishedRestoringState()
        // Restored: the New Item screen is the top of the stack that presents the alert.
        if detail == nil,
            let detail = (presentingViewController as? NavigationController)?.topViewController
                as? DetailViewController, detail.isNew, detail.item.key == itemKey
        {
            self.detail = detail
        }
    }
}

extension DiscardNewItemAlert: ObjectRestoration {
    /// Creates the alert again, if its item is still an unfinished new item.
    static func restoreObject(withRestorationPath path: RestorationPath, coder: StateDecoder)
        -> (any RestorableObject)?
    {
        guard let context = HomepwnerContext.restoring(from: coder) else { return nil }
        do {
            let key = try coder.decode(Item.ID.self, forKey: itemKeyKey)
            guard try context.store.isProvisional(key) == true else {
                coder.explainNotRestored("item \(ItemKey.text(key)) is not an unfinished new item")
                return nil
            }
            return DiscardNewItemAlert(itemKey: key, detail: nil)
        } catch {
            coder.explainNotRestored("\(error)")
            return nil
        }
    }
}
