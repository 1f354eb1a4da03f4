import StateRestoration

/// The engine's scheduler on the run loop's timers (debounce, crash-loop window): the
/// run loop wakes for them even while no key comes, and for what other threads post
/// (the engine's `TimerQueue` and `PostedActions`, on the driver's clock and self-pipe).
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
