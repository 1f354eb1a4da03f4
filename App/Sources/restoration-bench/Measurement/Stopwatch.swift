/// Times a batch of calls with the monotonic clock.
enum Stopwatch {
    private static let clock = ContinuousClock()

    /// Milliseconds per call of `body`, called `iterations` times with 0, 1, ...
    static func milliseconds(iterations: Int, _ body: (Int) throws -> Void) rethrows -> Double {
        let start = clock.now
        for index in 0..<iterations { try body(index) }
        let elapsed = clock.now - start
        return milliseconds(elapsed) / Double(iterations)
    }

    /// A duration in milliseconds.
    static func milliseconds(_ duration: Duration) -> Double {
        let (seconds, attoseconds) = duration.components
        return Double(seconds) * 1_000 + Double(attoseconds) / 1e15
    }
}
