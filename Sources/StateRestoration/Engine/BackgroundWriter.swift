import Dispatch
import Synchronization

/// Writes archives for the engine, on one serial queue: at once for a save that must land
/// before it returns (background, termination), off the main actor for continuous saves
/// (rule R20).
///
/// It remembers what the last write put on disk, so that a pass that encodes the same
/// state again writes nothing (rule R26), and checks that every archive reads back under
/// the limits before it replaces the previous one (rule R34). A background write posts its
/// outcome to the main actor the moment it finishes (``RestorationScheduler/mainActorPost``);
/// the engine takes the outcomes with ``takeOutcomes()``.
@MainActor
final class BackgroundWriter {
    /// What became of one background write.
    enum Outcome: Sendable {
        /// Written; `confirmed` if the launch history was cleared after it (rule R35).
        case written(confirmed: Bool)
        case failed(RestorationError)
    }

    private let storage: any RestorationStorage
    private let limits: ArchiveLimits
    private let post: MainActorPost
    private let queue = DispatchQueue(label: "StateRestoration.write")
    private let finished = Outcomes()
    /// Background writes started and not yet taken.
    private var inFlight = 0
    /// What the last write put on disk (archive and activity), without the metadata,
    /// whose timestamp changes with every pass. Nil after anything else touched the archive.
    private var lastWritten: WrittenState?

    init(storage: any RestorationStorage, limits: ArchiveLimits, post: @escaping MainActorPost) {
        self.storage = storage
        self.limits = limits
        self.post = post
    }

    /// True if the archive on disk is known to hold what the last write put there.
    var holdsLastWrite: Bool { lastWritten != nil }

    /// True if `state` is what the last write put on disk (rule R26).
    func alreadyWrote(_ state: WrittenState) -> Bool {
        lastWritten.map(state.holdsSameState) == true
    }

    /// Forgets what is on disk: the next write writes, even the same state.
    func forget() {
        lastWritten = nil
        lastImage.set(nil)
    }

    /// What the last write of an image put on disk, kept where images are assembled.
    private let lastImage = LastImage()

    /// Assembles `image` and writes it before returning, after the writes already queued,
    /// unless the archive on disk already holds its state (R26).
    /// - Returns: False if it wrote nothing for that reason.
    /// - Throws: ``RestorationError``; the previous archive is then intact.
    func write(_ image: ArchiveImage, activity: RestorationActivity?) throws(RestorationError) -> Bool {
        lastWritten = nil
        let storage = self.storage
        let limits = self.limits
        let lastImage = self.lastImage
        let result = queue.sync { () -> Result<Bool, RestorationError> in
            Result { () throws(RestorationError) -> Bool in
                try Self.store(image, activity: activity, in: storage, limits: limits, last: lastImage)
            }
        }
        return try result.get()
    }

    /// ``writeInBackground(_:confirming:then:)`` for an image, assembled on the write queue;
    /// a nil image writes nothing (the state did not change) and only confirms.
    func writeInBackground(
        _ image: ArchiveImage?, activity: RestorationActivity?, confirming: Bool,
        then report: @escaping @Sendable @MainActor () -> Void
    ) {
        lastWritten = nil
        let storage = self.storage
        let limits = self.limits
        let lastImage = self.lastImage
        enqueue(confirming: confirming, then: report) { () throws(RestorationError) in
            if let image {
                _ = try Self.store(image, activity: activity, in: storage, limits: limits, last: lastImage)
            }
        }
    }

    /// Runs `write` on the queue, then removes the launch history if `confirming`, and
    /// posts the outcome.
    private func enqueue(
        confirming: Bool, then report: @escaping @Sendable @MainActor () -> Void,
        _ write: @escaping @Sendable () throws(RestorationError) -> Void
    ) {
        let storage = self.storage
        inFlight += 1
        queue.async { [finished, post] in
            let outcome: Outcome
            do throws(RestorationError) {
                try write()
                if confirming { try storage.remove(.launchHistory) }
                outcome = .written(confirmed: confirming)
            } catch {
                outcome = .failed(error)
            }
            finished.append(outcome)
            post(report)
        }
    }

    /// Assembles, checks and stores an image, on the write queue; false if the archive on
    /// disk already held its state.
    nonisolated private static func store(
        _ image: ArchiveImage, activity: RestorationActivity?, in storage: any RestorationStorage,
        limits: ArchiveLimits, last: LastImage
    ) throws(RestorationError) -> Bool {
        let state = WrittenState(image, activity: activity)
        if last.holds(state) { return false }
        last.set(nil)
        try checkReadsBack(state, limits: limits)
        try storage.store(state.file, as: .archive)
        last.set(state)
        return true
    }

    /// Writes `state` before returning, after the writes already queued.
    /// - Throws: ``RestorationError``; the previous archive is then intact.
    func write(_ state: WrittenState) throws(RestorationError) {
        lastWritten = nil
        let storage = self.storage
        let limits = self.limits
        let result = queue.sync { () -> Result<Void, RestorationError> in
            Result { () throws(RestorationError) in
                try Self.checkReadsBack(state, limits: limits)
                try storage.store(state.file, as: .archive)
            }
        }
        if case .failure(let error) = result { throw error }
        lastWritten = state
    }

    /// Writes `state` off the main actor, unless the archive on disk already holds it, and
    /// then removes the launch history if `confirming` (rule R35: in the same queue, right
    /// after the archive, so a kill after this save does not count the restore against
    /// it). `then` runs on the main actor once the outcome can be taken.
    func writeInBackground(
        _ state: WrittenState, confirming: Bool, then report: @escaping @Sendable @MainActor () -> Void
    ) {
        let unchanged = alreadyWrote(state)
        lastWritten = state
        let storage = self.storage
        let limits = self.limits
        enqueue(confirming: confirming, then: report) { () throws(RestorationError) in
            if !unchanged {
                try Self.checkReadsBack(state, limits: limits)
                try storage.store(state.file, as: .archive)
            }
        }
    }

    /// True while background writes have not been taken.
    var hasWritesInFlight: Bool { inFlight > 0 }

    /// Waits until every write queued so far has finished.
    func waitForWrites() {
        queue.sync {}
    }

    /// The outcomes of the background writes finished since the last call, oldest first.
    /// After a failure the archive on disk is not known, so the next write writes.
    func takeOutcomes() -> [Outcome] {
        let outcomes = finished.take()
        inFlight = max(0, inFlight - outcomes.count)
        if outcomes.contains(where: { if case .failed = $0 { true } else { false } }) {
            lastWritten = nil
        }
        return outcomes
    }

    /// Throws if the archive would not read back under `limits` (rule R34): a save never
    /// replaces a good archive with one that the next launch would refuse. Runs where the
    /// write runs, off the main actor for continuous saves.
    nonisolated private static func checkReadsBack(
        _ state: WrittenState, limits: ArchiveLimits
    ) throws(RestorationError) {
        // The limit is the file's, activity included: the reader refuses a larger file
        // before reading it.
        guard state.file.count <= limits.maxTotalBytes else {
            throw .archive(
                ArchiveError(.tooLarge(size: state.file.count, limit: limits.maxTotalBytes), at: 0))
        }
        do {
            _ = try ArchiveReader(bytes: state.archive, limits: limits).view()
        } catch {
            throw .archive(error)
        }
    }

    /// The diagnostic of a failed write. Every step before the rename leaves the previous
    /// archive as it was; only the directory's fsync comes after it, when the new archive
    /// is already in place but its rename may not yet be on the disk.
    static func failure(_ error: RestorationError) -> RestorationDiagnostic {
        if case .io(let operation, _, _, _) = error, operation == StorageStep.syncDirectory.rawValue {
            return RestorationDiagnostic(
                .saveFailed, path: nil,
                reason: "\(error); the new archive is in place, but a power cut could still undo its rename")
        }
        return RestorationDiagnostic(
            .saveFailed, path: nil, reason: "\(error); the previous archive is intact")
    }
}

/// An archive file as written, and where its state lies in it: the bytes after the
/// metadata (whose timestamp differs at every pass) up to the archive's CRC-32 (which
/// covers the metadata too), and the activity after it. Two passes with the same state
/// write the same bytes there (rule R26). Holds the file itself, not a copy.
struct WrittenState: Sendable {
    /// The archive without the activity.
    let archive: [UInt8]
    /// The file: the archive, then the activity's footer if there is one.
    let file: [UInt8]
    /// Where the metadata ends, and where the archive's CRC-32 starts.
    private let start: Int
    private let checksum: Int

    init(_ encoded: EncodedState) {
        self.init(archive: encoded.bytes, file: encoded.fileBytes, metadata: encoded.metadata)
    }

    /// The state of an archive and its file (the archive, then the activity's footer).
    init(archive: [UInt8], file: [UInt8], metadata: ArchiveMetadata) {
        var written = ByteWriter(capacity: 256)
        written.varint(UInt64(metadata.entries.count))
        for entry in metadata.entries {
            written.string(entry.key)
            written.value(entry.value)
        }
        self.archive = archive
        self.file = file
        checksum = archive.count - ArchiveFormat.trailerSize
        start = min(ArchiveFormat.headerSize + written.bytes.count, checksum)
    }

    /// The state of an image, assembled: what a save writes (rule P1).
    init(_ image: ArchiveImage, activity: RestorationActivity?) {
        let archive = image.archive()
        var file = archive
        if let activity { file += ActivityFooter.encode(activity) }
        self.init(archive: archive, file: file, metadata: image.metadata)
    }

    func holdsSameState(as other: WrittenState) -> Bool {
        file[start..<checksum] == other.file[other.start..<other.checksum]
            && file[(checksum + ArchiveFormat.trailerSize)...]
                == other.file[(other.checksum + ArchiveFormat.trailerSize)...]
    }
}

/// What the last write of an image put on disk, read and set on the write queue (and
/// forgotten from the main actor).
private final class LastImage: Sendable {
    private let state = Mutex<WrittenState?>(nil)

    func set(_ written: WrittenState?) {
        state.withLock { $0 = written }
    }

    func holds(_ written: WrittenState) -> Bool {
        state.withLock { $0.map(written.holdsSameState) == true }
    }
}

/// Outcomes of background writes, handed from the write queue to the main actor.
private final class Outcomes: Sendable {
    private let outcomes = Mutex<[BackgroundWriter.Outcome]>([])

    func append(_ outcome: BackgroundWriter.Outcome) {
        outcomes.withLock { $0.append(outcome) }
    }

    func take() -> [BackgroundWriter.Outcome] {
        outcomes.withLock { outcomes in
            defer { outcomes.removeAll() }
            return outcomes
        }
    }
}
