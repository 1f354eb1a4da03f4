import MiniKit
import StateRestoration

/// The app delegate: the window, the store, and the app's part in restoration.
@MainActor
public final class AppDelegate: RestorationDelegate {
    /// The identifier of both navigation controllers: the type's name, by convention.
    public static let navigationIdentifier = String(describing: NavigationController.self)
    /// The app's version, recorded in every archive.
    public static let version = "1.0"

    /// The window; its root is the root navigation controller.
    public let window = Window()
    /// Where the items live; it outlives a launch, as a file would.
    public let store: ItemStore

    /// Creates the app delegate of one launch.
    public init(store: ItemStore) {
        self.store = store
    }

    /// The restoration classes MiniHomepwner allows the engine to call.
    public static func makeRegistry() -> RestorationRegistry {
        // snippet: registry
        var registry = RestorationRegistry()
        registry.register(ItemsViewController.self)
        registry.register(DetailViewController.self)
        // end-snippet
        return registry
    }

    /// Runs `body`, the launch's restore, with the store reachable by the restoration
    /// classes (``ItemStore/current``).
    public func restoring<Result>(_ body: () -> Result) -> Result {
        ItemStore.$current.withValue(store, operation: body)
    }

    /// After the restore: the list in a navigation controller, if nothing was restored.
    public func finishLaunching() {
        guard window.rootViewController == nil else { return }
        // snippet: identifiers
        let navigation = NavigationController(rootViewController: ItemsViewController(store: store))
        navigation.restorationIdentifier = String(describing: type(of: navigation))
        // end-snippet
        window.rootViewController = navigation
    }

    // snippet: opt-in
    public func shouldSaveApplicationState(_ coder: StateEncoder) -> Bool { true }

    public func shouldRestoreApplicationState(_ coder: StateDecoder) -> Bool {
        // An app may refuse an archive written by an older version of itself.
        coder.metadata.appVersion == AppDelegate.version
    }
    // end-snippet

    // snippet: app-delegate
    /// Creates the navigation controllers, which have no restoration class, and nothing
    /// else: the screens have restoration classes, and views come back with their screens.
    public func restorableObject(
        withRestorationPath path: RestorationPath, coder: StateDecoder
    ) -> (any RestorableObject)? {
        guard path.last?.identifier == AppDelegate.navigationIdentifier else { return nil }
        let navigation = NavigationController()
        navigation.restorationIdentifier = AppDelegate.navigationIdentifier
        if path.count == 1 { window.rootViewController = navigation }
        return navigation
    }
    // end-snippet
}
