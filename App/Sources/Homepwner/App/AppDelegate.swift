import HomepwnerCore
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
    static let navigationIdentifier = _typeName(NavigationController.self, qualified: false)

    let context: HomepwnerContext
    /// Throw the saved state away before restoring (`--fresh` without sessions).
    let startsFresh: Bool
    /// The item `--open` asked to show (rule S6).
    let opening: Item.ID?
    weak var application: Application?
    /// The root of an archive saved before the tabs, while a restore is under way.
    private var formerRoot: NavigationController?

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
        context.stateDidChange = { [weak application] object in application?.engine.stateDidChange(of: object)
        }
        context.saveStateNow = { [weak application] in application?.engine.preserveInBackground() }
        if startsFresh { application.engine.discardState(reason: "launched with --fresh") }
        // The tabs and the split exist before the restore, which finds them where they
        // are (rule R13c) and fills their stacks.
        application.window.rootViewController = Screens.makeRoot(context: context, list: nil)
        application.globalKeyCommands = [
            KeyCommand(.character("q")) { [weak application] in application?.quit() },
            KeyCommand(.character("Q")) { [weak application] in application?.quit(forgettingState: true) },
        ]
        application.window.additionalKeyHints = [
            // How to quit stays in a narrow list's footer. (An item's footer keeps Esc, and
            // Enter's Done or Attach, before Ctrl-C.)
            KeyHint(key: .character("q"), title: "Quit", isEssential: true),
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
        if Screens(window: window)?.list == nil { window.rootViewController = listRoot() }
        let report = application.restorationReport
        for note in report?.diagnostics ?? [] where note.kind == .archiveDiscarded {
            context.post(Self.discardedStateNotice(reason: note.reason, activity: report?.restoredActivity))
        }
        // A disk that refused the launch markers (full): nothing was restored (R35), and the
        // user hears where the screen state went (H19).
        if let note = report?.diagnostics.first(where: {
            $0.kind == .notRestored && $0.path == nil
                && $0.reason.contains("launch markers cannot be written")
        }) {
            let aside =
                note.reason.contains("set aside") ? " It was set aside as restoration.archive.discarded." : ""
            context.post(
                "The saved screen state was not restored: the disk refused to write (is it full?).\(aside)")
        }
        cleanStore(window: window)
        context.watcher.start()
        // Writes an earlier launch could not make: after the first frame (rule H17).
        try? context.journal?.reserve()
        if context.schedule(after: .zero, { [context] in context.replayJournal() }) == nil {
            context.replayJournal()
        }
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

    /// Deletes new items no screen can come back to (rule H18: this session's others, and
    /// those of sessions that are gone, which a notice names), photo files without an
    /// item, and temporary files of imports that died midway. A restored New Item screen
    /// keeps (claims) its item; other sessions' are left alone. A busy database is left
    /// for next time.
    private func cleanStore(window: Window) {
        var keeping = Set<Item.ID>()
        if let detail = Screens(window: window)?.newItem {
            keeping.insert(detail.item.key)
            _ = try? context.store.claimProvisionalItem(withKey: detail.item.key)
        }
        let gone =
            (try? context.store.removeAbandonedProvisionalItems(
                keeping: keeping, liveSessions: context.existingSessions())) ?? []
        for item in gone {
            let name = item.name.isEmpty ? "" : " \(StoreWriter.quoted(item.name))"
            context.post(
                "The unfinished new item\(name) of a session unused for too long was discarded with it.")
        }
        _ = try? context.store.removeOrphanedFiles()
    }

    func applicationDidEnterBackground(_ application: Application) {
        commitEdits()
    }

    func applicationWillTerminate(_ application: Application) {
        commitEdits()
        _ = context.writer.flushBeforeExit(waitingUpTo: 2000)
        // Quit and forget ends the session, and its unfinished new item with it (H18).
        if application.isForgettingState { _ = try? context.store.removeProvisionalItemsOfThisSession() }
    }

    /// Commits edits that wait for their debounce, now.
    private func commitEdits() {
        for observer in context.watcher.liveObservers { observer.commitPendingEdits() }
    }

    // MARK: Restoration

    func shouldSaveApplicationState(_ coder: StateEncoder) -> Bool { true }

    /// The key under which an earlier version kept the store's refused edits in the screen
    /// state. The screen state is not a source of data (rule H17): they are not applied.
    static let formerKeptWritesKey = "keptFieldWrites"

    func shouldRestoreApplicationState(_ coder: StateDecoder) -> Bool {
        coder.metadata.appName == HomepwnerApplication.name
    }

    /// Creates the New Item screen's navigation controller, which has no restoration class;
    /// returns nil for everything else (the tabs, the split and the Summary tab exist
    /// before the restore, and views are found where their controllers put them).
    ///
    /// An archive saved before the tabs (rule X3) has a navigation controller as its
    /// root: it is created here and kept aside, and ``didDecodeRestorableState(_:)`` moves
    /// its screens into the tabs.
    func restorableObject(withRestorationPath path: RestorationPath, coder: StateDecoder)
        -> (any RestorableObject)?
    {
        guard let identifier = path.last?.identifier, identifier == Self.navigationIdentifier else {
            return nil
        }
        let navigation = NavigationController()
        navigation.restorationIdentifier = identifier
        // The New Item screen's, presented as the list presents it: a form sheet.
        if path.count == 1 { formerRoot = navigation } else { navigation.modalPresentationStyle = .formSheet }
        return navigation
    }

    /// Runs last in a restore, and keeps only what Homepwner itself saves: the list with
    /// an item's screen beside it or over it in the Items tab, the Summary alone in its
    /// tab, and a New Item screen or one of the two alerts presented over the tabs.
    ///
    /// - The screens of an archive saved before the tabs move into them first.
    /// - A stack is cut before anything but the screens Homepwner puts there.
    /// - A modal navigation controller whose detail screen was not restored (its item is
    ///   gone, rule H9) would be an empty screen; it is dismissed, as is one whose top is
    ///   anything but a New Item screen. What the New Item screen presents is dismissed
    ///   unless it is "Remove the photo?".
    /// - If something else still presents, or an alert has lost what it asks about (an
    ///   archive can nest controllers in many ways), the restored root is replaced by a new
    ///   list, as when nothing was restored.
    ///
    /// Each of these came from `homepwner-fuzz`: an archive nesting an empty navigation
    /// controller showed a blank screen.
    func didDecodeRestorableState(_ coder: StateDecoder) throws {
        // Edits an earlier version kept here are not applied (H17): the store keeps its own.
        if coder.contains(Self.formerKeptWritesKey) {
            context.post(
                "The saved screen state held edits from an earlier Homepwner; they were not applied.")
        }
        guard let window = application?.window else { return }
        guard let screens = Screens(window: window), let split = screens.split else {
            window.rootViewController = listRoot()
            return
        }
        // An archive saved before the tabs: a navigation controller holding the list and
        // perhaps an item's screen, presenting the New Item screen or an alert. The list goes
        // into the Items tab, the item beside it, and what it presented over the tabs.
        if let former = formerRoot {
            formerRoot = nil
            split.adoptScreens(
                of: former, presentingOver: screens.tabs, primary: { $0 is ItemsViewController },
                secondary: { $0 is DetailViewController })
        }
        let primary = split.primaryNavigationController
        guard primary.viewControllers.first is ItemsViewController else {
            window.rootViewController = listRoot()
            return
        }
        // The list, then (collapsed) item screens; the secondary column holds item screens.
        Self.cut(primary, after: 1) { $0 is DetailViewController }
        Self.cut(split.secondaryNavigationController, after: 0) { $0 is DetailViewController }
        if let summaryNavigation = screens.tabs.viewControllers.dropFirst().first as? NavigationController {
            Self.cut(summaryNavigation, after: 1) { _ in false }
        }
        let tabs = screens.tabs
        if let modal = tabs.presentedViewController as? NavigationController {
            if screens.newItem == nil {
                tabs.dismiss()
            } else if modal.presentedViewController != nil,
                !(modal.presentedViewController is RemovePhotoAlert),
                !(modal.presentedViewController is DiscardNewItemAlert)
            {
                modal.dismiss()
            }
        }
        let expected: Bool
        switch tabs.presentedViewController {
        case nil, is NavigationController: expected = true
        case let alert as DeleteItemAlert: expected = alert.list != nil
        case let alert as RemovePhotoAlert:
            expected = alert.detail != nil && alert.detail === screens.openDetail
        default: expected = false
        }
        // Only the tabs and the New Item screen's navigation controller present.
        let nested: [ViewController] =
            tabs.viewControllers + tabs.viewControllers.flatMap(\.children)
            + tabs.viewControllers.flatMap { $0.children.flatMap(\.children) }
            + (screens.modal?.viewControllers ?? [])
        if !expected || nested.contains(where: { $0.presentedViewController != nil }) {
            window.rootViewController = listRoot()
        }
    }

    /// Cuts a stack before its first controller past the first `kept` that `belongs`
    /// refuses.
    private static func cut(
        _ navigation: NavigationController, after kept: Int, belongs: (ViewController) -> Bool
    ) {
        let stack = navigation.viewControllers
        let keeping = stack.prefix(kept) + stack.dropFirst(kept).prefix(while: belongs)
        if keeping.count < stack.count { navigation.setViewControllers(Array(keeping)) }
    }

    /// A new root around a new items list: what a restore that kept nothing usable shows.
    private func listRoot() -> TabBarController {
        Screens.makeRoot(context: context, list: ItemsViewController(context: context))
    }

    func didFailToPreserveState(_ error: RestorationError) {
        context.stateSaveProblem = "The screen state could not be saved: \(error)"
    }

    func didPreserveState() {
        context.stateSaveProblem = nil
    }
}

/// A scheduled action that never runs (the application is gone).
private final class CancelledAction: ScheduledAction {
    func cancel() {}
}
