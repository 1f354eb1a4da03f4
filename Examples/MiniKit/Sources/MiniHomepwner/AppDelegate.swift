import Foundation
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

    // MARK: Sessions and the activity (S1–S5)

    /// Takes this instance's session in `stateDirectory`: the most recently saved one no
    /// other instance holds, or a new one (rule S3).
    public static func openSession(in stateDirectory: String) throws(SessionError) -> RestorationSession {
        // snippet: open-session
        let sessions = RestorationSessions(stateDirectory: stateDirectory)
        let session = try sessions.open(.mostRecent).session
        // end-snippet
        return session
    }

    /// The engine of this launch, on `session`'s storage.
    public func makeEngine(session: RestorationSession) -> RestorationEngine {
        // snippet: session-engine
        let engine = RestorationEngine(
            configuration: RestorationConfiguration(
                appName: "MiniHomepwner", appVersion: AppDelegate.version),
            registry: AppDelegate.makeRegistry(), storage: session.storage, delegate: self,
            roots: { [window] in window.restorationRoots })
        engine.restorationContext = store
        // end-snippet
        return engine
    }

    // snippet: activity
    /// What the user is doing, saved with every archive: the item open, if any.
    public func stateRestorationActivity() -> RestorationActivity? {
        guard let detail = window.visibleViewController as? DetailViewController else {
            return RestorationActivity(type: "minihomepwner.list", title: "The list")
        }
        return RestorationActivity(
            type: "minihomepwner.viewItem", title: "Viewing \(detail.item.name)",
            userInfo: ["item": detail.item.itemKey.uuidString])
    }

    /// The archive was thrown away: go back to the item by the app's ordinary path.
    public func restoreInteractionState(with activity: RestorationActivity) -> Bool {
        guard activity.type == "minihomepwner.viewItem",
            let key = activity.userInfo["item"].flatMap(UUID.init(uuidString:)),
            let item = store.item(withKey: key)
        else { return false }
        finishLaunching()
        let navigation = window.rootViewController as? NavigationController
        (navigation?.viewControllers.first as? ItemsViewController)?.open(item)
        return true
    }
    // end-snippet
}
