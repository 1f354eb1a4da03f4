/// Restoration that waits for data which comes later (rule R27): the open
/// ``RestorationExtension``s of the restore under way, and the in-progress marker they hold
/// on disk, naming the subtree that waits (rule R28).
///
/// While a restore from storage runs, ``isAccepting`` is true and every extension taken is
/// counted. When the restore's pass ends with extensions open, ``holdMarker()`` keeps the
/// marker; the last one to complete (or the timeout) ends the restore.
@MainActor
final class DeferredRestoration {
    private let launchGuard: LaunchGuard
    private let scheduler: any RestorationScheduler
    private let timeout: Duration
    private let record: @MainActor (RestorationDiagnostic) -> Void
    /// The extensions not yet complete, oldest first.
    private var open: [RestorationExtension] = []
    /// True while the in-progress marker stays for open extensions.
    private(set) var isHoldingMarker = false
    private var timeoutAction: (any ScheduledAction)?
    /// True while a restore from storage runs its pass: extensions taken now are counted.
    var isRestoring = false

    init(
        launchGuard: LaunchGuard, scheduler: any RestorationScheduler, timeout: Duration,
        record: @escaping @MainActor (RestorationDiagnostic) -> Void
    ) {
        self.launchGuard = launchGuard
        self.scheduler = scheduler
        self.timeout = timeout
        self.record = record
    }

    /// True while a restore can be extended: its pass runs, or it already waits.
    var isAccepting: Bool { isRestoring || isHoldingMarker }

    /// True while extensions are open.
    var isExtended: Bool { !open.isEmpty }

    /// A new extension, counted if a restore can be extended; complete at once otherwise.
    func extend(reason: String, subtree: String?) -> RestorationExtension {
        guard isAccepting else {
            return RestorationExtension(reason: reason, subtree: subtree, onComplete: nil)
        }
        let token = RestorationExtension(reason: reason, subtree: subtree) { [weak self] token in
            self?.completed(token)
        }
        open.append(token)
        return token
    }

    /// Ends the restore's pass: the marker stays, naming what waits, if extensions are
    /// open (with a timeout); otherwise the restore is over.
    func passEnded() {
        guard let first = open.first else {
            launchGuard.end()
            return
        }
        isHoldingMarker = true
        launchGuard.markProgress("deferred", subtree: first.subtree)
        timeoutAction?.cancel()
        timeoutAction = scheduler.schedule(after: timeout) { [weak self] in self?.timeOut() }
    }

    /// The process ends cleanly while extensions are open: it did not die restoring, so
    /// the marker goes. The extensions stay open and complete into nothing.
    func endForCleanExit() {
        guard isHoldingMarker else { return }
        isHoldingMarker = false
        timeoutAction?.cancel()
        timeoutAction = nil
        launchGuard.end()
    }

    private func completed(_ token: RestorationExtension) {
        open.removeAll { $0 === token }
        guard isHoldingMarker else { return }
        if let next = open.first {
            launchGuard.markProgress("deferred", subtree: next.subtree)
            return
        }
        isHoldingMarker = false
        timeoutAction?.cancel()
        timeoutAction = nil
        launchGuard.end()
    }

    private func timeOut() {
        timeoutAction = nil
        for token in open {
            record(
                RestorationDiagnostic(
                    .warning, path: token.subtree,
                    reason:
                        "restoration extended for '\(token.reason)' was not completed within "
                        + "\(timeout); it is taken as complete (R27)"))
        }
        for token in open { token.complete() }
    }
}
