/// Runs engine work later on the main actor: the debounce of continuous preservation and
/// the crash-loop window (rules R18, R20).
///
/// A UI layer with its own run loop passes a scheduler backed by that loop's timers; tests
/// pass a manual one (`RestorationTesting.ManualScheduler`) and advance time by hand.
@MainActor
public protocol RestorationScheduler: AnyObject {
    /// Runs `action` once, `delay` from now, unless the returned token is cancelled.
    func schedule(after delay: Duration, _ action: @escaping @MainActor () -> Void) -> any ScheduledAction

    /// A function that any thread may call to run an action on the main actor soon, in the
    /// order posted: a background write reports its outcome through it, the moment it
    /// finishes, rather than being polled for. A run loop that blocks the main thread
    /// (waiting in `poll()`, say) returns one that wakes it. The default posts a main-actor
    /// `Task`, which needs the main actor's executor to be running.
    var mainActorPost: MainActorPost { get }
}

/// Runs an action on the main actor soon; callable from any thread
/// (``RestorationScheduler/mainActorPost``).
public typealias MainActorPost = @Sendable (_ action: @escaping @Sendable @MainActor () -> Void) -> Void

extension RestorationScheduler {
    public var mainActorPost: MainActorPost {
        { action in Task { @MainActor in action() } }
    }
}

/// A scheduled action that has not run yet.
@MainActor
public protocol ScheduledAction: AnyObject {
    /// Stops the action from running. Does nothing if it already ran.
    func cancel()
}

/// A scheduler on Swift concurrency: a `Task` that sleeps, then runs on the main actor.
/// It needs the main actor's executor to be running (`dispatchMain`, an async `main`).
@MainActor
public final class TaskScheduler: RestorationScheduler {
    /// Creates a scheduler.
    public init() {}

    public func schedule(after delay: Duration, _ action: @escaping @MainActor () -> Void)
        -> any ScheduledAction
    {
        let task = Task { @MainActor in
            do {
                try await Task.sleep(for: delay)
            } catch {
                return  // Cancelled: the action must not run.
            }
            action()
        }
        return TaskAction(task: task)
    }

    private final class TaskAction: ScheduledAction {
        let task: Task<Void, Never>
        init(task: Task<Void, Never>) { self.task = task }
        func cancel() { task.cancel() }
    }
}
