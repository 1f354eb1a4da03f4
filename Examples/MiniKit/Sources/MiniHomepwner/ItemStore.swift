import Foundation
import StateRestoration

/// The items, in order: the chapter's `BNRItemStore`. It stands for a store on disk, so the
/// tests keep one across the launches of an app.
@MainActor
public final class ItemStore {
    /// The store that restoration classes use during a restore; see ``AppDelegate/restoring(_:)``.
    ///
    /// A restoration class is a type, called by the engine: this is how it reaches the
    /// app's store without a global (Homepwner does the same, docs/DECISIONS.md).
    @TaskLocal public static var current: ItemStore?

    /// The store of the restore under way, or nil, having told `coder` why for the
    /// diagnostic: what a restoration class calls first.
    public static func current(explainingTo coder: StateDecoder) -> ItemStore? {
        guard let current else {
            coder.explainNotRestored("no item store (restored outside AppDelegate.restoring)")
            return nil
        }
        return current
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
