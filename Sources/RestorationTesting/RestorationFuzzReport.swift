/// What a run of ``RestorationFuzzer`` did, and the first difference it found (rule X1).
public struct RestorationFuzzReport: Sendable {
    /// The first difference between a live app and its relaunch, shrunk.
    public struct Difference: Sendable, CustomStringConvertible {
        /// The run's seed.
        public var seed: UInt64
        /// The step (1-based) after which the difference showed in the run.
        public var step: Int
        /// The shortest event sequence found that still shows a difference.
        public var events: [String]
        /// What differs, one line per aspect.
        public var aspects: [String]
        /// The live app, after the last of ``events``.
        public var live: RestorationSnapshot
        /// Its relaunch from the archive saved then.
        public var relaunched: RestorationSnapshot

        /// The seed, the shrunk sequence, what differs, and both screens with their cursors.
        public var description: String {
            """
            difference after step \(step) of seed \(seed)
            shrunk to \(events.count) event(s):
            \(events.enumerated().map { "  \($0.offset + 1). \($0.element)" }.joined(separator: "\n"))
            what differs:
            \(aspects.map { "  - \($0)" }.joined(separator: "\n"))
            live screen (cursor \(live.cursor), focus \(live.focus)):
            \(Self.framed(live.screen))
            relaunched screen (cursor \(relaunched.cursor), focus \(relaunched.focus)):
            \(Self.framed(relaunched.screen))
            """
        }

        private static func framed(_ screen: String) -> String {
            screen.split(separator: "\n", omittingEmptySubsequences: false).map { "  |\($0)|" }.joined(
                separator: "\n")
        }
    }

    /// The seed.
    public var seed: UInt64
    /// Events played.
    public var steps: Int
    /// Relaunches from a saved archive, in the run (replays of the shrinker not counted).
    public var relaunches: Int
    /// The first difference, if any; the run stops there.
    public var difference: Difference?

    /// `restoration-fuzz: N steps, R relaunches, D differences`: the line `make
    /// restoration-fuzz` ends with.
    public var summary: String {
        "restoration-fuzz: \(steps) steps, \(relaunches) relaunches, \(difference == nil ? 0 : 1) differences"
    }
}
