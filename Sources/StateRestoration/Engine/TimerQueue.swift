/// Timers on a clock the owner keeps: what a run loop needs to back a
/// ``RestorationScheduler``. The owner asks ``nextDue`` how long it may wait, and calls
/// ``fireDue(now:willFire:)`` when it wakes. Tests use one through `RestorationTesting.ManualScheduler`;
/// TerminalKit's run loop uses one on its driver's clock.
@MainActor
public final class TimerQueue {
    private final class Entry: ScheduledAction {
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

    /// An empty queue.
    public init() {}

    /// Keeps `action` to run when the clock reaches `due`.
    /// - Returns: A token that cancels it.
    public func schedule(at due: Duration, _ action: @escaping @MainActor () -> Void) -> any ScheduledAction {
        counter += 1
        let entry = Entry(due: due, order: counter, action: action)
        entries.append(entry)
        return entry
    }

    /// When the next timer not cancelled is due, or nil when none waits.
    public var nextDue: Duration? {
        entries.lazy.filter { $0.action != nil }.map(\.due).min()
    }

    /// How many timers wait to run.
    public var pendingCount: Int { entries.count { $0.action != nil } }

    /// Runs every timer due by `now`, in time order, and the timers they add if those are
    /// due too. Before each action runs, `willFire` is told its due time (a manual clock
    /// moves there).
    /// - Returns: How many ran.
    @discardableResult
    public func fireDue(now: Duration, willFire: (Duration) -> Void = { _ in }) -> Int {
        var fired = 0
        while let next = entries.filter({ $0.action != nil && $0.due <= now }).min(by: {
            ($0.due, $0.order) < ($1.due, $1.order)
        }) {
            let action = next.action
            next.action = nil
            willFire(next.due)
            action?()
            fired += 1
        }
        entries.removeAll { $0.action == nil }
        return fired
    }

    /// Forgets every timer, as a killed process does.
    public func cancelAll() {
        for entry in entries { entry.action = nil }
        entries.removeAll()
    }
}
