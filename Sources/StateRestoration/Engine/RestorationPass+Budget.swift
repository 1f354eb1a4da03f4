/// What a restore may spend before the first frame (rule P3): a time budget for the whole
/// pass, and each restoration class's bound on the objects it creates.
///
/// An archive within every reader limit (R23) can still name a hundred thousand objects
/// whose app-side work (a query, a decoded image) is what costs. The engine cannot know that
/// cost, so it bounds two things it can see: how many objects each restoration class says
/// it ever needs (``ObjectRestoration/maximumRestoredObjects``), which cuts a hostile
/// archive the same way on every machine, and the time the pass has run
/// (``RestorationConfiguration/restoreTimeBudget``), which bounds everything else.
///
/// The time budget is cut in thirds, one per phase: objects are created within the first
/// third, decoded by the end of the second, finished by the end. A phase that runs out
/// leaves its later objects as they are, and never eats the next phase's time, so that what
/// was created is decoded and finished: an archive too costly to restore whole still shows
/// its first objects, whole.
struct RestoreBudget {
    /// The longest the pass may run, or nil for no bound.
    let limit: Duration?
    let clock: @Sendable () -> ContinuousClock.Instant
    let start: ContinuousClock.Instant
    /// The thirds of the budget the clock was seen past (0 to 3): they stay passed.
    private var passedThirds = 0

    init(limit: Duration?, clock: @escaping @Sendable () -> ContinuousClock.Instant) {
        self.limit = limit
        self.clock = clock
        self.start = clock()
    }

    /// No bound.
    static let unbounded = RestoreBudget(limit: nil, clock: { ContinuousClock.now })

    /// A phase of the pass, by the third of the budget that ends it.
    enum Phase: Int {
        case create = 1
        case decode = 2
        case finish = 3

        /// The phase's name, as the diagnostics and the launch marker say it.
        var name: String {
            switch self {
            case .create: "create"
            case .decode: "decode"
            case .finish: "finish"
            }
        }
    }

    /// True if the time for `phase` is spent: the clock is read at each call until it is.
    ///
    /// Called per record: the pass calls it on a local copy, not on its stored property,
    /// whose every mutation was a dynamic exclusivity check (a tenth of a restore of 1,000
    /// objects without a budget; docs/PERFORMANCE.md).
    @inline(__always)
    mutating func spent(_ phase: Phase) -> Bool {
        guard let limit else { return false }
        return spent(phase.rawValue, limit: limit)
    }

    private mutating func spent(_ third: Int, limit: Duration) -> Bool {
        if third <= passedThirds { return true }
        let elapsed = clock() - start
        while passedThirds < 3, elapsed > limit * (passedThirds + 1) / 3 { passedThirds += 1 }
        return third <= passedThirds
    }

    /// Milliseconds into the budget at the end of the third `third`.
    func milliseconds(third: Int) -> Int64 {
        guard let limit else { return 0 }
        let part = limit * third / 3
        return part.components.seconds * 1000 + part.components.attoseconds / 1_000_000_000_000_000
    }
}

extension RestorationPass {
    /// The diagnostic for the budget running out in `phase`, with `count` records or objects
    /// left as they were.
    func budgetDiagnostic(phase: RestoreBudget.Phase, count: Int, of total: Int) -> RestorationDiagnostic {
        let what: String
        switch phase {
        case .create: what = "\(count) of \(total) records are not restored"
        case .decode: what = "\(count) of \(total) restored objects keep the state they were created with"
        case .finish:
            what = "\(count) of \(total) restored objects are not told applicationFinishedRestoringState"
        }
        return RestorationDiagnostic(
            phase == .create ? .notRestored : .notDecoded, path: nil,
            reason:
                "the restore's time budget of \(budget.milliseconds(third: 3)) ms (RestorationConfiguration."
                + "restoreTimeBudget, rule P3) gives objects until "
                + "\(budget.milliseconds(third: phase.rawValue)) ms to \(phase.name); that ran out: "
                + "\(what), so that the first frame comes in time")
    }

    /// Counts one more object of `restorationClass` and says whether it is within the
    /// class's bound (``ObjectRestoration/maximumRestoredObjects``); one past it is counted
    /// for ``classBoundDiagnostics()``. `bound` is the class's, read once per run of records
    /// of one class: a class without one costs no look-up per record.
    @inline(__always)
    func isWithinBound(_ restorationClass: any ObjectRestoration.Type, bound: Int?) -> Bool {
        guard let bound else { return true }
        let key = ObjectIdentifier(restorationClass)
        let count = (classCounts[key]?.count ?? 0) + 1
        classCounts[key] = (restorationClass.restorationClassName, bound, count)
        return count <= bound
    }

    /// One diagnostic per restoration class that was asked for more objects than its bound.
    func classBoundDiagnostics() -> [RestorationDiagnostic] {
        classCounts.values.filter { $0.count > $0.bound }.sorted { $0.name < $1.name }.map { entry in
            RestorationDiagnostic(
                .notRestored, path: nil,
                reason:
                    "restoration class '\(entry.name)' creates at most \(entry.bound) objects in one restore "
                    + "(its maximumRestoredObjects, rule P3); the archive asked for \(entry.count), so the "
                    + "\(entry.count - entry.bound) after the first \(entry.bound) are left out, with what is "
                    + "below them")
        }
    }
}
