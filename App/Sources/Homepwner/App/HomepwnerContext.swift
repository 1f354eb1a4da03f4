import HomepwnerCore
import StateRestoration
import TerminalKit

/// What Homepwner's screens share during one launch: the item store, whether colour is
/// on, and the notices waiting for the list's status line.
///
/// One context per launch, passed to every controller, so that tests can run many apps
/// in one process; restoration classes receive it from the engine (rule R30).
@MainActor
public final class HomepwnerContext {
    /// The items and their photos.
    public let store: ItemStore
    /// False under `NO_COLOR`: photos are drawn in characters instead of coloured blocks.
    public let colorEnabled: Bool
    /// One-line messages for the list's status line, oldest first (an archive that was
    /// thrown away, an item that no longer exists, a save that failed).
    private(set) var notices: [String] = []
    /// The items as their open screens show them, typed but perhaps not yet stored: the
    /// list draws these rows so, as the user types beside it (rule T5).
    var editedItems: [Item.ID: Item] = [:]
    /// How many times this launch wrote to the store: a screen that shows stored rows reads
    /// them again when it changed.
    var writesMade = 0
    /// The item that "Done" on the new-item screen just kept: the list selects it when it
    /// shows again.
    var itemToSelect: Item.ID?
    /// The screens' writes, retried while the database is busy.
    private(set) lazy var writer = StoreWriter(context: self)
    /// Where writes that wait are kept on the store's side (rule H17).
    let journal: PendingEditJournal?
    /// Tells the screens about changes made outside the app.
    private(set) lazy var watcher = StoreWatcher(context: self)
    /// The run loop's timers, once the app delegate connected them.
    var scheduler: (@MainActor (Duration, @escaping @MainActor () -> Void) -> any ScheduledAction)?
    /// The run loop's timers as the engine's scheduler type (for ``BoundedDebounce``).
    private(set) lazy var timers: any RestorationScheduler = ContextScheduler(context: self)
    /// The run loop's clock.
    var now: @MainActor () -> Duration = { .zero }
    /// Tells the restoration engine that what a screen saves changed without a key
    /// (continuous preservation saves it after its debounce): the object named, and only it,
    /// is encoded again (rule P1).
    var stateDidChange: @MainActor (any RestorableObject) -> Void = { _ in }
    /// Tells the engine to save the screen state now, in the background (after a commit:
    /// the saved drafts' bases must not lag behind the database, rule H16).
    var saveStateNow: @MainActor () -> Void = {}

    /// Creates a context.
    /// - Parameters:
    ///   - store: The open item store.
    ///   - colorEnabled: False under `NO_COLOR`.
    public init(store: ItemStore, colorEnabled: Bool) {
        self.store = store
        self.colorEnabled = colorEnabled
        journal = PendingEditJournal(databasePath: store.databasePath)
    }

    /// The sessions that exist in the state directory (nil outside sessions: not known),
    /// and those of them a running instance holds (empty outside sessions).
    var existingSessions: () -> Set<String>? = { nil }
    var heldSessions: () -> Set<String> = { [] }

    /// Makes the writes the journal keeps for instances that are not running (rule H17).
    func replayJournal() {
        var held = heldSessions()
        held.remove(store.session)
        writer.replayJournal(heldSessions: held)
    }

    /// Hands work done on another thread (a photo's decode) back to the run loop: the
    /// application's ``Application/mainActorPost``, set when it is made; nil before, when
    /// such work is done at once.
    var runLoopPost: MainActorPost?

    /// Runs work right after the first frame, before any key: the application's
    /// ``Application/afterFirstFrame(_:)``, set when it is made; nil before, when such work
    /// is done at once.
    var afterFirstFrame: ((@escaping @MainActor () -> Bool) -> Void)?

    /// Queues a notice for the list's status line.
    func post(_ notice: String) {
        notices.append(notice)
    }

    /// What the store holds now of the item a screen shows, when it hears of a change
    /// made outside: the item, or that it was deleted, or nil when the store is busy or
    /// unreadable for now (the next change or poll asks again).
    func itemAfterOutsideChange(_ key: Item.ID) -> OutsideChange? {
        do {
            return try store.item(forKey: key).map(OutsideChange.current) ?? .deleted
        } catch {
            return nil
        }
    }

    /// Takes the queued notices.
    func takeNotices() -> [String] {
        defer { notices.removeAll() }
        return notices
    }

    /// Runs `action` after `delay` on the run loop, or returns nil (and never runs it) when
    /// no application connected its timers.
    func schedule(after delay: Duration, _ action: @escaping @MainActor () -> Void) -> (any ScheduledAction)?
    {
        scheduler?(delay, action)
    }

    /// Why the screen state could not be saved, from the last failed save until one works
    /// again (``AppDelegate``): a status, not a notice, so it goes once saving works and is
    /// never itself saved in the screen state.
    var stateSaveProblem: String?

    /// What the status lines of the list and the item say while something waits: the
    /// store's writes first, then the screen state's saving.
    var status: String? {
        writer.status
            ?? (addIsWaiting
                ? "Adding… waiting for another program to release the database (Esc: stop)" : nil)
            ?? stateSaveProblem
    }

    /// True while the list's Add waits for another program's lock.
    var addIsWaiting = false

    /// How many writes still wait for the database (they could not be made before the app
    /// stopped when this is not 0 after a quit).
    public var unsavedWrites: Int { writer.pending.count }

    /// Why the writes that wait could not be kept in the journal either (they are lost
    /// when the app stops), or nil when they are kept.
    public var unkeptWritesProblem: JournalError? { writer.journalProblem }

    /// The journal's file, for messages.
    public var journalPath: String? { journal?.path }

    /// The context of the restore under way, for restoration classes, or nil, having told
    /// `coder` why. UIKit's restoration classes reach the store through a singleton;
    /// Homepwner's receive the context the engine was given (its `restorationContext`,
    /// rule R30): no global, no task-local.
    static func restoring(from coder: StateDecoder) -> HomepwnerContext? {
        guard let context = coder.restorationContext(as: HomepwnerContext.self) else {
            coder.explainNotRestored("no item store is open (the engine was given no Homepwner context)")
            return nil
        }
        return context
    }
}

/// The context's run-loop timers as a ``RestorationScheduler``; an action scheduled before
/// any application connected its timers never runs.
@MainActor
private final class ContextScheduler: RestorationScheduler {
    weak var context: HomepwnerContext?

    init(context: HomepwnerContext) {
        self.context = context
    }

    func schedule(after delay: Duration, _ action: @escaping @MainActor () -> Void) -> any ScheduledAction {
        context?.schedule(after: delay, action) ?? NeverRunAction()
    }
}

/// A scheduled action that never runs.
@MainActor
final class NeverRunAction: ScheduledAction {
    func cancel() {}
}

/// What an outside change left of an item a screen shows (``HomepwnerContext/itemAfterOutsideChange(_:)``).
enum OutsideChange {
    /// The item as the store holds it now.
    case current(Item)
    /// Deleted by another instance or program.
    case deleted
}
