import GtkKit
import StateRestoration

/// The engine's clock on GLib's main loop, which GTK runs: the debounce of continuous
/// preservation and the crash-loop window are GLib timeouts, and a background write reports
/// its outcome through an idle source (rules R18, R20).
///
/// The engine's default scheduler posts main-actor tasks, which need the main dispatch
/// queue to be drained; a GTK app's main thread runs GLib's loop instead, so it needs this.
@MainActor
public final class GLibScheduler: RestorationScheduler {
    /// Creates a scheduler.
    public init() {}

    // snippet: gtk-scheduler
    public func schedule(after delay: Duration, _ action: @escaping @MainActor () -> Void)
        -> any ScheduledAction
    {
        Scheduled(timer: MainLoop.schedule(after: delay, action))
    }

    public nonisolated var mainActorPost: MainActorPost {
        { action in MainLoop.post(action) }
    }
    // end-snippet

    private final class Scheduled: ScheduledAction {
        let timer: MainLoop.Timer
        init(timer: MainLoop.Timer) { self.timer = timer }
        func cancel() { timer.cancel() }
    }
}
