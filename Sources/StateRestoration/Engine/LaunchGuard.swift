import Foundation

/// Crash-loop protection (rules R18, R28, R35): the in-progress marker that a restore
/// keeps on disk while it runs, and the count of launches that restored and have not yet
/// proved healthy.
///
/// At launch ``decide()`` reads both and says whether to restore, leave one subtree out,
/// throw the archive away, or restore nothing. A restore brackets itself with ``begin()``
/// and ``end()``, and moves the marker as it goes (``markProgress(_:subtree:)``). The
/// launch is confirmed (the count cleared) once it lives past the crash-loop window or
/// saves again.
@MainActor
final class LaunchGuard {
    /// What ``decide()`` found.
    enum Decision {
        /// Restore, leaving out this subtree if not nil (R28).
        case proceed(excluding: String?)
        /// Throw the archive away, for this reason.
        case discard(String)
        /// Restore nothing: the markers cannot be read, so the guard cannot work.
        case failClosed(String)
        /// Restore nothing and touch nothing: the directory is not safe (R36).
        case untrusted(RestorationError)
    }

    /// The most bytes read of a marker: they hold a few lines of text.
    private static let markerLimit = 4096

    private let storage: any RestorationStorage
    private let configuration: RestorationConfiguration
    private let scheduler: any RestorationScheduler
    private let record: @MainActor (RestorationDiagnostic) -> Void
    /// True from the end of a restore until this launch is known to be healthy: it lived
    /// past the crash-loop window, or saved again (rule R35).
    private(set) var awaitingConfirmation = false
    private var stabilityCheck: (any ScheduledAction)?
    /// The subtree this launch leaves out (rule R28), kept in the marker while restoring.
    var excludedSubtree: String?

    init(
        storage: any RestorationStorage, configuration: RestorationConfiguration,
        scheduler: any RestorationScheduler, record: @escaping @MainActor (RestorationDiagnostic) -> Void
    ) {
        self.storage = storage
        self.configuration = configuration
        self.scheduler = scheduler
        self.record = record
    }

    /// Whether to read the archive, throw it away (rule R18), or restore nothing (R35).
    func decide() -> Decision {
        var excluding: String?
        do {
            if let bytes = try storage.load(.restoringMarker, atMost: Self.markerLimit) {
                let marker = InProgressMarker(bytes: bytes)
                // A death pinned to one subtree below a root costs that subtree, once (R28); a
                // death at a root, or with no place, costs the archive, as before.
                guard let marker, marker.excluding == nil, let subtree = marker.subtree, subtree.contains("/")
                else {
                    let again = marker?.excluding.map { " again, after leaving out '\($0)'" } ?? ""
                    return .discard(
                        "the previous launch died during restoration\(again) (the in-progress marker is still there)"
                    )
                }
                excluding = subtree
            }
            let unconfirmed = try unconfirmedLaunches()
            if unconfirmed >= configuration.crashLoopLaunches {
                return .discard(
                    "the last \(unconfirmed) launches died within \(configuration.crashLoopWindow) "
                        + "of restoring it (crash-loop protection)")
            }
        } catch {
            if case .refused(let path, _) = error, path == storage.location { return .untrusted(error) }
            return .failClosed(
                "the launch markers cannot be read (\(error)), so a crash loop could not be caught; "
                    + "starting fresh")
        }
        return .proceed(excluding: excluding)
    }

    private func unconfirmedLaunches() throws(RestorationError) -> Int {
        guard let bytes = try storage.load(.launchHistory, atMost: Self.markerLimit) else { return 0 }
        return Int(String(decoding: bytes, as: UTF8.self).trimmingCharacters(in: .whitespacesAndNewlines))
            ?? 0
    }

    /// Writes the in-progress marker and counts this launch; returns the error if either
    /// could not be written.
    func begin() -> RestorationError? {
        progressFailed = false
        do {
            // Without fsync: a restore that kills the app leaves them in the page cache,
            // and a power cut is no death of a restore (docs/RELIABILITY.md, "Launch markers").
            try storage.storeMarker(Array("restoring\n".utf8), as: .restoringMarker)
            let count = try unconfirmedLaunches() + 1
            try storage.storeMarker(Array("\(count)\n".utf8), as: .launchHistory)
            return nil
        } catch {
            removeMarkerReporting("after the launch markers could not be written")
            return error
        }
    }

    /// Writes where the restore is into the in-progress marker, in place (cheap: no new
    /// file, no fsync; a process's death keeps it). Best effort: a marker that could not be
    /// rewritten still says that a restore died, as before R28.
    func markProgress(_ phase: String, subtree: String?) {
        let marker = InProgressMarker(phase: phase, subtree: subtree, excluding: excludedSubtree)
        do {
            try storage.overwrite(marker.bytes, in: .restoringMarker)
        } catch {
            // Said once per restore: a restore moves the marker once per subtree.
            guard !progressFailed else { return }
            progressFailed = true
            record(
                RestorationDiagnostic(
                    .warning, path: subtree,
                    reason:
                        "could not note the restore's place in the in-progress marker (\(error)); a death "
                        + "now would cost the whole archive, not one subtree (R28)"))
        }
    }

    /// True once ``markProgress(_:subtree:)`` failed during this restore.
    private var progressFailed = false

    /// Removes the in-progress marker: the restore is over. The launch now waits for
    /// confirmation, which comes after the crash-loop window or with the next save.
    func end() {
        excludedSubtree = nil
        reportingFailure("could not remove the in-progress marker") { () throws(RestorationError) in
            try storage.removeMarker(.restoringMarker)
        }
        awaitingConfirmation = true
        stabilityCheck?.cancel()
        stabilityCheck = scheduler.schedule(after: configuration.crashLoopWindow) { [weak self] in
            self?.confirm()
        }
    }

    /// Marks this launch as healthy: the launch history is removed.
    func confirm() {
        confirmed()
        reportingFailure("could not clear the launch history") { () throws(RestorationError) in
            try storage.remove(.launchHistory)
        }
    }

    /// Notes that the launch history was removed elsewhere (by a background write).
    func confirmed() {
        awaitingConfirmation = false
        stabilityCheck?.cancel()
        stabilityCheck = nil
    }

    /// Removes both markers, when the archive they guard is set aside or thrown away.
    /// - Throws: The first removal that failed.
    func clear() throws(RestorationError) {
        try storage.remove(.restoringMarker)
        try storage.remove(.launchHistory)
    }

    /// ``clear()``, with a diagnostic if a marker stays: the next launch would read it.
    func clearReporting(_ when: String) {
        reportingFailure("could not clear the launch markers \(when)") { () throws(RestorationError) in
            try clear()
        }
    }

    private func removeMarkerReporting(_ when: String) {
        reportingFailure("could not remove the in-progress marker \(when)") { () throws(RestorationError) in
            try storage.removeMarker(.restoringMarker)
        }
    }

    /// Runs `body`; if it fails, records a diagnostic that says `failure` and why.
    private func reportingFailure(_ failure: String, _ body: () throws(RestorationError) -> Void) {
        do {
            try body()
        } catch {
            record(RestorationDiagnostic(.saveFailed, path: nil, reason: "\(failure): \(error)"))
        }
    }
}
