import MiniKit
import StateRestoration

/// The list of items, the root navigation controller's first screen.
@MainActor
public final class ItemsViewController: ViewController {
    // snippet: declared-state
    /// True while rows can be deleted and moved: saved under its key and restored by the
    /// engine, with no code of its own (rule R25), and a change is saved without a key
    /// press (R26).
    @Restorable("TableViewIsEditing") public private(set) var isEditing = false
    // end-snippet
    private let store: ItemStore

    /// Creates the list of `store`'s items.
    public init(store: ItemStore) {
        self.store = store
        super.init()
        restorationIdentifier = String(describing: ItemsViewController.self)
        restorationClass = ItemsViewController.self
    }

    /// Enters or leaves edit mode.
    public func setEditing(_ editing: Bool) {
        isEditing = editing
    }

    /// Add: creates an item and presents, modally, a navigation controller wrapping its
    /// detail. Like UIKit, a screen in a navigation stack presents from its navigation
    /// controller, so the detail's path is `NavigationController/NavigationController/DetailViewController`.
    @discardableResult
    public func addNewItem() -> DetailViewController {
        let detail = DetailViewController(item: store.createItem(), isNew: true, store: store)
        let navigation = NavigationController(rootViewController: detail)
        navigation.restorationIdentifier = AppDelegate.navigationIdentifier
        (navigationController ?? self).present(navigation)
        return detail
    }

    /// Open: pushes the detail of `item`.
    @discardableResult
    public func open(_ item: Item) -> DetailViewController {
        let detail = DetailViewController(item: item, isNew: false, store: store)
        navigationController?.pushViewController(detail)
        return detail
    }

}

extension ItemsViewController: ObjectRestoration {
    /// Creates the list again, on the store of the restore.
    public static func restoreObject(
        withRestorationPath path: RestorationPath, coder: StateDecoder
    ) -> (any RestorableObject)? {
        guard let store = ItemStore.restoring(from: coder) else { return nil }
        return ItemsViewController(store: store)
    }
}
