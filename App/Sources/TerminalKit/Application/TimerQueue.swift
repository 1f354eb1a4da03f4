import StateRestoration

/// The run loop's timers, on the driver's clock. The run loop waits for input no longer
/// than until the next one is due.
@MainActor
final class TimerQueue {
    final class Entry: ScheduledAction {
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

    private var entries: [Entry] = []
    private var counter = 0

    func schedule(at due: Duration, _ action: @escaping @MainActor () -> Void) -> Entry {
        counter += 1
        let entry = Entry(due: due, order: counter, action: action)
        entries.append(entry)
        return entry
    }

    /// When the next live timer is due.
    var nextDue: Duration? {
        entries.lazy.filter { $0.action != nil }.map(\.due).min()
    }

    /// Runs every timer due by `now`, in time order (timers they add run if due too).
    /// - Returns: How many ran.
    @discardableResult
    func fireDue(now: Duration) -> Int {
        var fired = 0
        while let next = entries.filter({ $0.action != nil && $0.due <= now }).min(by: {
            ($0.due, $0.order) < ($1.due, $1.order)
        }) {
            let action = next.action
            next.action = nil
            action?()
            fired += 1
        }
        entries.removeAll { $0.action == nil }
        return fired
    }
}

/// The engine's scheduler on the run loop's timers (debounce, crash-loop window): the
/// run loop wakes for them even while no key comes, and for what other threads post.
@MainActor
final class RunLoopScheduler: RestorationScheduler {
    private let timers: TimerQueue
    private let posted: PostedActions
    private let clock: @MainActor () -> Duration

    init(timers: TimerQueue, posted: PostedActions, clock: @escaping @MainActor () -> Duration) {
        self.timers = timers
        self.posted = posted
        self.clock = clock
    }

    var mainActorPost: MainActorPost {
        { [posted] action in posted.post(action) }
    }

    func schedule(after delay: Duration, _ action: @escaping @MainActor () -> Void) -> any ScheduledAction {
        timers.schedule(at: clock() + delay, action)
    }
}
