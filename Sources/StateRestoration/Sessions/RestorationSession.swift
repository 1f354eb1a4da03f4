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
/// session. Get one from ``RestorationSessions/open(_:now:)``.
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
    /// The open `session.lock`, locked; closed (and so unlocked) by ``release()`` or at
    /// `deinit`; nil once closed.
    private let lock: Mutex<Int32?>

    init(id: String, directory: String, isNew: Bool, lock: Int32, discardedPath: String) {
        self.id = id
        self.directory = directory
        self.storage = FileRestorationStorage(directory: directory)
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
        // still in place (no discardState first) is the newer state and wins.
        for item in [StorageItem.discardedArchive, .archive] {
            _ = UncheckedSystem.rename(storage.path(of: item), discardedPath)
        }
        try SessionFiles.removeDirectory(directory)
    }
}

/// The file steps that sessions share: removing a session's directory, syncing a
/// directory.
enum SessionFiles {
    /// The file a running instance locks in its session's directory.
    static let lockName = "session.lock"

    /// Removes the files in `directory`, then the directory, and syncs its parent.
    static func removeDirectory(_ directory: String) throws(RestorationError) {
        for name in UncheckedSystem.directoryEntries(directory) ?? [] where name != "." && name != ".." {
            UncheckedSystem.unlink(directory + "/" + name)
        }
        if UncheckedSystem.removeDirectory(directory) != 0, errno != ENOENT {
            let code = errno
            throw .io(
                operation: "remove directory", path: directory, code: code,
                message: UncheckedSystem.errorMessage(code))
        }
        syncDirectory(parent(of: directory))
    }

    /// Syncs a directory, so that renames and removals in it survive a power cut. Best
    /// effort: a failure means only that the step may be undone by a power cut.
    static func syncDirectory(_ directory: String) {
        let descriptor = UncheckedSystem.open(directory, O_RDONLY | O_DIRECTORY | O_CLOEXEC)
        guard descriptor >= 0 else { return }
        _ = fsync(descriptor)
        close(descriptor)
    }

    static func parent(of path: String) -> String {
        guard let slash = path.lastIndex(of: "/") else { return "." }
        return slash == path.startIndex ? "/" : String(path[..<slash])
    }
}
