import Synchronization

/// Actions that other threads hand to the run loop (the engine's background writes report
/// their outcome so, ``RestorationScheduler/mainActorPost``): kept under a lock, each post
/// wakes the loop through the driver, and the loop runs them on the main actor.
final class PostedActions: Sendable {
    private let actions = Mutex<[@Sendable @MainActor () -> Void]>([])
    private let wake: @Sendable () -> Void

    init(wake: @escaping @Sendable () -> Void) {
        self.wake = wake
    }

    /// Keeps `action` for the run loop and wakes it. Any thread may call it.
    func post(_ action: @escaping @Sendable @MainActor () -> Void) {
        actions.withLock { $0.append(action) }
        wake()
    }

    /// Runs the actions posted so far, in the order posted.
    /// - Returns: How many ran.
    @MainActor
    @discardableResult
    func run() -> Int {
        let taken = actions.withLock { actions in
            defer { actions.removeAll() }
            return actions
        }
        for action in taken { action() }
        return taken.count
    }
}
