extension TmuxSession {
    /// Waits until the screen contains `text`, and returns that screen.
    /// - Throws: ``TmuxError/timedOut(waitingFor:after:screen:)`` with the last screen.
    @discardableResult
    public func waitFor(text: String, timeout: Duration = .seconds(10)) async throws -> String {
        try await waitFor("\"\(text)\" on the screen", timeout: timeout) { $0.contains(text) }
    }

    /// Polls the screen until `condition` holds for it, and returns that screen.
    ///
    /// The first look is at once; then one every 20 ms.
    /// - Parameters:
    ///   - what: What is awaited, for the error (`the detail of Rusty Bear`).
    ///   - timeout: How long to keep looking.
    ///   - condition: Whether a screen (as ``screen(styled:)`` returns it) is the one.
    /// - Throws: ``TmuxError/timedOut(waitingFor:after:screen:)`` with the last screen
    ///   when `timeout` passes first; what `condition` or tmux throws.
    @discardableResult
    public func waitFor(
        _ what: String, timeout: Duration = .seconds(10), _ condition: (String) throws -> Bool
    ) async throws -> String {
        var last = ""
        try await poll(
            what, timeout: timeout, lastScreen: { last },
            until: {
                last = try screen()
                return try condition(last)
            })
        return last
    }

    /// Asks the shell for the exit status of the program that just ended (`echo status-N=$?`,
    /// N new each time, so that no status printed before is taken for it), and waits for it.
    /// - Returns: The status, as the shell prints it (`0`, `143`).
    /// - Throws: ``TmuxError/timedOut(waitingFor:after:screen:)`` if the status never shows.
    public func exitStatus() async throws -> String {
        let label = "status-\(UInt32.random(in: 0...UInt32.max))="
        try shell("echo \(label)$?")
        // The typed command shows the label after the prompt; the status is a line of its own.
        let isStatus: (Substring) -> Bool = { $0.hasPrefix(label) }
        let screen = try await waitFor("the exit status") {
            $0.split(separator: "\n").contains(where: isStatus)
        }
        let line = screen.split(separator: "\n").last(where: isStatus) ?? ""
        return String(line.dropFirst(label.count))
    }

    /// Polls until `condition` holds: the first look is at once, then one every 20 ms.
    /// - Parameters:
    ///   - what: What is awaited, for the error (`the app to die`).
    ///   - timeout: How long to keep looking.
    ///   - condition: Whether the wait is over.
    /// - Throws: ``TmuxError/timedOut(waitingFor:after:screen:)`` with the screen at that
    ///   time when `timeout` passes first; what `condition` throws.
    public func waitUntil(
        _ what: String, timeout: Duration = .seconds(10), _ condition: () throws -> Bool
    ) async throws {
        let lastScreen = {
            do { return try self.screen() } catch { return "(unreadable: \(error))" }
        }
        try await poll(what, timeout: timeout, lastScreen: lastScreen, until: condition)
    }

    private func poll(
        _ what: String, timeout: Duration, lastScreen: () -> String, until condition: () throws -> Bool
    ) async throws {
        let clock = ContinuousClock()
        let deadline = clock.now + timeout
        while true {
            if try condition() { return }
            guard clock.now < deadline else { break }
            try await Task.sleep(for: Self.pollInterval)
        }
        throw TmuxError.timedOut(waitingFor: what, after: timeout, screen: lastScreen())
    }
}
