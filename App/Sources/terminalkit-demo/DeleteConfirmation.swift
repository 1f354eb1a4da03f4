import Foundation
import StateRestoration
import TerminalKit

/// The list's "Delete “name”?": Cancel chosen at first (so Del then Enter keeps the item),
/// `y` deletes, `n` or Esc keeps it.
///
/// Restorable, so a relaunch while it is up shows it again over the list, on the same item
/// with the same button chosen (found by restoration-fuzz: a plain `AlertController` has no
/// identifier, and rule R3 leaves it out). It has no restoration class: the app delegate
/// creates it again from its item's id (R13b), and nothing if the item is gone.
@MainActor
final class DeleteConfirmation: AlertController {
    /// Its restoration identifier.
    static let identifier = "DeleteConfirmation"
    /// The archive key of its item's id.
    static let itemIDKey = "itemID"

    /// The item to delete.
    let itemID: UUID
    /// The list that deletes it; found again after a restore.
    weak var list: ShoppingListViewController?

    /// Creates the question for `item`, shown over `list`.
    init(item: ShoppingItem, list: ShoppingListViewController?) {
        itemID = item.id
        self.list = list
        super.init(title: "Delete “\(item.name)”?", message: nil)
        restorationIdentifier = Self.identifier
        addAction(.init(title: "Cancel", style: .cancel, key: .character("n")))
        addAction(
            .init(title: "Delete", style: .destructive, key: .character("y")) { [weak self] in
                guard let self else { return }
                self.list?.deleteItem(withID: self.itemID)
            })
    }

    /// Writes the item's id, then the chosen button.
    /// - Throws: ``StateCodingError`` from the coder.
    override func encodeRestorableState(with coder: StateEncoder) throws {
        try coder.encode(itemID, forKey: Self.itemIDKey)
        try super.encodeRestorableState(with: coder)
    }

    override func applicationFinishedRestoringState() {
        super.applicationFinishedRestoringState()
        // Restored: the list is at the bottom of the first tab's split.
        if list == nil, let tabs = presentingViewController as? TabBarController {
            list =
                (tabs.viewControllers.first as? SplitViewController)?.primaryNavigationController
                .viewControllers.first
                as? ShoppingListViewController
        } else if list == nil {
            list =
                (presentingViewController as? NavigationController)?.viewControllers.first
                as? ShoppingListViewController
        }
    }
}
