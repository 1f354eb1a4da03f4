import Foundation
import GtkKit
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

    /// What shows the items, told when they change: every window's list and summary.
    private var observers: [WeakObserver] = []
    /// The database's `data_version` when last looked at.
    private var lastVersion: Int64?
    /// How often the database is checked for another program's changes.
    static let watchInterval: Duration = .milliseconds(500)

    /// Tells `observer` of every change from now on, until it goes away.
    func observe(_ observer: any StoreObserver) {
        observers.removeAll { $0.object == nil }
        observers.append(WeakObserver(object: observer))
    }

    /// Says that the items changed: the item of `key`, or (nil) any of them. Every window's
    /// list and summary follows at once (rule H13).
    func didChange(item key: UUID?) {
        for observer in observers.compactMap(\.object) { observer.storeDidChange(item: key) }
    }

    /// Checks the database every ``watchInterval`` for changes another program made (the
    /// terminal app, `sqlite3`), and says so (``didChange(item:)``).
    func watch() {
        lastVersion = try? store.dataVersion()
        MainLoop.schedule(after: Self.watchInterval) { [weak self] in
            guard let self else { return }
            if let version = try? self.store.dataVersion(), version != self.lastVersion {
                self.didChange(item: nil)
            }
            self.watch()
        }
    }

    private struct WeakObserver {
        weak var object: (any StoreObserver)?
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

/// What shows items and follows their changes (``DesktopContext/observe(_:)``).
@MainActor
protocol StoreObserver: AnyObject {
    /// The item of `key` changed, or (nil) any item may have: added, deleted, moved.
    func storeDidChange(item key: UUID?)
}
