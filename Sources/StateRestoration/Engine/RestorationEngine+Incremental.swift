/// A save planned on the main actor, to be assembled and written where the writer runs.
enum PlannedSave {
    /// Nothing the archive holds changed (rule R26).
    case unchanged(PreservationReport)
    case image(ArchiveImage, activity: RestorationActivity?, report: PreservationReport)
}

extension RestorationEngine {
    // MARK: Saves that cost what changed (P1)

    /// Notes that `object`'s restorable state, or its list of children, changed (rules R26,
    /// P1): ``RestorableObject/invalidateRestorableState()`` and setting a
    /// ``RestorableProperty`` call it. The next save encodes this object's record again, and
    /// checks its children against the last save, and copies every other record. With
    /// continuous preservation on, it schedules a save as ``stateDidChange()`` does.
    ///
    /// An object whose state changes without a call is not saved by an incremental save;
    /// see ``RestorationConfiguration/checksIncrementalSaves`` and docs/DECISIONS.md.
    public func stateDidChange(of object: any RestorableObject) {
        if !everythingChanged {
            changedObjects.insert(object)
            // So many changes cost as much as a full save, which keeps no list.
            if changedObjects.count > max(4096, lastNodeCount / 4) {
                everythingChanged = true
                changedObjects.removeAll()
            }
        }
        scheduleContinuousSave()
    }

    /// Asks the app delegate whether to save (rule R1); records why not.
    func delegateAllowsSave(reason: PreservationReason, metadata: SharedMetadata) -> Bool {
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
            return false
        }
        return true
    }

    /// ``preserve(reason:)`` with ``RestorationConfiguration/incrementalSaves`` on: a full
    /// save, whatever the reason (an app that asks for a save asks for all of its state,
    /// and whatever changed without saying so is saved then at the latest), written through
    /// the same image as a continuous save. Its write comes after those in flight; one that
    /// finds the archive on disk holding the same state writes nothing (R26).
    func preserveInFull(reason: PreservationReason) throws(RestorationError) -> PreservationReport {
        everythingChanged = true
        guard case .image(let image, let activity, let report) = planSave(reason: reason) else {
            return PreservationReport(
                reason: reason, saved: false, savedPaths: [], byteCount: 0, diagnostics: [])
        }
        let wrote: Bool
        do {
            wrote = try writer.write(image, activity: activity)
        } catch {
            everythingChanged = true
            record([BackgroundWriter.failure(error)])
            throw error
        }
        if launchGuard.awaitingConfirmation { launchGuard.confirm() }
        if wrote { delegate?.didPreserveState() }
        return report
    }

    /// A continuous save with ``RestorationConfiguration/incrementalSaves`` on: planned here,
    /// assembled and written off the main actor.
    func saveIncrementallyInBackground() {
        guard let plan = planSave(reason: .continuous) else { return }
        let confirming = launchGuard.awaitingConfirmation
        let done: @Sendable @MainActor () -> Void = { [weak self] in self?.reportFinishedWrites() }
        switch plan {
        case .unchanged:
            writer.writeInBackground(nil, activity: nil, confirming: confirming, then: done)
        case .image(let image, let activity, _):
            writer.writeInBackground(image, activity: activity, confirming: confirming, then: done)
        }
    }

    /// Plans a save: incremental when the last save's cache allows it, else a full pass
    /// that makes a new cache. Nil if the app delegate declines.
    func planSave(reason: PreservationReason) -> PlannedSave? {
        let metadata = SharedMetadata(currentMetadata())
        guard delegateAllowsSave(reason: reason, metadata: metadata) else { return nil }
        let activity = delegate?.stateRestorationActivity()
        if !everythingChanged, let cache = saveCache, !cache.wantsFullSave {
            let changed = changedObjects.objects
            changedObjects.removeAll()
            let context = IncrementalContext(
                registry: registry, names: names, properties: properties,
                maxDepth: configuration.limits.maxDepth, metadata: metadata, delegate: delegate,
                roots: roots())
            do {
                let (outcome, diagnostics, encoded) = try cache.update(changed: changed, context: context)
                record(diagnostics)
                let report = PreservationReport(
                    reason: reason, savedNodes: cache.savedNodes,
                    byteCount: cache.image(metadata: metadata.value).byteCount(records: cache.liveBytes),
                    diagnostics: diagnostics, encodedPaths: encoded.map { cache.path(of: Int($0)) })
                if configuration.checksIncrementalSaves,
                    let unsaid = unsaidChanges(in: cache.image(metadata: metadata.value), metadata: metadata)
                {
                    record([unsaid])
                } else {
                    saveCounts.incremental += 1
                    lastPreservationReport = report
                    switch outcome {
                    case .unchanged: return .unchanged(report)
                    case .changed(let image): return .image(image, activity: activity, report: report)
                    }
                }
            } catch {
                // What the cache does not patch: the full save below.
            }
        }
        return fullSave(reason: reason, metadata: metadata, activity: activity)
    }

    /// Walks and encodes everything, as a full save, recording each record's bytes for a
    /// new cache.
    func fullSave(reason: PreservationReason, metadata: SharedMetadata, activity: RestorationActivity?)
        -> PlannedSave
    {
        everythingChanged = false
        changedObjects.removeAll()
        saveCounts.full += 1
        // The last full save's body, unless a write in flight still reads it, is written
        // again (a new one would be a page fault for every 4 KiB); the rest of the last
        // cache goes before this save takes as much memory.
        var spare = saveCache?.takeBody()
        saveCache = nil
        if let capacity = spare?.capacity, capacity > 4 * max(lastArchiveSize, 1 << 16) { spare = nil }
        let builder: ArchiveBuilder
        if let spare = spare.take() {
            builder = ArchiveBuilder(reusing: spare)
        } else {
            builder = ArchiveBuilder(capacity: lastArchiveSize)
        }
        builder.startRecording(expectedRecords: lastNodeCount + lastNodeCount / 8)
        let pass = PreservationPass(
            roots: roots(), registry: registry, names: names, properties: properties,
            maxDepth: configuration.limits.maxDepth, expectedNodes: lastNodeCount,
            registeredIdentifiers: registeredIdentifiers(), builder: builder)
        pass.encodeAll(metadata: metadata, delegate: delegate)
        let recording = builder.takeRecording()
        let strings = builder.takeStrings()
        let recordCount = builder.recordCount
        let nodes = pass.nodes
        let taken = builder.takeBody()
        let first = recording.slots.first { $0.parent }.map { Int($0.offset) } ?? taken.count
        let applicationState = taken.copy(0..<first)
        let size = taken.count
        // The body becomes the cache's first chunk as it is, without a copy; the next full
        // save writes into a new one.
        let body = taken.frozen()
        let image: ArchiveImage
        if let cache = SaveCache(
            pass: pass, body: body, applicationState: applicationState, recording: recording, strings: strings
        ) {
            saveCache = cache
            image = cache.image(metadata: metadata.value)
        } else {
            saveCache = nil
            image = .whole(
                metadata: metadata.value, strings: strings.strings, applicationState: applicationState,
                body: body,
                count: recordCount)
            // No cache: every save is a full one until a full save makes one.
            everythingChanged = true
        }
        let byteCount = image.byteCount(records: size - first)
        lastArchiveSize = size + 256
        lastNodeCount = nodes.count
        record(pass.diagnostics)
        let report = PreservationReport(
            reason: reason, savedNodes: nodes, byteCount: byteCount, diagnostics: pass.diagnostics)
        lastPreservationReport = report
        return .image(image, activity: activity, report: report)
    }

    /// The debug check of ``RestorationConfiguration/checksIncrementalSaves``: a full pass
    /// next to the incremental save's image. Nil if they hold the same records; otherwise
    /// a diagnostic naming the paths whose state changed without saying so (the caller
    /// then saves in full).
    func unsaidChanges(in image: ArchiveImage, metadata: SharedMetadata) -> RestorationDiagnostic? {
        let pass = PreservationPass(
            roots: roots(), registry: registry, names: names, properties: properties,
            maxDepth: configuration.limits.maxDepth, expectedNodes: lastNodeCount,
            registeredIdentifiers: registeredIdentifiers())
        let full = pass.run(metadata: metadata, delegate: delegate)
        guard let expected = try? Archive(bytes: full), let found = try? Archive(bytes: image.archive())
        else {
            return RestorationDiagnostic(
                .warning, path: nil, reason: "an incremental save could not be checked against a full pass")
        }
        let paths = Self.differingPaths(expected, found)
        guard !paths.isEmpty else { return nil }
        return RestorationDiagnostic(
            .warning, path: paths[0],
            reason:
                RestorationDiagnostic.unsaidChangePrefix + " at \(paths.joined(separator: ", ")): its object "
                + "called neither invalidateRestorableState() nor set a restorable property, so an "
                + "incremental save kept its old record; this save is a full one")
    }

    /// The paths whose records differ between two archives, and "application state" if
    /// theirs does.
    static func differingPaths(_ expected: Archive, _ found: Archive) -> [String] {
        var paths: [String] = []
        if expected.applicationState != found.applicationState { paths.append("application state") }
        var byPath: [RestorationPath: ArchiveRecord] = [:]
        for record in found.records { byPath[record.path] = record }
        for record in expected.records where byPath.removeValue(forKey: record.path) != record {
            paths.append(record.path.description)
        }
        paths.append(contentsOf: byPath.keys.map(\.description).sorted())
        // Same records in another order (a reference's index differs).
        if paths.isEmpty && expected.records != found.records { paths.append("record order") }
        return paths
    }
}

extension RestorationDiagnostic {
    /// How the debug check's diagnostic begins.
    static let unsaidChangePrefix = "state changed without saying so"

    /// True for the warning of ``RestorationConfiguration/checksIncrementalSaves``: an
    /// object's state or children changed without a call to
    /// ``RestorableObject/invalidateRestorableState()`` (rule P1). A test harness fails on it.
    public var isUnsaidChange: Bool {
        kind == .warning && reason.hasPrefix(Self.unsaidChangePrefix)
    }
}

/// The objects that said they changed since the last save, each once however often it
/// said so (a view and its controller tell on every key), in the order they first did.
struct ChangedObjects {
    private(set) var objects: [any RestorableObject] = []
    private var identities: Set<ObjectIdentifier> = []

    var count: Int { objects.count }

    mutating func insert(_ object: any RestorableObject) {
        if identities.insert(ObjectIdentifier(object)).inserted { objects.append(object) }
    }

    mutating func removeAll() {
        objects.removeAll(keepingCapacity: true)
        identities.removeAll(keepingCapacity: true)
    }
}
