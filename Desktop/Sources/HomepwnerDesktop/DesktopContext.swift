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
}
