import Synchronization

/// Actions posted from any thread, run later on the main actor in the order posted: what
/// a run loop needs to give its ``RestorationScheduler`` a ``RestorationScheduler/mainActorPost``
/// that does not depend on the main actor's executor. The loop passes a `wake` that
/// interrupts its wait (a self-pipe, say), and calls ``run()`` when it wakes.
public final class PostedActions: Sendable {
    private let actions = Mutex<[@Sendable @MainActor () -> Void]>([])
    private let wake: @Sendable () -> Void

    /// A queue that calls `wake` after each post; the default does nothing (a test runs
    /// the actions by hand).
    public init(wake: @escaping @Sendable () -> Void = {}) {
        self.wake = wake
    }

    /// Keeps `action` for the main actor and wakes the loop. Any thread may call it.
    public func post(_ action: @escaping @Sendable @MainActor () -> Void) {
        actions.withLock { $0.append(action) }
        wake()
    }

    /// Runs the actions posted so far, in the order posted.
    /// - Returns: How many ran.
    @MainActor
    @discardableResult
    public func run() -> Int {
        let taken = actions.withLock { actions in
            defer { actions.removeAll() }
            return actions
        }
        for action in taken { action() }
        return taken.count
    }
}
