import StateRestoration

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

    /// Creates a scheduler at time zero.
    public init() {}

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
