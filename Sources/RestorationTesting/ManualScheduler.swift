import StateRestoration
import Synchronization

/// A `RestorationScheduler` whose clock moves only when a test says so: no sleeps.
@MainActor
public final class ManualScheduler: RestorationScheduler {
    private final class Item: ScheduledAction {
        let due: Duration
        let order: Int
        var action: (@MainActor () -> Void)?

        init(due: Duration, order: Int, action: @escaping @MainActor () -> Void) {
            self.due = due
            self.order = order
            self.action = action
        }

        func cancel() { action = nil }
    }

    /// The time since the scheduler was created.
    public private(set) var now: Duration = .zero
    private var items: [Item] = []
    private var counter = 0

    /// Actions posted from any thread (``mainActorPost``), run by ``runPosted()`` and at
    /// the start of every ``advance(by:)``.
    private let posted = PostedActions()

    /// Creates a scheduler at time zero.
    public init() {}

    public var mainActorPost: MainActorPost {
        { [posted] action in posted.append(action) }
    }

    /// Runs the actions posted so far, in the order posted.
    public func runPosted() {
        for action in posted.take() { action() }
    }

    public func schedule(after delay: Duration, _ action: @escaping @MainActor () -> Void)
        -> any ScheduledAction
    {
        counter += 1
        let item = Item(due: now + delay, order: counter, action: action)
        items.append(item)
        return item
    }

    /// How many actions wait to run.
    public var pendingCount: Int { items.filter { $0.action != nil }.count }

    /// Moves the clock forward, running every action that falls due, in time order.
    public func advance(by duration: Duration) {
        runPosted()
        let target = now + duration
        while let next = items.filter({ $0.action != nil && $0.due <= target }).min(by: {
            ($0.due, $0.order) < ($1.due, $1.order)
        }) {
            now = next.due
            let action = next.action
            next.action = nil
            action?()
        }
        now = target
        items.removeAll { $0.action == nil }
    }

    /// Forgets every pending action, as a killed process does.
    public func dropAll() {
        for item in items { item.action = nil }
        items.removeAll()
    }
}

/// Actions handed over from other threads, taken on the main actor.
private final class PostedActions: Sendable {
    private let actions = Mutex<[@Sendable @MainActor () -> Void]>([])

    func append(_ action: @escaping @Sendable @MainActor () -> Void) {
        actions.withLock { $0.append(action) }
    }

    func take() -> [@Sendable @MainActor () -> Void] {
        actions.withLock { actions in
            defer { actions.removeAll() }
            return actions
        }
    }
}
