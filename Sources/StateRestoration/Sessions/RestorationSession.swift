import Synchronization

#if canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#endif

/// One running instance's session, held (rules S1, S2): its identifier, its directory, and
/// the storage of its archive, activity and launch markers.
///
/// The instance holds an exclusive `flock` on the session's `session.lock` for as long as
/// this object lives; the kernel drops it on any death, `kill -9` included, so a session
/// is never held by a process that no longer runs. No other instance writes a held
/// session. Get one from ``RestorationSessions/open(_:now:keeping:pruning:)``.
public final class RestorationSession: Sendable {
    /// The session's identifier: its directory's name under `sessions/`.
    public let id: String
    /// The session's directory.
    public let directory: String
    /// Where the engine of this instance keeps the archive and its markers.
    public let storage: FileRestorationStorage
    /// True when this launch created the session (a new one, `--fresh`, a deep link).
    public let isNew: Bool
    /// Where a discarded session's archive is set aside (one copy, rule R35).
    let discardedPath: String
    /// The file steps, recorded for rule X2 in its tests.
    let files: SessionFiles
    /// The open `session.lock`, locked; closed (and so unlocked) by ``release()`` or at
    /// `deinit`; nil once closed.
    private let lock: Mutex<Int32?>

    init(id: String, directory: String, isNew: Bool, lock: Int32, discardedPath: String, files: SessionFiles)
    {
        self.id = id
        self.directory = directory
        self.files = files
        self.storage =
            files.record.map { record in
                FileRestorationStorage(directory: directory, faults: StorageFaults(recording: record))
            } ?? FileRestorationStorage(directory: directory)
        self.isNew = isNew
        self.lock = Mutex(lock)
        self.discardedPath = discardedPath
    }

    deinit {
        release()
    }

    /// Gives the session up without ending it: its lock is released, so another launch may
    /// take it, state and all. The lock goes with the process anyway; an app calls this once
    /// it has saved for the last time, and tests call it to stand in for a kill.
    public func release() {
        lock.withLock { descriptor in
            if let open = descriptor { close(open) }
            descriptor = nil
        }
    }

    /// True while this instance holds the session.
    public var isHeld: Bool { lock.withLock { $0 != nil } }

    /// Ends the session for good (rule S4, quit and forget): its archive is set aside as
    /// `restoration.archive.discarded` in the state directory (the last state thrown
    /// away, rule R35), and its directory is removed. Other sessions are untouched.
    ///
    /// Call it after the engine's ``RestorationEngine/discardState(reason:)`` (which waits
    /// for writes in flight), as the instance quits: the lock is held until the object goes.
    /// - Throws: ``RestorationError/io(operation:path:code:message:)`` if the directory
    ///   could not be removed; what could be removed is gone.
    public func end() throws(RestorationError) {
        // The engine's discardState has set the archive aside in the session; an archive
        // still in place (no discardState first) is the newer state and wins. It is linked
        // into the state directory, and that synced, before the session goes: a power cut
        // leaves the copy in one place or both, never in neither.
        for item in [StorageItem.archive, .discardedArchive] {
            let path = storage.path(of: item)
            guard UncheckedSystem.linkStatus(ofPath: path) != nil else { continue }
            files.unlink(discardedPath)
            if files.link(path, discardedPath) {
                files.syncDirectory(SessionFiles.parent(of: discardedPath))
            }
            break
        }
        try files.removeDirectory(directory)
        // When it ended, and which sessions were in use then: a plain launch after this
        // starts a new session unless one of those, or one used since, is free (rule S9).
        let sessions = SessionFiles.parent(of: directory)
        let inUse = (UncheckedSystem.directoryEntries(sessions) ?? []).filter {
            RestorationSessions.isValidIdentifier($0)
                && RestorationSessions.isHeld(sessions + "/" + $0 + "/" + SessionFiles.lockName)
        }
        files.stamp(sessions + "/" + SessionFiles.endedName, lines: inUse.sorted())
    }
}

/// The file steps of sessions, each reported to the power-loss recorder of rule X2 once it
/// succeeded (``StorageFaults/record``; nil in an app).
struct SessionFiles: Sendable {
    /// The file a running instance locks in its session's directory.
    static let lockName = "session.lock"
    /// The file in the sessions directory whose modification time says when a session was
    /// last ended by quit and forget (rule S9). A hidden name: never a session's.
    static let endedName = ".ended"

    /// Writes the time, then `lines`, into the file at `path`, making it if needed (its
    /// modification time is what counts). Anything there but the engine's own file (a FIFO,
    /// which would block the open or take the text; a hard link, whose other name would be
    /// written; another user's file) is replaced by a new file, never written (rule R32).
    func stamp(_ path: String, lines: [String] = []) {
        if let status = UncheckedSystem.linkStatus(ofPath: path), !Self.isOwnFile(status) {
            unlink(path)
        }
        let descriptor = UncheckedSystem.open(
            path, O_WRONLY | O_CREAT | O_CLOEXEC | O_NOFOLLOW | O_NONBLOCK, 0o600)
        guard descriptor >= 0 else { return }
        guard let status = UncheckedSystem.status(of: descriptor), Self.isOwnFile(status) else {
            close(descriptor)
            return
        }
        _ = ftruncate(descriptor, 0)
        let text = (["\(time(nil))"] + lines).joined(separator: "\n") + "\n"
        _ = UncheckedSystem.write(descriptor, Array(text.utf8), from: 0)
        close(descriptor)
    }

    /// Told of every step that changed a directory.
    let record: (@Sendable (StorageOperation) -> Void)?

    func makeDirectory(_ path: String) -> Bool {
        guard UncheckedSystem.mkdir(path, 0o700) == 0 else { return false }
        record?(.makeDirectory(path: path))
        return true
    }

    /// Creates and opens a new lock file; -1 on failure.
    func createLock(_ path: String) -> Int32 {
        let descriptor = UncheckedSystem.open(path, O_RDWR | O_CREAT | O_EXCL | O_CLOEXEC | O_NOFOLLOW, 0o600)
        if descriptor >= 0 { record?(.create(path: path)) }
        return descriptor
    }

    func rename(_ source: String, _ destination: String) -> Bool {
        guard UncheckedSystem.rename(source, destination) == 0 else { return false }
        record?(.rename(from: source, to: destination))
        return true
    }

    func link(_ source: String, _ destination: String) -> Bool {
        guard UncheckedSystem.link(source, destination) == 0 else { return false }
        record?(.link(from: source, to: destination))
        return true
    }

    @discardableResult
    func unlink(_ path: String) -> Bool {
        guard UncheckedSystem.unlink(path) == 0 else { return false }
        record?(.remove(path: path))
        return true
    }

    /// Removes the files in `directory`, then the directory, and syncs its parent (unless
    /// the caller syncs once for many).
    func removeDirectory(_ directory: String, syncingParent: Bool = true) throws(RestorationError) {
        for name in UncheckedSystem.directoryEntries(directory) ?? [] where name != "." && name != ".." {
            unlink(directory + "/" + name)
        }
        if UncheckedSystem.removeDirectory(directory) != 0 {
            guard errno == ENOENT else {
                let code = errno
                throw .io(
                    operation: "remove directory", path: directory, code: code,
                    message: UncheckedSystem.errorMessage(code))
            }
        } else {
            record?(.removeDirectory(path: directory))
        }
        if syncingParent { syncDirectory(Self.parent(of: directory)) }
    }

    /// Syncs a directory, so that the entries changed in it survive a power cut. Best
    /// effort: a failure means only that a power cut may undo the step.
    func syncDirectory(_ directory: String) {
        let descriptor = UncheckedSystem.open(directory, O_RDONLY | O_DIRECTORY | O_CLOEXEC)
        guard descriptor >= 0 else { return }
        if fsync(descriptor) == 0 { record?(.syncDirectory(path: directory)) }
        close(descriptor)
    }

    /// Whether `status` is of a file the engine may write in place: a regular file of this
    /// user's with no other name.
    static func isOwnFile(_ status: stat) -> Bool {
        status.st_mode & S_IFMT == S_IFREG && status.st_nlink == 1 && status.st_uid == geteuid()
    }

    static func parent(of path: String) -> String {
        guard let slash = path.lastIndex(of: "/") else { return "." }
        return slash == path.startIndex ? "/" : String(path[..<slash])
    }
}
