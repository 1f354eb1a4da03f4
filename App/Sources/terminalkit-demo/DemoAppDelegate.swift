import Foundation
import StateRestoration
import TerminalKit

/// The demo's delegate: builds the tabs, opts in to restoration, and creates the
/// controllers of restored paths (rule R13b).
///
/// The window's root is a tab bar controller (T2) with three tabs: "Shopping", a split
/// view controller (T1) with the list on the left and the open item on the right from 120
/// columns; "Notes", a text view (T4); and "Tour", a scroll view (T3). They exist before
/// the restore, which finds them where they are (R13c).
@MainActor
final class DemoAppDelegate: ApplicationDelegate {
    private let store: ShoppingStore
    private let fresh: Bool
    private let tabs = TabBarController()
    private let split = SplitViewController()
    private let notes: NotesViewController
    /// The root of an archive saved before the tabs, while a restore is under way.
    private var formerRoot: NavigationController?

    init(store: ShoppingStore, fresh: Bool) {
        self.store = store
        self.fresh = fresh
        notes = NotesViewController(store: store)
    }

    /// The list, at the bottom of the split's primary column.
    private var list: ShoppingListViewController? {
        split.primaryNavigationController.viewControllers.first as? ShoppingListViewController
    }

    func applicationWillFinishLaunching(_ application: Application) {
        store.saveIfNew()  // the terminal is taken: the launch goes on
        if fresh { application.engine.discardState(reason: "launched with --fresh") }
        split.restorationIdentifier = "SplitViewController"
        split.tabBarTitle = "Shopping"
        split.secondaryPlaceholder = "Enter opens an item here, beside the list."
        split.primaryNavigationController.setViewControllers([ShoppingListViewController(store: store)])
        let notesNavigation = NavigationController(rootViewController: notes)
        notesNavigation.restorationIdentifier = "NotesNavigationController"
        let tourNavigation = NavigationController(rootViewController: TourViewController())
        tourNavigation.restorationIdentifier = "TourNavigationController"
        tabs.restorationIdentifier = "TabBarController"
        tabs.setViewControllers([split, notesNavigation, tourNavigation])
        application.window.rootViewController = tabs
        application.window.additionalKeyHints = [
            KeyHint(key: .character("q"), title: "Quit"),
            KeyHint(key: .character("Q"), title: "Quit & forget"),
        ]
        application.globalKeyCommands = [
            KeyCommand(.character("q")) { [weak application] in application?.quit() },
            KeyCommand(.character("Q")) { [weak application] in application?.quit(forgettingState: true) },
        ]
    }

    func applicationDidEnterBackground(_ application: Application) { notes.saveNotes() }
    func applicationWillTerminate(_ application: Application) { notes.saveNotes() }

    func shouldSaveApplicationState(_ coder: StateEncoder) -> Bool { true }
    func shouldRestoreApplicationState(_ coder: StateDecoder) -> Bool { true }

    func restorableObject(withRestorationPath path: RestorationPath, coder: StateDecoder) -> (
        any RestorableObject
    )? {
        switch path.last?.identifier {
        case "NavigationController" where path.count == 1:
            // The root of an archive saved before the tabs: kept aside, its screens move in.
            let navigation = NavigationController()
            navigation.restorationIdentifier = "NavigationController"
            formerRoot = navigation
            return navigation
        case "ShoppingListViewController" where path.count == 2:
            // In an archive saved before the tabs: the list the tabs already hold.
            return list
        case "ModalNavigationController":
            let navigation = NavigationController()
            navigation.restorationIdentifier = "ModalNavigationController"
            return navigation
        case "ItemViewController":
            guard let id = try? coder.decode(UUID.self, forKey: "itemID") else { return nil }
            // In the modal navigation controller: the new-item screen; else an existing item.
            if path.identifiers.dropLast().last == "ModalNavigationController" {
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

    /// Moves the screens of an archive saved before the tabs into them: the list back into
    /// the split, the item beside it, what was presented over the tabs.
    func didDecodeRestorableState(_ coder: StateDecoder) throws {
        guard let former = formerRoot else { return }
        formerRoot = nil
        let presented = split.adoptScreens(
            of: former, presentingOver: tabs, primary: { $0 is ShoppingListViewController },
            secondary: { $0 is ItemViewController })
        (presented as? DeleteConfirmation)?.list = list
    }
}
