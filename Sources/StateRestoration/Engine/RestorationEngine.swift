import Dispatch
import Foundation
import Synchronization

/// The state preservation and restoration engine: UIKit's semantics, without UIKit.
///
/// A UI layer creates one engine per application, gives it the windows' root objects,
/// and calls it at the moments of rule R2 and R11:
///
/// - at launch, after `willFinishLaunching` and before `didFinishLaunching`:
///   ``restoreApplicationState()``;
/// - on entering the background and on normal termination: ``preserve(reason:)``;
/// - after any change of restorable state, if continuous preservation is on:
///   ``stateDidChange()``.
///
/// The engine knows nothing about terminals or views: it walks ``RestorableObject``s,
/// writes archives through a ``RestorationStorage``, and reports every object it skipped,
/// dropped or discarded as a ``RestorationDiagnostic``.
@MainActor
public final class RestorationEngine {
    /// The configuration given at creation.
    public let configuration: RestorationConfiguration
    /// The restoration classes that may be called (rule R15).
    public var registry: RestorationRegistry
    /// Where the archive and markers live.
    public let storage: any RestorationStorage
    /// The app delegate's restoration hooks. Held weakly: the application owns it.
    public weak var delegate: (any RestorationDelegate)?
    /// Every diagnostic of this engine's life, oldest first (rule R21).
    public private(set) var diagnostics: [RestorationDiagnostic] = []
    /// What the last preservation pass did, whatever started it: ``preserve(reason:)``,
    /// ``encodeState(reason:)`` or the debounce of ``stateDidChange()`` (rules R2, R20);
    /// nil before the first. Its ``PreservationReport/reason`` says which trigger it was;
    /// `saved` is false if the delegate declined. It is set when the pass has encoded the
    /// state, before the write of a continuous save has finished.
    public private(set) var lastPreservationReport: PreservationReport?

    private let roots: @MainActor () -> [any RestorableObject]
    private let scheduler: any RestorationScheduler
    private let names = TypeNameCache()
    /// The size of the last archive encoded: the next save reserves that much at once
    /// rather than growing its buffer (and copying it) step by step.
    private var lastArchiveSize = 4096
    /// The number of objects the last save recorded, for the same reason.
    private var lastNodeCount = 32
    /// The body buffer of the last save, which the next one writes into: allocating a new
    /// one for each save had the system map and zero its memory again (a page fault per
    /// 4 KiB). Freed with the engine.
    private var spareBody: RawBytes?
    private var registeredObjects: [WeakObject] = []
    /// The continuous save's debounce, bounded by the maximum delay (rules R20, H15).
    private var pendingSave: BoundedDebounce?
    /// Background writes started and not yet reported, and the check that reports them.
    private var writesInFlight = 0
    private var writeCheck: (any ScheduledAction)?
    private var stabilityCheck: (any ScheduledAction)?
    /// True from the end of a restore until this launch is known to be healthy: it lived
    /// past the crash-loop window, or saved again (rule R35).
    private var awaitingConfirmation = false
    private let writeQueue = DispatchQueue(label: "StateRestoration.write")
    private let finishedWrites = WriteOutcomes()
    /// What the last write put on disk (archive and activity), without the metadata,
    /// whose timestamp changes with every pass: a pass that encodes the same state again
    /// writes nothing (rule R26). Nil after anything else touched the archive.
    private var lastWrittenState: WrittenState?
    /// The extensions of the restore (rule R27) not yet complete.
    private var openExtensions: [RestorationExtension] = []
    /// True while the in-progress marker stays for open extensions.
    private var markerHeldForExtensions = false
    private var extensionTimeout: (any ScheduledAction)?
    /// The subtree this launch leaves out (rule R28), kept in the marker while restoring.
    private var excludedSubtree: String?
    /// The engine whose restore from storage is under way, for
    /// ``StateDecoder/extendStateRestoration(reason:)``.
    static weak var restoring: RestorationEngine?
    /// The engine whose restore is under way (from storage or from bytes), for
    /// ``StateDecoder/restorationContext(as:)``.
    static weak var decoding: RestorationEngine?

    /// What restoration classes and decoding objects receive from the app (rule R30): its
    /// store, services and configuration, as one value of the app's own type, read with
    /// ``StateDecoder/restorationContext(as:)``. No global or task-local is needed to reach
    /// them. Set it before the restore, in `willFinishLaunching`.
    public var restorationContext: Any?

    /// Creates an engine.
    /// - Parameters:
    ///   - configuration: The app's identity, limits and timing.
    ///   - registry: The restoration classes that may be called.
    ///   - storage: Where the archive lives, e.g. a ``FileRestorationStorage``.
    ///   - scheduler: Runs the debounce and the crash-loop window; defaults to Swift
    ///     concurrency.
    ///   - delegate: The app delegate's hooks.
    ///   - roots: Returns the windows' root objects at the time of a save or restore.
    public init(
        configuration: RestorationConfiguration, registry: RestorationRegistry,
        storage: any RestorationStorage, scheduler: (any RestorationScheduler)? = nil,
        delegate: (any RestorationDelegate)?, roots: @escaping @MainActor () -> [any RestorableObject]
    ) {
        self.configuration = configuration
        self.registry = registry
        self.storage = storage
        self.scheduler = scheduler ?? TaskScheduler()
        self.delegate = delegate
        self.roots = roots
        StateChanges.register(self)
    }

    // MARK: Plain objects (R17)

    /// Makes a plain object known under an identifier, as UIKit's
    /// `registerObject(forStateRestoration:restorationIdentifier:)` does (rules R17, R13c).
    ///
    /// A plain object lives outside the view tree, so neither the save's walk nor the
    /// restore's search of the tree meets it:
    /// - a save records it when a saved object encodes a reference to it, at its
    ///   ``RestorableObject/restorationParent``'s path plus `restorationIdentifier`;
    /// - a restore finds it at that path (R13c) and decodes its state into it, when the
    ///   archive recorded no restoration class for it and the app delegate returns nil.
    ///
    /// Register it before the restore, in `willFinishLaunching`: a restore does not look for
    /// objects registered after it. An unregistered plain object is not found; the restore
    /// says so with a diagnostic. The identifier replaces the object's own
    /// ``RestorableObject/restorationIdentifier`` for this purpose. Registering an object
    /// again replaces its identifier. Held weakly.
    /// - Parameters:
    ///   - object: The plain object.
    ///   - restorationIdentifier: Its identifier among its restoration parent's children;
    ///     an empty one unregisters the object.
    public func registerObjectForStateRestoration(
        _ object: any RestorableObject, restorationIdentifier: String
    ) {
        registeredObjects.removeAll { $0.object == nil || $0.object === object }
        guard !restorationIdentifier.isEmpty else { return }
        registeredObjects.append(WeakObject(object: object, identifier: restorationIdentifier))
    }

    /// Registers a plain object under its own ``RestorableObject/restorationIdentifier``:
    /// the same as ``registerObjectForStateRestoration(_:restorationIdentifier:)`` with that
    /// identifier. An object without one is not registered.
    public func registerObjectForStateRestoration(_ object: any RestorableObject) {
        registerObjectForStateRestoration(
            object, restorationIdentifier: object.usableRestorationIdentifier ?? "")
    }

    /// The registered objects' identifiers, by object, for a save.
    private func registeredIdentifiers() -> [ObjectIdentifier: String] {
        guard !registeredObjects.isEmpty else { return [:] }
        var identifiers: [ObjectIdentifier: String] = [:]
        for (object, identifier) in liveRegisteredObjects {
            identifiers[ObjectIdentifier(object)] = identifier
        }
        return identifiers
    }

    /// The live registered objects with their identifiers.
    private var liveRegisteredObjects: [(object: any RestorableObject, identifier: String)] {
        registeredObjects.compactMap { entry in entry.object.map { ($0, entry.identifier) } }
    }

    // MARK: Preservation

    /// The metadata a save made now would record.
    public func currentMetadata() -> ArchiveMetadata {
        ArchiveMetadata(
            appName: configuration.appName, appVersion: configuration.appVersion,
            systemVersion: Self.systemVersion, timestamp: configuration.now(),
            interfaceIdiom: configuration.interfaceIdiom)
    }

    /// Walks the tree and encodes an archive, without touching storage: a save minus the
    /// disk. Returns nil if the app delegate declines (rule R1).
    public func encodeState(reason: PreservationReason = .requested) -> EncodedState? {
        let metadata = SharedMetadata(currentMetadata())
        let probe = StateEncoder(
            path: RestorationPath(), metadata: metadata, builder: ArchiveBuilder(),
            referenceResolver: { _ in nil })
        guard delegate?.shouldSaveApplicationState(probe) == true else {
            lastPreservationReport = PreservationReport(
                reason: reason, saved: false, savedPaths: [], byteCount: 0, diagnostics: [])
            record([
                RestorationDiagnostic(
                    .declined, path: nil,
                    reason:
                        "nothing saved (\(reason.rawValue)): the app delegate's shouldSaveApplicationState is false"
                )
            ])
            return nil
        }
        // The last save's body buffer, unless it is far larger than this save will need.
        var body = spareBody.take()
        if let capacity = body?.capacity, capacity > 4 * max(lastArchiveSize, 1 << 16) {
            body = nil
        }
        let pass = PreservationPass(
            roots: roots(), registry: registry, names: names, maxDepth: configuration.limits.maxDepth,
            capacity: lastArchiveSize, expectedNodes: lastNodeCount, reusing: body,
            registeredIdentifiers: registeredIdentifiers())
        let bytes = pass.run(metadata: metadata, delegate: delegate)
        spareBody = pass.takeBody()
        lastArchiveSize = bytes.count
        lastNodeCount = pass.nodes.count
        record(pass.diagnostics)
        let report = PreservationReport(
            reason: reason, savedNodes: pass.nodes, byteCount: bytes.count, diagnostics: pass.diagnostics)
        lastPreservationReport = report
        return EncodedState(
            bytes: bytes, report: report, metadata: metadata.value,
            activity: delegate?.stateRestorationActivity())
    }

    /// Runs a preservation pass and writes the archive before returning (rules R2, R10).
    ///
    /// Use it on entering the background and on termination: it waits for earlier writes
    /// of continuous preservation, so the newest state is the one that stays. A pass on
    /// background or termination also counts as proof that this launch is healthy.
    /// - Returns: What was saved; `saved` is false if the delegate declined.
    /// - Throws: ``RestorationError`` if the archive could not be written. The previous
    ///   archive is then intact.
    @discardableResult
    public func preserve(reason: PreservationReason) throws(RestorationError) -> PreservationReport {
        pendingSave?.cancel()
        reportFinishedWrites()
        if reason == .background || reason == .termination { confirmLaunchIsStable() }
        guard let encoded = encodeState(reason: reason) else {
            return PreservationReport(
                reason: reason, saved: false, savedPaths: [], byteCount: 0, diagnostics: [])
        }
        let storage = self.storage
        let bytes = encoded.bytes
        let file = encoded.fileBytes
        let limits = configuration.limits
        let state = WrittenState(encoded, file: file)
        if lastWrittenState.map(state.holdsSameState) == true {
            // Nothing changed since the last write: the archive on disk holds it (R26), once
            // a background write of it still in flight has landed; a pass on background or
            // termination must not return before (the process may stop or die next). If
            // that write failed, this pass writes it.
            writeQueue.sync {}
            reportFinishedWrites()
            if lastWrittenState != nil {
                if awaitingConfirmation { confirmLaunchIsStable() }
                return encoded.report
            }
        }
        lastWrittenState = nil
        let result = writeQueue.sync { () -> Result<Void, RestorationError> in
            Result { () throws(RestorationError) in
                try Self.checkReadsBack(bytes, fileSize: file.count, limits: limits)
                try storage.store(file, as: .archive)
            }
        }
        if case .failure(let error) = result {
            record([Self.saveFailure(error)])
            throw error
        }
        lastWrittenState = state
        if awaitingConfirmation { confirmLaunchIsStable() }
        delegate?.didPreserveState()
        return encoded.report
    }

    /// Notes that restorable state changed. With continuous preservation on (rule R20),
    /// a save runs once no further change has come for the configured delay, and at the
    /// latest ``RestorationConfiguration/maximumPreservationDelay`` after the first change
    /// it has not saved (rule H15), however steadily changes keep coming; its write
    /// happens off the main actor.
    public func stateDidChange() {
        reportFinishedWrites()
        guard let delay = configuration.continuousPreservationDelay else { return }
        if pendingSave == nil {
            pendingSave = BoundedDebounce(
                delay: delay, maximumDelay: configuration.maximumPreservationDelay, scheduler: scheduler
            ) { [weak self] in self?.saveInBackground() }
        }
        pendingSave?.signal()
    }

    /// Notes a change that the saved state must agree with soon, such as the app's own
    /// data just committed elsewhere (rule H16: a draft's base): with continuous
    /// preservation on, a save starts now, without the debounce; its write happens off the
    /// main actor as other continuous saves do.
    public func preserveInBackground() {
        reportFinishedWrites()
        guard configuration.continuousPreservationDelay != nil else { return }
        pendingSave?.cancel()
        saveInBackground()
    }

    /// True while a continuous save is waiting for its debounce.
    public var hasPendingSave: Bool { pendingSave?.isPending == true }

    /// Waits for writes started by continuous preservation, then reports their failures to
    /// the delegate. Tests use it; an app never has to.
    public func waitForPendingWrites() {
        writeQueue.sync {}
        reportFinishedWrites()
    }

    private func saveInBackground() {
        guard let encoded = encodeState(reason: .continuous) else { return }
        let storage = self.storage
        let bytes = encoded.bytes
        let file = encoded.fileBytes
        let state = WrittenState(encoded, file: file)
        let unchanged = lastWrittenState.map(state.holdsSameState) == true
        lastWrittenState = state
        // A save after a restore confirms it (rule R35): the launch history goes right after
        // the archive is written, in the same queue, so a kill after this save does not
        // count the restore against the archive.
        let confirms = awaitingConfirmation
        let limits = configuration.limits
        writeQueue.async { [finishedWrites] in
            let outcome: WriteOutcome
            do throws(RestorationError) {
                // Nothing changed since the last write: the archive on disk holds it (R26).
                if !unchanged {
                    try Self.checkReadsBack(bytes, fileSize: file.count, limits: limits)
                    try storage.store(file, as: .archive)
                }
                if confirms { try storage.remove(.launchHistory) }
                outcome = .written(confirmed: confirms)
            } catch {
                outcome = .failed(error)
            }
            finishedWrites.append(outcome)
        }
        writesInFlight += 1
        scheduleWriteCheck()
    }

    /// How soon after a background write starts its outcome is looked for.
    private static let writeCheckDelay: Duration = .milliseconds(100)

    /// Reports the background writes' outcomes soon after they finish, so that a failed
    /// save reaches the delegate (and the user) without waiting for the next change.
    private func scheduleWriteCheck() {
        guard writeCheck == nil else { return }
        writeCheck = scheduler.schedule(after: Self.writeCheckDelay) { [weak self] in
            guard let self else { return }
            writeCheck = nil
            reportFinishedWrites()
            if writesInFlight > 0 { scheduleWriteCheck() }
        }
    }

    /// Throws if `bytes` would not read back under `limits` (rule R34): a save never
    /// replaces a good archive with one that the next launch would refuse. Runs where the
    /// write runs, off the main actor for continuous saves.
    nonisolated private static func checkReadsBack(
        _ bytes: [UInt8], fileSize: Int, limits: ArchiveLimits
    ) throws(RestorationError) {
        // The limit is the file's, activity included: the reader refuses a larger file
        // before reading it.
        guard fileSize <= limits.maxTotalBytes else {
            throw .archive(ArchiveError(.tooLarge(size: fileSize, limit: limits.maxTotalBytes), at: 0))
        }
        do {
            _ = try ArchiveReader(bytes: bytes, limits: limits).view()
        } catch {
            throw .archive(error)
        }
    }

    /// The diagnostic of a failed write. Every step before the rename leaves the previous
    /// archive as it was; only the directory's fsync comes after it, when the new archive
    /// is already in place but its rename may not yet be on the disk.
    private static func saveFailure(_ error: RestorationError) -> RestorationDiagnostic {
        if case .io(let operation, _, _, _) = error, operation == "fsync directory" {
            return RestorationDiagnostic(
                .saveFailed, path: nil,
                reason: "\(error); the new archive is in place, but a power cut could still undo its rename")
        }
        return RestorationDiagnostic(
            .saveFailed, path: nil, reason: "\(error); the previous archive is intact")
    }

    private func reportFinishedWrites() {
        let outcomes = finishedWrites.take()
        writesInFlight = max(0, writesInFlight - outcomes.count)
        for outcome in outcomes {
            switch outcome {
            case .written(let confirmed):
                delegate?.didPreserveState()
                if confirmed {
                    awaitingConfirmation = false
                    stabilityCheck?.cancel()
                    stabilityCheck = nil
                }
            case .failed(let error):
                lastWrittenState = nil
                record([Self.saveFailure(error)])
                delegate?.didFailToPreserveState(error)
            }
        }
    }

    // MARK: Restoration

    /// Restores the last saved state, if allowed (rules R1, R11–R19).
    ///
    /// Call it after `willFinishLaunching` (the window exists) and before
    /// `didFinishLaunching`. It throws the archive away, with a diagnostic, when the
    /// previous launch died during restoration, when the last launches died soon after
    /// restoring (a crash loop), or when the archive is corrupt or of an unsupported format.
    /// It never throws and never traps: a failure means a fresh launch.
    @discardableResult
    public func restoreApplicationState() -> RestorationReport {
        var report = RestorationReport.empty
        func finish(_ note: RestorationDiagnostic, activity: ActivityFooter.Found = .none)
            -> RestorationReport
        {
            record([note])
            report.diagnostics = [note]
            restoreInteractionState(from: activity, into: &report)
            return report
        }
        let excluding: String?
        switch launchGuard() {
        case .proceed(let subtree):
            excluding = subtree
        case .discard(let reason):
            let activity = savedActivity()
            return finish(
                RestorationDiagnostic(.archiveDiscarded, path: nil, reason: reason + setArchiveAside()),
                activity: activity)
        case .untrusted(let error):
            // Nothing in a directory that others control is read, moved or removed (R36).
            return finish(
                RestorationDiagnostic(
                    .notRestored, path: nil, reason: "\(error); nothing in it was read or changed"))
        case .failClosed(let reason):
            // Without readable markers a crashing archive would crash every launch (R35).
            // Unreadable markers are removed so that the next launch can keep them again.
            let activity = savedActivity()
            try? storage.remove(.restoringMarker)
            try? storage.remove(.launchHistory)
            return finish(
                RestorationDiagnostic(.notRestored, path: nil, reason: reason + setArchiveAside()),
                activity: activity)
        }
        var bytes: [UInt8]
        do {
            // A file over the limit is refused before it is read (R32).
            guard
                let loaded = try storage.load(.archive, atMost: configuration.limits.maxTotalBytes)
            else {
                return report
            }
            bytes = loaded
        } catch {
            return finish(
                RestorationDiagnostic(
                    .notRestored, path: nil, reason: "cannot read the archive: \(error)" + setArchiveAside()))
        }
        // The activity after the archive (rule S5), checked apart from it.
        let (archiveLength, activity) = ActivityFooter.split(bytes)
        bytes.removeLast(bytes.count - archiveLength)
        let view: ArchiveView
        do {
            view = try ArchiveReader(bytes: bytes, limits: configuration.limits).view()
        } catch {
            return finish(
                RestorationDiagnostic(.archiveDiscarded, path: nil, reason: "\(error)" + setArchiveAside()),
                activity: activity)
        }
        return restore(view, markingProgress: true, excluding: excluding)
    }

    /// The activity saved after the archive, read before the archive is set aside; `.none`
    /// if there is none or the file cannot be read.
    private func savedActivity() -> ActivityFooter.Found {
        guard let bytes = try? storage.load(.archive, atMost: configuration.limits.maxTotalBytes) else {
            return .none
        }
        return ActivityFooter.split(bytes).found
    }

    /// The second tier of rule S5: the archive is gone, so the app delegate goes back to
    /// what the user was doing from the activity, if one was saved whole.
    private func restoreInteractionState(
        from found: ActivityFooter.Found, into report: inout RestorationReport
    ) {
        switch found {
        case .none:
            return
        case .damaged(let why):
            let note = RestorationDiagnostic(
                .notRestored, path: nil, reason: "the saved activity was not used either: \(why)")
            record([note])
            report.diagnostics.append(note)
        case .activity(let activity):
            guard delegate?.restoreInteractionState(with: activity) == true else {
                let note = RestorationDiagnostic(
                    .notRestored, path: nil,
                    reason: "the saved activity \(activity) was not used: the app delegate declined it")
                record([note])
                report.diagnostics.append(note)
                return
            }
            let note = RestorationDiagnostic(
                .restoredFromActivity, path: nil,
                reason:
                    "went back to \(activity.title.isEmpty ? activity.type : activity.title) from the saved activity"
            )
            record([note])
            report.diagnostics.append(note)
            report.restoredActivity = activity
        }
    }

    /// Restores from archive bytes: a restore minus the disk, without the in-progress
    /// marker. ``restoreApplicationState()`` is the full launch path.
    ///
    /// The bytes are checked completely before any object is created, then read in place:
    /// no ``Archive`` value is made.
    /// - Throws: ``ArchiveError`` if the bytes are not a valid archive within the
    ///   configured limits; nothing is restored then.
    public func restore(bytes: [UInt8]) throws(ArchiveError) -> RestorationReport {
        restore(try ArchiveReader(bytes: bytes, limits: configuration.limits).view(), markingProgress: false)
    }

    /// Restores from an already parsed archive: a restore minus the disk, without the
    /// in-progress marker. ``restoreApplicationState()`` is the full launch path.
    ///
    /// The archive is written out and read back first, which ``restore(bytes:)`` avoids.
    /// An archive value that does not make a valid archive (built in code with an empty
    /// identifier, say) restores nothing, with a diagnostic.
    public func restore(_ archive: Archive) -> RestorationReport {
        let view: ArchiveView
        do {
            view = try ArchiveReader(bytes: archive.encodedBytes(), limits: configuration.limits).view()
        } catch {
            let note = RestorationDiagnostic(.archiveDiscarded, path: nil, reason: "\(error)")
            record([note])
            var report = RestorationReport.empty
            report.diagnostics = [note]
            return report
        }
        return restore(view, markingProgress: false)
    }

    private func restore(_ view: ArchiveView, markingProgress: Bool, excluding: String? = nil)
        -> RestorationReport
    {
        let pass = RestorationPass(
            view: view, registry: registry, names: names, delegate: delegate, existingRoots: roots(),
            registeredObjects: liveRegisteredObjects, checksAdoption: configuration.checksAdoption)
        pass.excluded = excluding
        excludedSubtree = excluding
        // The app's context for the coders (R30), from the first question to the delegate on.
        let previousDecoding = Self.decoding
        Self.decoding = self
        defer { Self.decoding = previousDecoding }
        if markingProgress {
            // Where the restore is, in the marker, so that a death costs one subtree (R28).
            pass.progress = { [weak self] phase, record in
                self?.markProgress(phase, subtree: record.map { view.path(ofRecord: $0).description })
            }
        }
        // The coders read the archive's bytes in place, within this scope.
        return pass.withBytes { () -> RestorationReport in
            guard delegate?.shouldRestoreApplicationState(pass.applicationCoder()) == true else {
                let note = RestorationDiagnostic(
                    .declined, path: nil,
                    reason:
                        "archive of app version '\(view.metadata.appVersion)' not restored: the app "
                        + "delegate's shouldRestoreApplicationState is false")
                record([note])
                var report = RestorationReport.empty
                report.metadata = view.metadata
                report.diagnostics = [note]
                return report
            }
            if markingProgress, let failure = beginRestoring() {
                // Fail closed (R35): restoring without markers could crash every launch.
                let note = RestorationDiagnostic(
                    .notRestored, path: nil,
                    reason:
                        "the launch markers cannot be written (\(failure)), so a crash while restoring "
                        + "could not be caught at the next launch; starting fresh" + setArchiveAside())
                record([note])
                var report = RestorationReport.empty
                report.metadata = view.metadata
                report.diagnostics = [note]
                return report
            }
            let previous = Self.restoring
            if markingProgress { Self.restoring = self }
            let report = pass.run()
            Self.restoring = previous
            record(report.diagnostics)
            if markingProgress {
                if let open = openExtensions.first {
                    // Deferred restoration (R27): the marker stays, naming what waits.
                    markerHeldForExtensions = true
                    markProgress("deferred", subtree: open.subtree)
                    extensionTimeout?.cancel()
                    extensionTimeout = scheduler.schedule(after: configuration.deferredRestorationTimeout) {
                        [weak self] in self?.timeOutExtensions()
                    }
                } else {
                    endRestoring()
                }
            }
            return report
        }
    }

    // MARK: Discarding (R18, R35)

    /// Throws the saved state away: the counterpart of force-quitting from the app
    /// switcher, and of a `--fresh` launch. The next launch starts fresh. The archive is
    /// set aside as ``StorageItem/discardedArchive`` (one copy, the last thrown away).
    /// - Parameter reason: Shown in the diagnostic.
    public func discardState(reason: String) {
        pendingSave?.cancel()
        writeQueue.sync {}
        let aside = setArchiveAside()
        try? storage.remove(.restoringMarker)
        try? storage.remove(.launchHistory)
        record([RestorationDiagnostic(.archiveDiscarded, path: nil, reason: reason + aside)])
    }

    /// Renames the archive to ``StorageItem/discardedArchive`` (never reads or copies it:
    /// it may be huge, or not a regular file) and clears the launch markers. Returns the
    /// end of a diagnostic saying what became of the archive, for the user to act on.
    private func setArchiveAside() -> String {
        lastWrittenState = nil
        do {
            try storage.move(.archive, to: .discardedArchive)
        } catch {
            return "; it could not be set aside (\(error)), and the next save replaces it"
        }
        do {
            try storage.remove(.restoringMarker)
            try storage.remove(.launchHistory)
        } catch {
            record([
                RestorationDiagnostic(
                    .saveFailed, path: nil, reason: "could not clear the launch markers: \(error)")
            ])
        }
        return "; it was set aside as \(StorageItem.discardedArchive.rawValue) in \(storage.location)"
    }

    // MARK: Crash-loop protection (R18)

    private enum LaunchGuardDecision {
        /// Restore, leaving out this subtree if not nil (R28).
        case proceed(excluding: String?)
        /// Throw the archive away, for this reason.
        case discard(String)
        /// Restore nothing: the markers cannot be read, so the guard cannot work.
        case failClosed(String)
        /// Restore nothing and touch nothing: the directory is not safe (R36).
        case untrusted(RestorationError)
    }

    /// The most bytes read of a marker: they hold a line of text.
    private static let markerLimit = 4096

    /// Whether to read the archive, throw it away (rule R18), or restore nothing (R35).
    private func launchGuard() -> LaunchGuardDecision {
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
    private func beginRestoring() -> RestorationError? {
        do {
            try storage.store(Array("restoring\n".utf8), as: .restoringMarker)
            let count = try unconfirmedLaunches() + 1
            try storage.store(Array("\(count)\n".utf8), as: .launchHistory)
            return nil
        } catch {
            try? storage.remove(.restoringMarker)
            return error
        }
    }

    private func endRestoring() {
        excludedSubtree = nil
        do {
            try storage.remove(.restoringMarker)
        } catch {
            record([
                RestorationDiagnostic(
                    .saveFailed, path: nil, reason: "could not remove the in-progress marker: \(error)")
            ])
        }
        awaitingConfirmation = true
        stabilityCheck?.cancel()
        stabilityCheck = scheduler.schedule(after: configuration.crashLoopWindow) { [weak self] in
            self?.confirmLaunchIsStable()
        }
    }

    // MARK: Deferred restoration (R27) and the subtree being restored (R28)

    /// Writes where the restore is into the in-progress marker, in place (cheap: no new
    /// file, no fsync; a process's death keeps it). Best effort: a marker that could not be
    /// rewritten still says that a restore died, as before R28.
    private func markProgress(_ phase: String, subtree: String?) {
        let marker = InProgressMarker(phase: phase, subtree: subtree, excluding: excludedSubtree)
        try? storage.overwrite(marker.bytes, in: .restoringMarker)
    }

    /// Extends the restore under way until the token is completed (rule R27), as UIKit's
    /// `extendStateRestoration`: ``StateDecoder/extendStateRestoration(reason:)`` is the
    /// usual way in; this one is for code that holds the engine.
    ///
    /// When no restore from storage is under way or waiting, there is nothing to extend:
    /// the token comes back complete.
    /// - Parameters:
    ///   - reason: Why, for the diagnostic if it times out.
    ///   - subtree: The path (as text) whose restore waits: a death before completion
    ///     leaves it out at the next launch (R28); nil for the whole tree.
    public func extendStateRestoration(reason: String, subtree: String? = nil) -> RestorationExtension {
        guard Self.restoring === self || markerHeldForExtensions else {
            return RestorationExtension(reason: reason, subtree: subtree, onComplete: nil)
        }
        let token = RestorationExtension(reason: reason, subtree: subtree) { [weak self] token in
            self?.extensionCompleted(token)
        }
        openExtensions.append(token)
        return token
    }

    /// True while restoration waits for extensions (rule R27).
    public var isRestorationExtended: Bool { !openExtensions.isEmpty }

    private func extensionCompleted(_ token: RestorationExtension) {
        openExtensions.removeAll { $0 === token }
        guard markerHeldForExtensions else { return }
        if let next = openExtensions.first {
            markProgress("deferred", subtree: next.subtree)
            return
        }
        markerHeldForExtensions = false
        extensionTimeout?.cancel()
        extensionTimeout = nil
        endRestoring()
    }

    private func timeOutExtensions() {
        extensionTimeout = nil
        for token in openExtensions {
            record([
                RestorationDiagnostic(
                    .warning, path: token.subtree,
                    reason:
                        "restoration extended for '\(token.reason)' was not completed within "
                        + "\(configuration.deferredRestorationTimeout); it is taken as complete (R27)")
            ])
        }
        let open = openExtensions
        for token in open { token.complete() }
    }

    /// Marks this launch as healthy: it lived past the crash-loop window. The engine does
    /// this itself after the window and on background or termination saves.
    public func confirmLaunchIsStable() {
        awaitingConfirmation = false
        stabilityCheck?.cancel()
        stabilityCheck = nil
        do {
            try storage.remove(.launchHistory)
        } catch {
            record([
                RestorationDiagnostic(
                    .saveFailed, path: nil, reason: "could not clear the launch history: \(error)")
            ])
        }
    }

    // MARK: Diagnostics

    private func record(_ notes: [RestorationDiagnostic]) {
        guard !notes.isEmpty else { return }
        diagnostics.append(contentsOf: notes)
        DiagnosticOutput.write(notes, to: configuration.debugOutput)
    }

    private static let systemVersion: String = {
        let info = ProcessInfo.processInfo
        #if os(Linux)
            let system = "Linux"
        #elseif os(macOS)
            let system = "macOS"
        #else
            let system = "unknown OS"
        #endif
        let version = info.operatingSystemVersion
        return
            "\(system) \(version.majorVersion).\(version.minorVersion).\(version.patchVersion); "
            + "StateRestoration \(ArchiveFormat.engineVersion)"
    }()
}

/// An archive file as written, and where its state lies in it: the bytes after the
/// metadata (whose timestamp differs at every pass) up to the archive's CRC-32 (which
/// covers the metadata too), and the activity after it. Two passes with the same state
/// write the same bytes there (rule R26). Holds the file itself, not a copy.
private struct WrittenState {
    let file: [UInt8]
    /// Where the metadata ends, and where the archive's CRC-32 starts.
    let start: Int
    let checksum: Int

    init(_ encoded: EncodedState, file: [UInt8]) {
        var metadata = ByteWriter(capacity: 256)
        metadata.varint(UInt64(encoded.metadata.entries.count))
        for entry in encoded.metadata.entries {
            metadata.string(entry.key)
            metadata.value(entry.value)
        }
        self.file = file
        checksum = encoded.bytes.count - ArchiveFormat.trailerSize
        start = min(ArchiveFormat.headerSize + metadata.bytes.count, checksum)
    }

    func holdsSameState(as other: WrittenState) -> Bool {
        file[start..<checksum] == other.file[other.start..<other.checksum]
            && file[(checksum + ArchiveFormat.trailerSize)...]
                == other.file[(other.checksum + ArchiveFormat.trailerSize)...]
    }
}

private struct WeakObject {
    weak var object: (any RestorableObject)?
    let identifier: String
}

/// Results of background writes, handed from the write queue to the main actor.
private final class WriteOutcomes: Sendable {
    private let outcomes = Mutex<[WriteOutcome]>([])

    func append(_ outcome: WriteOutcome) {
        outcomes.withLock { $0.append(outcome) }
    }

    func take() -> [WriteOutcome] {
        outcomes.withLock { outcomes in
            defer { outcomes.removeAll() }
            return outcomes
        }
    }
}

private enum WriteOutcome: Sendable {
    /// Written; `confirmed` if the launch history was cleared after it (rule R35).
    case written(confirmed: Bool)
    case failed(RestorationError)
}
