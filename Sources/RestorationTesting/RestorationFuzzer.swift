internal import TestSupport

/// Checks restoration after every step (rule X1): plays a seeded random sequence of events
/// into a headless app, and after each one saves, tears the app down, relaunches it from
/// that archive and compares the relaunch with the live app.
///
/// The first difference stops the run; the fuzzer then shrinks the events to a shortest
/// sequence that still shows a difference, replaying from ``RestorationFuzzTarget/reset()``
/// each time, and reports it with both screens:
///
/// ```swift
/// let fuzzer = RestorationFuzzer(target: MyAppFuzzTarget())
/// let report = try fuzzer.run(steps: 200, seed: 42)
/// #expect(report.difference == nil, "\(report.difference!)")
/// print(report.summary)  // restoration-fuzz: 200 steps, 200 relaunches, 0 differences
/// ```
///
/// A run is as deterministic as the target: the same seed plays the same events. Nothing
/// sleeps; the target moves its app's clock itself.
@MainActor
public struct RestorationFuzzer<Target: RestorationFuzzTarget> {
    /// The app.
    public let target: Target
    /// The most replays the shrinker makes; each replays up to the whole failing sequence.
    public var shrinkBudget: Int

    /// Creates a fuzzer.
    /// - Parameters:
    ///   - target: The app.
    ///   - shrinkBudget: The most replays spent shrinking a difference.
    public init(target: Target, shrinkBudget: Int = 200) {
        self.target = target
        self.shrinkBudget = shrinkBudget
    }

    /// Plays `steps` events chosen from `seed`, checking after each.
    /// - Returns: The counts, and the first difference, shrunk.
    /// - Throws: What the target throws when it cannot reset or launch.
    public func run(steps: Int, seed: UInt64) throws -> RestorationFuzzReport {
        try target.reset()
        var generator = SplitMix64(seed: seed)
        var launch = try target.launch()
        var events: [Target.Event] = []
        var report = RestorationFuzzReport(seed: seed, steps: 0, relaunches: 0, difference: nil)
        for step in 1...max(steps, 1) where steps > 0 {
            let event = target.randomEvent(for: launch, using: &generator)
            events.append(event)
            let outcome = try check(event, on: launch)
            report.steps = step
            report.relaunches += 1
            launch = outcome.relaunched
            guard outcome.aspects.isEmpty else {
                target.tearDown(launch)
                report.difference = try shrunk(events, step: step, seed: seed, found: outcome)
                return report
            }
        }
        target.tearDown(launch)
        return report
    }

    /// Plays `events` from the start, checking after each as a run does, without shrinking:
    /// how a sequence that a run found is kept as a regression test.
    ///
    /// ```swift
    /// let report = try fuzzer.play([.key(.delete), .outsideChange(601_802)])
    /// #expect(report.difference == nil)
    /// ```
    /// - Returns: The counts (seed 0), and the first difference with the events up to it.
    /// - Throws: What the target throws when it cannot reset or launch.
    public func play(_ events: [Target.Event]) throws -> RestorationFuzzReport {
        guard let (count, outcome) = try replay(events) else {
            return RestorationFuzzReport(
                seed: 0, steps: events.count, relaunches: events.count, difference: nil)
        }
        let difference = RestorationFuzzReport.Difference(
            seed: 0, step: count, events: events.prefix(count).map(\.description), aspects: outcome.aspects,
            live: outcome.live, relaunched: outcome.restored)
        return RestorationFuzzReport(seed: 0, steps: count, relaunches: count, difference: difference)
    }

    /// What one step found: the relaunch, and how it differs from the live app.
    private struct Outcome {
        var relaunched: Target.Launch
        var aspects: [String]
        var live: RestorationSnapshot
        var restored: RestorationSnapshot
    }

    /// Plays `event` into `live`, saves, tears it down, relaunches and compares.
    private func check(_ event: Target.Event, on live: Target.Launch) throws -> Outcome {
        try target.apply(event, to: live)
        try target.save(live)
        let before = target.snapshot(of: live)
        target.tearDown(live)
        let relaunched = try target.launch()
        let after = target.snapshot(of: relaunched)
        return Outcome(
            relaunched: relaunched, aspects: before.differences(from: after), live: before, restored: after)
    }

    /// Replays `events` from the start; the number of events up to the first difference,
    /// and what it was, or nil if none shows.
    private func replay(_ events: [Target.Event]) throws -> (count: Int, outcome: Outcome)? {
        try target.reset()
        var launch = try target.launch()
        for (index, event) in events.enumerated() {
            let outcome = try check(event, on: launch)
            launch = outcome.relaunched
            if !outcome.aspects.isEmpty {
                target.tearDown(launch)
                return (index + 1, outcome)
            }
        }
        target.tearDown(launch)
        return nil
    }

    /// Removes chunks of events, halving their size, as long as a difference still shows.
    private func shrunk(
        _ events: [Target.Event], step: Int, seed: UInt64, found: Outcome
    ) throws -> RestorationFuzzReport.Difference {
        var current = events
        var outcome = found
        var budget = shrinkBudget
        var chunk = max(current.count / 2, 1)
        while budget > 0 && current.count > 1 {
            var index = 0
            var removedAny = false
            while index < current.count && budget > 0 && current.count > 1 {
                var candidate = current
                candidate.removeSubrange(index..<min(index + chunk, current.count))
                budget -= 1
                if let reproduced = try replay(candidate) {
                    current = Array(candidate.prefix(reproduced.count))
                    outcome = reproduced.outcome
                    removedAny = true
                } else {
                    index += chunk
                }
            }
            if chunk == 1 && !removedAny { break }
            chunk = max(removedAny ? min(chunk, current.count / 2) : chunk / 2, 1)
        }
        try target.reset()
        return RestorationFuzzReport.Difference(
            seed: seed, step: step, events: current.map(\.description), aspects: outcome.aspects,
            live: outcome.live, relaunched: outcome.restored)
    }
}
