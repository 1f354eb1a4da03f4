import StateRestoration
import TerminalKit

/// The detail screen's "Remove the photo?" (Ctrl-X): Cancel is chosen at first, and the
/// alert is restorable, as the delete confirmation is, so a `kill -9` while it is up brings
/// it back over the same item with the same button chosen.
///
/// Restoration: identifier and restoration class are its own type; it encodes its item's
/// key. It is not restored if the item is gone or has no photo any more; the detail screen
/// shows alone then.
@MainActor
final class RemovePhotoAlert: AlertController {
    /// The archive key of the item's key.
    static let itemKeyKey = "item.itemKey"

    /// The item whose photo it asks about.
    let itemKey: Item.ID
    /// The detail screen that removes it; found again after a restore.
    weak var detail: DetailViewController?

    init(itemKey: Item.ID, detail: DetailViewController?) {
        self.itemKey = itemKey
        self.detail = detail
        super.init(title: "Remove the photo?", message: "Its file is deleted.")
        restorationIdentifier = String(describing: type(of: self))
        restorationClass = RemovePhotoAlert.self
        addAction(.init(title: "Cancel", style: .cancel, key: .character("n")))
        addAction(
            .init(title: "Remove", style: .destructive, key: .character("y")) { [weak self] in
                self?.detail?.removePhoto()
            })
    }

    /// Writes the item's key, then the chosen button.
    override func encodeRestorableState(with coder: StateEncoder) throws {
        try coder.encode(itemKey, forKey: Self.itemKeyKey)
        try super.encodeRestorableState(with: coder)
    }

    override func applicationFinishedRestoringState() {
        super.applicationFinishedRestoringState()
        // Restored: the detail screen is the item open in the tabs that present the alert,
        // or the top of the New Item screen's stack (or, in an archive saved before the
        // tabs, of the root's).
        if detail == nil {
            let detail =
                if let tabs = presentingViewController as? TabBarController {
                    Screens(tabs: tabs).openDetail
                } else {
                    (presentingViewController as? NavigationController)?.topViewController
                        as? DetailViewController
                }
            if detail?.item.key == itemKey { self.detail = detail }
        }
    }
}

extension RemovePhotoAlert: ObjectRestoration {
    /// Creates the alert again, if its item still has a photo.
    static func restoreObject(withRestorationPath path: RestorationPath, coder: StateDecoder)
        -> (any RestorableObject)?
    {
        guard let context = HomepwnerContext.restoring(from: coder) else { return nil }
        do {
            let key = try coder.decode(Item.ID.self, forKey: itemKeyKey)
            guard let item = try context.store.item(forKey: key), item.hasPhoto else {
                coder.explainNotRestored("item \(ItemKey.text(key)) no longer has a photo to remove")
                return nil
            }
            return RemovePhotoAlert(itemKey: key, detail: nil)
        } catch {
            coder.explainNotRestored("\(error)")
            return nil
        }
    }
}
