import Foundation
import StateRestoration
import TerminalKit

/// The demo's delegate: builds the list, opts in to restoration, and creates the
/// controllers of restored paths (rule R13b).
@MainActor
final class DemoAppDelegate: ApplicationDelegate {
    private let store: ShoppingStore
    private let fresh: Bool

    init(store: ShoppingStore, fresh: Bool) {
        self.store = store
        self.fresh = fresh
    }

    func applicationWillFinishLaunching(_ application: Application) {
        if fresh { application.engine.discardState(reason: "launched with --fresh") }
        let navigation = NavigationController(rootViewController: ShoppingListViewController(store: store))
        navigation.restorationIdentifier = "NavigationController"
        application.window.rootViewController = navigation
        application.window.additionalKeyHints = [
            KeyHint(key: .character("q"), title: "Quit"),
            KeyHint(key: .character("Q"), title: "Quit & forget"),
        ]
        application.globalKeyCommands = [
            KeyCommand(.character("q")) { [weak application] in application?.quit() },
            KeyCommand(.character("Q")) { [weak application] in application?.quit(forgettingState: true) },
        ]
    }

    func shouldSaveApplicationState(_ coder: StateEncoder) -> Bool { true }
    func shouldRestoreApplicationState(_ coder: StateDecoder) -> Bool { true }

    func restorableObject(withRestorationPath path: RestorationPath, coder: StateDecoder) -> (
        any RestorableObject
    )? {
        switch path.last?.identifier {
        case "ModalNavigationController":
            let navigation = NavigationController()
            navigation.restorationIdentifier = "ModalNavigationController"
            return navigation
        case "ItemViewController":
            guard let id = try? coder.decode(UUID.self, forKey: "itemID") else { return nil }
            // Three components: the modal new-item screen; two: a pushed existing item.
            if path.count == 3 {
                return ItemViewController(
                    store: store, item: ShoppingItem(id: id, name: "", quantity: 1), isNew: true)
            }
            return store.item(id: id).map { ItemViewController(store: store, item: $0, isNew: false) }
        case DeleteConfirmation.identifier:
            // Over the list, on an item that still exists.
            guard path.count == 2, let id = try? coder.decode(UUID.self, forKey: DeleteConfirmation.itemIDKey)
            else { return nil }
            return store.item(id: id).map { DeleteConfirmation(item: $0, list: nil) }
        default:
            return nil
        }
    }
}
