import StateRestoration
import TerminalKit

/// Homepwner's app delegate (the book's `BNRAppDelegate`): opts in to state restoration,
/// creates the two navigation controllers that have no restoration class, and builds the
/// list when nothing was restored.
///
/// - Restoring, it creates a navigation controller for every path that ends in one, and
///   makes the one whose path has a single component the window's root (the chapter's
///   `application:viewControllerWithRestorationIdentifierPath:coder:`).
/// - After launching, if the window still has no root, nothing was restored: it builds
///   the root navigation controller around a new items list.
/// - `q` quits (saving the state), `Q` quits and forgets it.
/// - At launch it makes the store's connection never wait for locks, cleans what dead
///   launches left in the store, and starts watching it for outside changes; on
///   suspend and quit it commits edits still waiting for their debounce.
@MainActor
final class AppDelegate: ApplicationDelegate {
    /// The identifier of both navigation controllers: their type's name.
    static let navigationIdentifier = String(describing: NavigationController.self)

    let context: HomepwnerContext
    /// Throw the saved state away before restoring (`--fresh` without sessions).
    let startsFresh: Bool
    /// The item `--open` asked to show (rule S6).
    let opening: Item.ID?
    weak var application: Application?

    init(context: HomepwnerContext, startsFresh: Bool, opening: Item.ID? = nil) {
        self.context = context
        self.startsFresh = startsFresh
        self.opening = opening
    }

    // MARK: Lifecycle

    func applicationWillFinishLaunching(_ application: Application) {
        self.application = application
        // The screen never waits for the database: a busy write is queued and retried.
        context.store.setBusyTimeout(milliseconds: 0)
        context.scheduler = { [weak application] delay, action in
            guard let application else { return CancelledAction() }
            return application.schedule(after: delay, action)
        }
        context.now = { [weak application] in application?.driver.now ?? .zero }
        context.stateDidChange = { [weak application] in application?.engine.stateDidChange() }
        if startsFresh { application.engine.discardState(reason: "launched with --fresh") }
        application.globalKeyCommands = [
            KeyCommand(.character("q")) { [weak application] in application?.quit() },
            KeyCommand(.character("Q")) { [weak application] in application?.quit(forgettingState: true) },
        ]
        application.window.additionalKeyHints = [
            KeyHint(key: .character("q"), title: "Quit"),
            KeyHint(key: .character("Q"), title: "Quit & forget"),
            KeyHint(key: .ctrl("c"), title: "Quit"),
        ]
    }

    func applicationDidFinishLaunching(_ application: Application) {
        let window = application.window
        // A deep link (rule S6) goes where the activity's fallback goes, by the same path.
        if let opening, !show(.viewItem, key: opening) {
            context.post("The item to open no longer exists.")
        }
        let root = window.rootViewController as? NavigationController
        if root?.viewControllers.first is ItemsViewController == false {
            let list = ItemsViewController(context: context)
            let navigation = NavigationController(rootViewController: list)
            navigation.restorationIdentifier = Self.navigationIdentifier
            window.rootViewController = navigation
        }
        let report = application.restorationReport
        for note in report?.diagnostics ?? [] where note.kind == .archiveDiscarded {
            context.post(Self.discardedStateNotice(reason: note.reason, activity: report?.restoredActivity))
        }
        cleanStore(window: window)
        context.watcher.start()
    }

    /// What the user reads when the saved state was thrown away at launch: why in plain
    /// words, and that the app started fresh. The engine's reason (checksums, offsets,
    /// versions) goes to the diagnostics log with `RESTORATION_DEBUG=1`, and the archive
    /// itself is kept as `restoration.archive.discarded` for `restoration-archive`.
    static func discardedStateNotice(reason: String, activity: RestorationActivity? = nil) -> String {
        let why =
            if reason.contains("is newer than") {
                "needs a newer Homepwner"
            } else if reason.contains("died") {
                "made the last launches stop"
            } else {
                "could not be read"
            }
        guard let activity else { return "The saved screen state \(why); set aside. Started fresh." }
        return "The saved screen state \(why); set aside. \(reopened(activity))"
    }

    /// Deletes new items no screen owns (killed on the New Item screen, then `--fresh`),
    /// photo files without an item, and temporary files of imports that died midway. A
    /// restored New Item screen keeps its item. A busy database is left for next time.
    private func cleanStore(window: Window) {
        var keeping = Set<Item.ID>()
        if let modal = window.rootViewController?.presentedViewController as? NavigationController,
            let detail = modal.topViewController as? DetailViewController, detail.isNew
        {
            keeping.insert(detail.item.key)
            _ = try? context.store.claimProvisionalItem(withKey: detail.item.key)
        }
        _ = try? context.store.removeAbandonedProvisionalItems(keeping: keeping)
        _ = try? context.store.removeOrphanedFiles()
    }

    func applicationDidEnterBackground(_ application: Application) {
        commitEdits()
    }

    func applicationWillTerminate(_ application: Application) {
        commitEdits()
        _ = context.writer.flushBeforeExit(waitingUpTo: 2000)
    }

    /// Commits edits that wait for their debounce, now.
    private func commitEdits() {
        for observer in context.watcher.liveObservers { observer.commitPendingEdits() }
    }

    // MARK: Restoration

    func shouldSaveApplicationState(_ coder: StateEncoder) -> Bool { true }

    func shouldRestoreApplicationState(_ coder: StateDecoder) -> Bool {
        coder.metadata.appName == HomepwnerApplication.name
    }

    /// Creates the navigation controllers, which have no restoration class; returns nil for
    /// everything else (views are found where their controllers put them).
    func restorableObject(withRestorationPath path: RestorationPath, coder: StateDecoder)
        -> (any RestorableObject)?
    {
        guard let identifier = path.last?.identifier, identifier == Self.navigationIdentifier else {
            return nil
        }
        let navigation = NavigationController()
        navigation.restorationIdentifier = identifier
        // A path of one component is the root.
        if path.count == 1 { application?.window.rootViewController = navigation }
        return navigation
    }

    /// Runs last in a restore, and keeps only what Homepwner itself saves: the list and
    /// detail screens in the root's stack, and a New Item screen or a delete confirmation
    /// presented over them.
    ///
    /// - A modal navigation controller whose detail screen was not restored (its item is
    ///   gone, rule H9) would be an empty screen; it is dismissed, as is one whose top is
    ///   anything but a detail screen. What the New Item screen presents is dismissed.
    /// - The root's stack is cut before anything but the list and detail screens.
    /// - A delete confirmation presented over the list stays: it is restorable too.
    /// - If what shows is still not one of these screens where Homepwner puts it (an
    ///   archive can nest controllers in many ways: a list presented without its navigation
    ///   bar, a screen presented from inside a stack), the restored root is replaced by a
    ///   new list, as when nothing was restored.
    ///
    /// Each of these came from `homepwner-fuzz`: an archive nesting an empty navigation
    /// controller showed a blank screen.
    func didDecodeRestorableState(_ coder: StateDecoder) throws {
        guard let window = application?.window,
            let navigation = window.rootViewController as? NavigationController
        else { return }
        let screens = navigation.viewControllers.prefix {
            $0 is ItemsViewController || $0 is DetailViewController
        }
        if screens.count < navigation.viewControllers.count { navigation.setViewControllers(Array(screens)) }
        if let modal = navigation.presentedViewController as? NavigationController {
            if !(modal.topViewController is DetailViewController) {
                navigation.dismiss()
            } else if modal.presentedViewController != nil,
                !(modal.presentedViewController is RemovePhotoAlert)
            {
                modal.dismiss()
            }
        }
        // What shows must be where Homepwner puts its screens: the top of the New Item
        // screen's navigation controller, or else (nothing presented) the top of the root's
        // stack.
        let shown: ViewController?
        let expected: ViewController?
        if let alert = navigation.presentedViewController as? DeleteItemAlert {
            // The delete confirmation, restored over the list (issue 13 item 21).
            shown = alert
            expected = alert
        } else if let alert = navigation.presentedViewController as? RemovePhotoAlert,
            navigation.topViewController is DetailViewController
        {
            // "Remove the photo?", restored over the item it asks about.
            shown = alert
            expected = alert.detail == nil ? nil : alert
        } else if let presented = navigation.presentedViewController {
            let modal = presented as? NavigationController
            shown = modal?.visibleViewController ?? presented
            // Over the New Item screen, its "Remove the photo?" shows above it.
            expected = (modal?.presentedViewController as? RemovePhotoAlert) ?? modal?.topViewController
        } else {
            shown = navigation.visibleViewController
            expected = navigation.topViewController
        }
        if expected == nil || shown !== expected { window.rootViewController = listRoot() }
    }

    /// The root navigation controller around a new items list: what a restore that kept
    /// nothing usable shows.
    private func listRoot() -> NavigationController {
        let navigation = NavigationController(rootViewController: ItemsViewController(context: context))
        navigation.restorationIdentifier = Self.navigationIdentifier
        return navigation
    }

    func didFailToPreserveState(_ error: RestorationError) {
        context.post("The screen state could not be saved: \(error)")
    }
}

/// A scheduled action that never runs (the application is gone).
private final class CancelledAction: ScheduledAction {
    func cancel() {}
}
