import StateRestoration

/// A `RestorationScheduler` whose clock moves only when a test says so: no sleeps.
@MainActor
public final class ManualScheduler: RestorationScheduler {
    /// The time since the scheduler was created.
    public private(set) var now: Duration = .zero
    private let timers = TimerQueue()

    /// Actions posted from any thread (``mainActorPost``), run by ``runPosted()`` and at
    /// the start of every ``advance(by:)``.
    private let posted = PostedActions()

    /// Creates a scheduler at time zero.
    public init() {}

    public var mainActorPost: MainActorPost {
        { [posted] action in posted.post(action) }
    }

    /// Runs the actions posted so far, in the order posted.
    public func runPosted() {
        posted.run()
    }

    public func schedule(after delay: Duration, _ action: @escaping @MainActor () -> Void)
        -> any ScheduledAction
    {
        timers.schedule(at: now + delay, action)
    }

    /// How many actions wait to run.
    public var pendingCount: Int { timers.pendingCount }

    /// Moves the clock forward, running every action that falls due, in time order.
    public func advance(by duration: Duration) {
        runPosted()
        let target = now + duration
        timers.fireDue(now: target) { now = $0 }
        now = target
    }

    /// Forgets every pending action, as a killed process does.
    public func dropAll() {
        timers.cancelAll()
    }
}
