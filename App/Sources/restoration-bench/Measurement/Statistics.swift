/// The median and the range of a set of timings, in milliseconds.
struct Statistics: Sendable {
    let median: Double
    let minimum: Double
    let maximum: Double
    let count: Int
    /// Every timing, in the order taken.
    let samples: [Double]

    /// Summarizes `samples`; empty samples give zeros.
    init(_ samples: [Double]) {
        self.samples = samples
        let sorted = samples.sorted()
        count = sorted.count
        minimum = sorted.first ?? 0
        maximum = sorted.last ?? 0
        if sorted.isEmpty {
            median = 0
        } else if sorted.count % 2 == 1 {
            median = sorted[sorted.count / 2]
        } else {
            median = (sorted[sorted.count / 2 - 1] + sorted[sorted.count / 2]) / 2
        }
    }
}
