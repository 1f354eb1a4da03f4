import CGtk

/// GLib's main loop, which GTK runs: timers, posted actions, and stepping it in tests.
public enum MainLoop {
    /// Runs `action` once, `delay` from now (rounded to milliseconds), unless the returned
    /// timer is cancelled first.
    @MainActor
    @discardableResult
    public static func schedule(after delay: Duration, _ action: @escaping @MainActor () -> Void) -> Timer {
        let timer = Timer()
        let milliseconds = max(
            0, delay.components.seconds * 1000 + delay.components.attoseconds / 1_000_000_000_000_000)
        timer.source = addTimeout(milliseconds: UInt32(clamping: milliseconds)) { [weak timer] in
            timer?.source = nil
            action()
        }
        return timer
    }

    /// Runs `action` on the main loop soon, after what was posted before it. Any thread may
    /// call it: the engine's background writes report their outcome so.
    public static func post(_ action: @escaping @Sendable @MainActor () -> Void) {
        addIdle(action)
    }

    /// Runs `action` on the main loop each time the process receives `signal` (`SIGTERM`,
    /// `SIGINT` or `SIGHUP`), rather than being ended by it.
    @MainActor
    public static func onSignal(_ signal: Int32, _ action: @escaping @MainActor () -> Void) {
        addSignalHandler(signal, action)
    }

    /// Runs the main loop's pending work, then waits for more and runs it, until
    /// `condition` holds or `timeout` has passed. Tests step GTK so, without `run()`.
    /// - Returns: Whether `condition` held.
    @MainActor
    @discardableResult
    public static func iterate(until condition: () -> Bool, timeout: Duration = .seconds(10)) -> Bool {
        let clock = ContinuousClock()
        let deadline = clock.now + timeout
        var timedOut = false
        let timer = schedule(after: timeout) { timedOut = true }
        defer { timer.cancel() }
        while !condition() {
            if timedOut || clock.now >= deadline { return condition() }
            g_main_context_iteration(nil, 1)
        }
        return true
    }

    /// Runs whatever the main loop has ready now, without waiting.
    @MainActor
    public static func drain() {
        while g_main_context_iteration(nil, 0) != 0 {}
    }

    /// A scheduled action that has not run yet.
    @MainActor
    public final class Timer {
        /// The GLib source, until it runs or is cancelled.
        fileprivate var source: UInt32?

        /// Stops the action from running; does nothing if it ran.
        public func cancel() {
            if let source { g_source_remove(source) }
            source = nil
        }

        /// True until the action runs or is cancelled.
        public var isPending: Bool { source != nil }
    }
}
