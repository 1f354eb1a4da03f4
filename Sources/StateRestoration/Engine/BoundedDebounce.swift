/// Runs an action once changes pause, but never later than a maximum delay after the first
/// change it has not yet run for (rule H15: bounded loss at any typing pace).
///
/// A plain debounce restarts its timer at every change, so a steady stream of changes, a
/// person typing five keys a second, postpones the action for as long as the stream lasts.
/// This one keeps two timers: the debounce, restarted by each ``signal()``, and a deadline,
/// started by the first signal after the action last ran. Whichever fires first runs the
/// action and cancels the other.
///
/// The engine's continuous preservation uses one (``RestorationConfiguration/continuousPreservationDelay``
/// and ``RestorationConfiguration/maximumPreservationDelay``); an app can use another for its
/// own commits, on the same scheduler.
@MainActor
public final class BoundedDebounce {
    /// The pause after the last signal.
    public let delay: Duration
    /// The longest a signal waits for the action; nil for a plain debounce.
    public let maximumDelay: Duration?

    private let scheduler: any RestorationScheduler
    private let action: @MainActor () -> Void
    private var debounce: (any ScheduledAction)?
    private var deadline: (any ScheduledAction)?

    /// Creates a debounce that runs `action` on `scheduler`.
    /// - Parameters:
    ///   - delay: How long after the last ``signal()`` the action runs.
    ///   - maximumDelay: How long after the first signal it runs at the latest, however
    ///     many signals follow; nil for no bound. A bound shorter than `delay` is `delay`.
    ///   - scheduler: Runs the timers.
    ///   - action: What to run.
    public init(
        delay: Duration, maximumDelay: Duration?, scheduler: any RestorationScheduler,
        action: @escaping @MainActor () -> Void
    ) {
        self.delay = delay
        self.maximumDelay = maximumDelay.map { max($0, delay) }
        self.scheduler = scheduler
        self.action = action
    }

    /// True while a signal waits for the action.
    public var isPending: Bool { debounce != nil || deadline != nil }

    /// Notes a change: the action runs after ``delay`` without another signal, or at the
    /// deadline, whichever comes first.
    public func signal() {
        debounce?.cancel()
        debounce = scheduler.schedule(after: delay) { [weak self] in self?.fire() }
        if deadline == nil, let maximumDelay {
            deadline = scheduler.schedule(after: maximumDelay) { [weak self] in self?.fire() }
        }
    }

    /// Forgets the waiting signal without running the action (the caller ran it itself).
    public func cancel() {
        debounce?.cancel()
        deadline?.cancel()
        debounce = nil
        deadline = nil
    }

    /// Runs the action now if a signal waits for it.
    public func flush() {
        guard isPending else { return }
        fire()
    }

    private func fire() {
        cancel()
        action()
    }
}
