import Foundation
import StateRestoration

/// The items, in order: the chapter's `BNRItemStore`. It stands for a store on disk, so the
/// tests keep one across the launches of an app.
@MainActor
public final class ItemStore {
    /// The store of the restore under way, or nil, having told `coder` why for the
    /// diagnostic: what a restoration class calls first.
    ///
    /// A restoration class is a type, called by the engine: it reaches the app's store as
    /// the engine's `restorationContext` (rule R30), with no global and no task-local
    /// (Homepwner does the same).
    public static func restoring(from coder: StateDecoder) -> ItemStore? {
        guard let store = coder.restorationContext(as: ItemStore.self) else {
            coder.explainNotRestored("no item store (the engine's restorationContext is not the ItemStore)")
            return nil
        }
        return store
    }

    /// Every item, in order.
    public private(set) var allItems: [Item] = []

    /// Creates a store holding `names`, in order.
    public init(names: [String] = []) {
        allItems = names.map { Item(name: $0) }
    }

    /// Adds an item at the end and returns it.
    @discardableResult
    public func createItem(name: String = "") -> Item {
        let item = Item(name: name)
        allItems.append(item)
        return item
    }

    /// Deletes `item`.
    public func removeItem(_ item: Item) {
        allItems.removeAll { $0 === item }
    }

    /// The item with that key, or nil if it was deleted.
    public func item(withKey key: UUID) -> Item? {
        allItems.first { $0.itemKey == key }
    }
}
