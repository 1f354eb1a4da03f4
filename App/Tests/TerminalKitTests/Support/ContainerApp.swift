import RestorationTesting
import StateRestoration
import Testing

@testable import TerminalKit

/// The sample app with TerminalKit's containers: a tab bar whose first tab is a split view
/// (fruits on the left, the open fruit on the right) and whose second tab, "Basket", is a
/// navigation stack of its own over the same fruits.
@MainActor
final class ContainerApp: ApplicationDelegate {
    let store: FruitStore
    let tabs = TabBarController()
    let split = SplitViewController()
    let basket = NavigationController()

    init(store: FruitStore) {
        self.store = store
        tabs.restorationIdentifier = "tabs"
        split.restorationIdentifier = "split"
        split.tabBarTitle = "Fruits"
        split.secondaryPlaceholder = "Choose a fruit"
        basket.restorationIdentifier = "basket"
        basket.tabBarTitle = "Basket"
    }

    func applicationWillFinishLaunching(_ application: Application) {
        split.primaryNavigationController.setViewControllers([FruitListViewController(store: store)])
        let basketList = FruitListViewController(store: store)
        basketList.title = "Basket"
        basket.setViewControllers([basketList])
        tabs.setViewControllers([split, basket])
        application.window.rootViewController = tabs
    }

    func shouldSaveApplicationState(_ coder: StateEncoder) -> Bool { true }
    func shouldRestoreApplicationState(_ coder: StateDecoder) -> Bool { true }

    func restorableObject(withRestorationPath path: RestorationPath, coder: StateDecoder) -> (
        any RestorableObject
    )? {
        // A new fruit's screen is in the modal navigation controller, wherever that is.
        let isNew = path.identifiers.dropLast().last == FruitDetailViewController.modalIdentifier
        return FruitApp.restorableObject(at: path, coder: coder, store: store, isNew: isNew)
    }
}

/// One launch of the container app on a headless terminal.
@MainActor
struct ContainerLaunch: HeadlessLaunch {
    let application: Application
    let terminal: HeadlessTerminal
    let delegate: ContainerApp
    /// The archive's storage, which a relaunch restores from.
    let storage: InMemoryStorage

    init(store: FruitStore, storage: InMemoryStorage = InMemoryStorage(), size: Size) {
        self.storage = storage
        terminal = HeadlessTerminal(size: size)
        delegate = ContainerApp(store: store)
        application = Application(
            delegate: delegate, driver: terminal,
            configuration: .checked(appName: "containers", appVersion: "1.0"),
            storage: storage, scheduler: ManualScheduler())
        application.window.additionalKeyHints = [KeyHint(key: .ctrl("c"), title: "Quit")]
        do {
            try application.launch()
        } catch {
            Issue.record("launch failed: \(error)")
        }
    }

    /// Resizes the terminal, as SIGWINCH does, and draws the next frame.
    func resize(to size: Size) {
        terminal.resize(to: size)
        application.processEvents()
    }

    /// Saves the state as a suspend does, and waits for the write: what `kill -9` leaves.
    func saveAndKill() {
        application.preserveState()
        application.engine.waitForPendingWrites()
    }

    /// Launches again on the same storage and a copy of the store's fruits, at `size` (this
    /// terminal's unless told): the next launch after a kill.
    func relaunched(size: Size? = nil) -> ContainerLaunch {
        ContainerLaunch(
            store: FruitStore(fruits: delegate.store.fruits), storage: storage, size: size ?? terminal.size)
    }

    var lines: [String] { screen.components(separatedBy: "\n") }
    var split: SplitViewController { delegate.split }
    var tabs: TabBarController { delegate.tabs }

    /// The fruit screen shown in the split, wherever it is.
    var detail: FruitDetailViewController? { split.secondaryViewController as? FruitDetailViewController }
}
