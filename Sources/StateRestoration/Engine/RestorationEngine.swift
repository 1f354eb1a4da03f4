import Foundation

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
    public internal(set) var lastPreservationReport: PreservationReport?

    let roots: @MainActor () -> [any RestorableObject]
    let scheduler: any RestorationScheduler
    let names = TypeNameCache()
    let properties: RestorableProperties
    /// Where the restorable properties of each class are stored: hand it to another thread
    /// to reflect the classes a restore will meet ahead of it (rule P2).
    public nonisolated let restorablePropertyLayouts = RestorablePropertyLayouts()
    /// Where diagnostics go as text, within the launch budget (rules R21, R33).
    private let diagnosticOutput: DiagnosticOutput
    /// The size of the last archive encoded: the next save reserves that much at once
    /// rather than growing its buffer (and copying it) step by step.
    var lastArchiveSize = 4096
    /// The number of objects the last save recorded, for the same reason.
    var lastNodeCount = 32
    /// The body buffer of the last save, which the next one writes into: allocating a new
    /// one for each save had the system map and zero its memory again (a page fault per
    /// 4 KiB). Freed with the engine.
    var spareBody: RawBytes?
    var registeredObjects: [WeakObject] = []
    /// The continuous save's debounce, bounded by the maximum delay (rules R20, H15).
    private var pendingSave: BoundedDebounce?
    /// Writes the archives (rules R20, R26, R34).
    let writer: BackgroundWriter
    /// The in-progress marker and the launch history (rules R18, R28, R35).
    let launchGuard: LaunchGuard
    /// The extensions of the restore under way (rule R27).
    let deferred: DeferredRestoration
    /// What the last save wrote, record by record, for the next save to reuse (rule P1);
    /// nil when the next save is a full one.
    var saveCache: SaveCache?
    /// The objects that said they changed since the last save (``stateDidChange(of:)``).
    var changedObjects = ChangedObjects()
    /// True after a change that did not say which object (``stateDidChange()``): the next
    /// save is a full one.
    var everythingChanged = true
    /// How many saves were incremental, and how many full: for tests and the benchmark.
    var saveCounts = (incremental: 0, full: 0)

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
        properties = RestorableProperties(layouts: restorablePropertyLayouts)
        self.storage = storage
        self.scheduler = scheduler ?? TaskScheduler()
        self.delegate = delegate
        self.roots = roots
        diagnosticOutput = DiagnosticOutput(configuration.debugOutput)
        let scheduler = self.scheduler
        writer = BackgroundWriter(
            storage: storage, limits: configuration.limits, post: scheduler.mainActorPost)
        // The parts record their diagnostics in the engine's list, which exists once the
        // engine does.
        let reference = EngineReference()
        let record: @MainActor (RestorationDiagnostic) -> Void = { reference.engine?.record([$0]) }
        launchGuard = LaunchGuard(
            storage: storage, configuration: configuration, scheduler: scheduler, record: record)
        deferred = DeferredRestoration(
            launchGuard: launchGuard, scheduler: scheduler, timeout: configuration.deferredRestorationTimeout,
            record: record)
        reference.engine = self
        properties.engine = self
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
        guard delegateAllowsSave(reason: reason, metadata: metadata) else { return nil }
        // The last save's body buffer, unless it is far larger than this save will need.
        var body = spareBody.take()
        if let capacity = body?.capacity, capacity > 4 * max(lastArchiveSize, 1 << 16) {
            body = nil
        }
        let pass = PreservationPass(
            roots: roots(), registry: registry, names: names, properties: properties,
            maxDepth: configuration.limits.maxDepth,
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
        if reason == .background || reason == .termination { launchGuard.confirm() }
        // A clean exit is not a death while restoring, even with extensions open (R27).
        if reason == .termination { deferred.endForCleanExit() }
        if configuration.incrementalSaves { return try preserveInFull(reason: reason) }
        guard let encoded = encodeState(reason: reason) else {
            return PreservationReport(
                reason: reason, saved: false, savedPaths: [], byteCount: 0, diagnostics: [])
        }
        let state = WrittenState(encoded)
        if writer.alreadyWrote(state) {
            // Nothing changed since the last write: the archive on disk holds it (R26), once
            // a background write of it still in flight has landed; a pass on background or
            // termination must not return before (the process may stop or die next). If
            // that write failed, this pass writes it.
            writer.waitForWrites()
            reportFinishedWrites()
            if writer.holdsLastWrite {
                if launchGuard.awaitingConfirmation { launchGuard.confirm() }
                return encoded.report
            }
        }
        do {
            try writer.write(state)
        } catch {
            record([BackgroundWriter.failure(error)])
            throw error
        }
        if launchGuard.awaitingConfirmation { launchGuard.confirm() }
        delegate?.didPreserveState()
        return encoded.report
    }

    /// Notes that restorable state changed. With continuous preservation on (rule R20),
    /// a save runs once no further change has come for the configured delay, and at the
    /// latest ``RestorationConfiguration/maximumPreservationDelay`` after the first change
    /// it has not saved (rule H15), however steadily changes keep coming; its write
    /// happens off the main actor.
    public func stateDidChange() {
        everythingChanged = true
        changedObjects.removeAll()
        scheduleContinuousSave()
    }

    /// Schedules a continuous save after the debounce (rules R20, H15).
    func scheduleContinuousSave() {
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
        // It names no object: a full save (rule P1).
        everythingChanged = true
        saveInBackground()
    }

    /// True while a continuous save is waiting for its debounce.
    public var hasPendingSave: Bool { pendingSave?.isPending == true }

    /// Waits for writes started by continuous preservation, then reports their failures to
    /// the delegate. Tests use it; an app never has to.
    public func waitForPendingWrites() {
        writer.waitForWrites()
        reportFinishedWrites()
    }

    private func saveInBackground() {
        if configuration.incrementalSaves {
            saveIncrementallyInBackground()
            return
        }
        guard let encoded = encodeState(reason: .continuous) else { return }
        // A save after a restore confirms it (rule R35).
        writer.writeInBackground(WrittenState(encoded), confirming: launchGuard.awaitingConfirmation) {
            [weak self] in self?.reportFinishedWrites()
        }
    }

    /// Reports the background writes that finished: each success to the delegate, each
    /// failure as a diagnostic and to the delegate, so that a failed save reaches the user
    /// without waiting for the next change.
    func reportFinishedWrites() {
        for outcome in writer.takeOutcomes() {
            switch outcome {
            case .written(let confirmed):
                delegate?.didPreserveState()
                if confirmed { launchGuard.confirmed() }
            case .failed(let error):
                // The next save writes the whole state, even unchanged.
                everythingChanged = true
                record([BackgroundWriter.failure(error)])
                delegate?.didFailToPreserveState(error)
            }
        }
    }

    // MARK: Discarding (R18, R35)

    /// Throws the saved state away: the counterpart of force-quitting from the app
    /// switcher, and of a `--fresh` launch. The next launch starts fresh. The archive is
    /// set aside as ``StorageItem/discardedArchive`` (one copy, the last thrown away).
    /// - Parameter reason: Shown in the diagnostic.
    public func discardState(reason: String) {
        pendingSave?.cancel()
        writer.waitForWrites()
        let aside = setArchiveAside()
        launchGuard.clearReporting("of the state thrown away")
        record([RestorationDiagnostic(.archiveDiscarded, path: nil, reason: reason + aside)])
    }

    /// Renames the archive to ``StorageItem/discardedArchive`` (never reads or copies it:
    /// it may be huge, or not a regular file) and clears the launch markers. Returns the
    /// end of a diagnostic saying what became of the archive, for the user to act on.
    func setArchiveAside() -> String {
        writer.forget()
        everythingChanged = true
        do {
            try storage.move(.archive, to: .discardedArchive)
        } catch {
            return "; it could not be set aside (\(error)), and the next save replaces it"
        }
        do {
            try launchGuard.clear()
        } catch {
            record([
                RestorationDiagnostic(
                    .saveFailed, path: nil, reason: "could not clear the launch markers: \(error)")
            ])
        }
        return "; it was set aside as \(StorageItem.discardedArchive.rawValue) in \(storage.location)"
    }

    // MARK: Deferred restoration (R27) and crash-loop protection (R18)

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
        deferred.extend(reason: reason, subtree: subtree)
    }

    /// True while restoration waits for extensions (rule R27).
    public var isRestorationExtended: Bool { deferred.isExtended }

    /// Marks this launch as healthy: it lived past the crash-loop window. The engine does
    /// this itself after the window and on background or termination saves.
    public func confirmLaunchIsStable() {
        launchGuard.confirm()
    }

    // MARK: Diagnostics

    func record(_ notes: [RestorationDiagnostic]) {
        guard !notes.isEmpty else { return }
        diagnostics.append(contentsOf: notes)
        diagnosticOutput.write(notes)
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

/// The engine, for its parts' diagnostics, once it exists.
@MainActor
private final class EngineReference {
    weak var engine: RestorationEngine?
}
