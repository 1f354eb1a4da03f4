extension RestorationEngine {
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
        let report = restoreFromStorage()
        // A restore met the properties of what it restored; a fresh launch met none.
        if !report.restored { meetRestorableProperties() }
        return report
    }

    /// Tells every restorable property in the tree which engine it belongs to (rule R26),
    /// so that a change before the first save (a timer's, at a fresh launch) is saved too.
    /// Only at a launch that restored nothing: the walk asks every object for its children,
    /// which loads views, and a restored launch has met its restored objects' properties
    /// already (the first save meets the rest).
    /// Follows what a save would: objects with an identifier, to the depth limit, each
    /// once.
    private func meetRestorableProperties() {
        var stack = roots().map { (object: $0, depth: 1) }
        var seen = Set<ObjectIdentifier>()
        while let (object, depth) = stack.popLast() {
            guard object.usableRestorationIdentifier != nil, depth <= configuration.limits.maxDepth,
                seen.insert(ObjectIdentifier(object)).inserted
            else { continue }
            if properties.mayHave(object) {
                for property in properties.of(object) { property.engine = self }
            }
            for child in object.restorationChildren { stack.append((child, depth + 1)) }
        }
    }

    private func restoreFromStorage() -> RestorationReport {
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
        switch launchGuard.decide() {
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
            launchGuard.clearReporting("that could not be read")
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
                // A marker with nothing to guard: left, it would cut its subtree out of the
                // next archive, which no death touched (R28).
                if excluding != nil { launchGuard.clearReporting("with no archive to restore") }
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
            view: view, registry: registry, names: names, properties: properties, delegate: delegate,
            existingRoots: roots(),
            registeredObjects: liveRegisteredObjects, checksAdoption: configuration.checksAdoption)
        pass.excluded = excluding
        launchGuard.excludedSubtree = excluding
        // The app's context for the coders (R30), from the first question to the delegate on.
        pass.applicationContext = restorationContext
        if markingProgress {
            // The launch's restore, before the first frame: bounded in time (P3).
            pass.budget = RestoreBudget(
                limit: configuration.restoreTimeBudget, clock: configuration.restoreClock)
            // Where the restore is, in the marker, so that a death costs one subtree (R28).
            pass.progress = { [launchGuard] phase, record in
                launchGuard.markProgress(phase, subtree: record.map { view.path(ofRecord: $0).description })
            }
            // Objects may extend the restore while its pass runs (R27).
            pass.extend = { [deferred] reason, subtree in deferred.extend(reason: reason, subtree: subtree) }
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
            if markingProgress, let failure = launchGuard.begin() {
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
            deferred.isRestoring = markingProgress
            let report = pass.run()
            deferred.isRestoring = false
            record(report.diagnostics)
            // Deferred restoration (R27): the marker stays while extensions are open.
            if markingProgress { deferred.passEnded() }
            return report
        }
    }
}
