import Foundation
import HomepwnerCore
import StateRestoration

/// What the desktop app's pages work with: the item store. Restoration classes reach it
/// through the engine's restoration context (rule R30).
@MainActor
final class DesktopContext {
    /// The items.
    let store: ItemStore

    init(store: ItemStore) {
        self.store = store
    }

    /// The context of the restore under way, or nil (with the reason in the diagnostics).
    static func restoring(from coder: StateDecoder) -> DesktopContext? {
        guard let context = coder.restorationContext(as: DesktopContext.self) else {
            coder.explainNotRestored("no item store in the restoration context")
            return nil
        }
        return context
    }

    /// The context and the item whose key a page saved under `key`, for the page's
    /// restoration class; nil, with the reason in the diagnostics, if the item is gone
    /// (rule H9: the page is not restored, and the list shows).
    static func restoringItem(from coder: StateDecoder, key: String) -> (context: DesktopContext, item: Item)?
    {
        guard let context = restoring(from: coder) else { return nil }
        do {
            let itemKey = try coder.decode(UUID.self, forKey: key)
            guard let item = try context.store.item(forKey: itemKey) else {
                coder.explainNotRestored("item \(ItemKey.text(itemKey)) no longer exists in the store")
                return nil
            }
            return (context, item)
        } catch {
            coder.explainNotRestored("the item could not be read: \(error)")
            return nil
        }
    }
}
