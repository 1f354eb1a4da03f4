import Foundation

#if canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#endif

/// Which session a launch gets (rule S3).
public enum SessionChoice: Hashable, Sendable {
    /// This one (`--session ID`): an existing session, or a new one by that name.
    case named(String)
    /// The most recently saved session that no running instance holds; a new one if none.
    case mostRecent
    /// A new session (`--fresh`, a deep link).
    case new
}

/// When sessions are pruned (rule S4).
public struct SessionPolicy: Hashable, Sendable {
    /// A session not used for this long is removed at launch. Default 30 days.
    public var maximumAge: Duration
    /// Beyond this many sessions, the least recently used are removed at launch. Default 16.
    public var maximumCount: Int

    /// Creates a policy.
    public init(maximumAge: Duration = .seconds(30 * 24 * 3600), maximumCount: Int = 16) {
        self.maximumAge = maximumAge
        self.maximumCount = maximumCount
    }
}

/// A session as seen from outside: what `restoration-archive sessions` lists (rule S7).
public struct SessionInfo: Hashable, Sendable {
    /// The session's identifier.
    public var id: String
    /// Its directory.
    public var directory: String
    /// Its archive's path (which may not exist).
    public var archivePath: String
    /// When its archive was last written, or nil if it has none.
    public var lastSaved: Date?
    /// When it was last saved or launched: what pruning goes by.
    public var lastUsed: Date
    /// True when a running instance holds it.
    public var isHeld: Bool
}

/// A failure to get a session.
public enum SessionError: Error, Hashable, Sendable, CustomStringConvertible {
    /// `--session` named something that cannot be a session's name.
    case invalidIdentifier(String)
    /// The session is held by a running instance.
    case held(String)
    /// A file step failed, or a directory is not safe (rule R36).
    case storage(RestorationError)

    public var description: String {
        switch self {
        case .invalidIdentifier(let id):
            "'\(id)' cannot name a session: use 1 to 64 letters, digits, '-', '_' or '.', not starting with '.'"
        case .held(let id):
            "session '\(id)' is in use by another running instance; each instance needs its own session"
        case .storage(let error):
            "\(error)"
        }
    }
}

/// The sessions of one app's state directory (rules S1–S4): several instances of an app,
/// each with its own archive, activity and launch markers, none writing another's.
///
/// The layout (docs/SESSIONS.md):
/// ```
/// <state>/sessions/<id>/restoration.archive    the archive, with its activity footer
/// <state>/sessions/<id>/restoration.restoring  the in-progress marker (R18)
/// <state>/sessions/<id>/restoration.launches   the launch history (R18, R35)
/// <state>/sessions/<id>/session.lock           locked by the instance that holds it
/// <state>/restoration.archive.discarded        the last state thrown away by a quit-and-forget
/// ```
///
/// A launch calls ``open(_:now:keeping:pruning:)`` once: it moves a single archive from before sessions
/// into a first session, takes a session by ``SessionChoice``, and prunes old ones. Every
/// step is safe against other instances doing the same at the same moment: a session
/// appears only once its lock is held (it is made under a hidden name and renamed), and
/// only a session whose lock can be taken is ever removed.
public struct RestorationSessions: Sendable {
    /// The app's state directory.
    public let stateDirectory: String
    /// When sessions are pruned.
    public var policy: SessionPolicy
    /// The file steps, recorded for rule X2 in its tests.
    let files: SessionFiles

    /// Uses `stateDirectory`, creating it (mode 0700) when a session is first opened.
    public init(stateDirectory: String, policy: SessionPolicy = SessionPolicy()) {
        self.init(stateDirectory: stateDirectory, policy: policy, files: SessionFiles(record: nil))
    }

    /// Uses `stateDirectory`, telling `faults.record` of every step that changes a
    /// directory, the sessions' own and their storages' (rule X2's `crash-states`).
    @_spi(Testing) public init(
        stateDirectory: String, policy: SessionPolicy = SessionPolicy(), faults: StorageFaults
    ) {
        self.init(stateDirectory: stateDirectory, policy: policy, files: SessionFiles(record: faults.record))
    }

    private init(stateDirectory: String, policy: SessionPolicy, files: SessionFiles) {
        var directory = stateDirectory
        while directory.count > 1 && directory.hasSuffix("/") { directory.removeLast() }
        self.stateDirectory = directory
        self.policy = policy
        self.files = files
    }

    /// `<state>/sessions`.
    public var sessionsDirectory: String { stateDirectory + "/sessions" }

    /// `<state>/restoration.archive.discarded`.
    public var discardedArchivePath: String {
        stateDirectory + "/" + StorageItem.discardedArchive.rawValue
    }

    /// The directory of session `id`.
    public func directory(of id: String) -> String { sessionsDirectory + "/" + id }

    /// Whether `id` can name a session: 1 to 64 of `A-Z a-z 0-9 - _ .`, not starting with
    /// `.` (names starting with `.` are the engine's own, half-made or being removed).
    public static func isValidIdentifier(_ id: String) -> Bool {
        guard (1...64).contains(id.utf8.count), !id.hasPrefix(".") else { return false }
        return id.utf8.allSatisfy { byte in
            (0x30...0x39).contains(byte) || (0x41...0x5A).contains(byte) || (0x61...0x7A).contains(byte)
                || byte == 0x2D || byte == 0x5F || byte == 0x2E
        }
    }

    // MARK: Opening

    /// What ``open(_:now:keeping:pruning:)`` did besides taking the session.
    public struct Opening: Sendable {
        /// The session, held.
        public var session: RestorationSession
        /// The session the single archive from before sessions moved into, if it moved now.
        public var migrated: String?
        /// The sessions removed by pruning.
        public var pruned: [String]
    }

    /// Takes a session for this instance (rule S3), after moving an archive from before
    /// sessions into one (S1), and prunes old sessions (S4).
    ///
    /// `keeping` names sessions that hold something of the app's that the user has not
    /// finished (an unfinished new item): pruning by count passes them over; pruning by age
    /// does not, and the app says what went with them.
    ///
    /// With `pruning: false` the launch does only what choosing its session needs, and the
    /// app calls ``tidy(now:keeping:)`` later, off the path to its first frame (a state
    /// directory with thousands of old or planted sessions would otherwise delay it).
    /// - Throws: ``SessionError/held(_:)`` when `.named` names a session another instance
    ///   holds; ``SessionError/invalidIdentifier(_:)`` for a bad name;
    ///   ``SessionError/storage(_:)`` when the directory is unsafe or cannot be written.
    public func open(
        _ choice: SessionChoice, now: Date = Date(), keeping: Set<String> = [], pruning: Bool = true
    ) throws(SessionError) -> Opening {
        try prepareDirectories()
        let migrated = try migrateLegacyState()
        let session: RestorationSession
        switch choice {
        case .named(let id):
            guard Self.isValidIdentifier(id) else { throw .invalidIdentifier(id) }
            if let existing = try take(id) {
                session = existing
            } else {
                session = try createSession(named: id)
            }
        case .mostRecent:
            if let free = try mostRecentFree() {
                session = free
            } else {
                session = try createSession(named: nil)
            }
        case .new:
            session = try createSession(named: nil)
        }
        let pruned = pruning ? tidy(now: now, keeping: keeping) : []
        return Opening(session: session, migrated: migrated, pruned: pruned)
    }

    /// What ``open(_:now:keeping:pruning:)`` does after taking a session, for an app that
    /// opened with `pruning: false`: clears what killed launches left half made or half
    /// removed, then prunes (rule S4). Safe on any thread, beside the running app: only
    /// sessions whose lock it can take are touched, never a held one.
    /// - Returns: The removed sessions' identifiers.
    @discardableResult
    public func tidy(now: Date = Date(), keeping: Set<String> = []) -> [String] {
        removeAbandonedWork()
        return prune(now: now, keeping: keeping)
    }

    /// The most recently saved session no instance holds, taken; nil if there is none, or
    /// if a session was ended (quit and forget) after it was last used (rule S9: after
    /// forgetting, a plain launch starts anew rather than bring back an older session).
    private func mostRecentFree() throws(SessionError) -> RestorationSession? {
        let ended = lastEnded ?? .distantPast
        // A session in use when the other ended was used after it, whenever it stopped.
        let inUseThen = sessionsInUseAtLastEnd
        let saved = sessions().filter {
            $0.lastSaved != nil && !$0.isHeld && ($0.lastUsed > ended || inUseThen.contains($0.id))
        }
        .sorted { ($0.lastSaved ?? .distantPast) > ($1.lastSaved ?? .distantPast) }
        for info in saved {
            // Another instance may take it between the listing and now: then the next.
            if let session = try? take(info.id) { return session }
        }
        return nil
    }

    /// Session `id` taken by this instance; nil if it does not exist.
    /// - Throws: ``SessionError/held(_:)`` if a running instance holds it.
    private func take(_ id: String) throws(SessionError) -> RestorationSession? {
        let directory = directory(of: id)
        guard let status = UncheckedSystem.linkStatus(ofPath: directory) else { return nil }
        guard status.st_mode & S_IFMT == S_IFDIR else {
            throw .storage(.refused(path: directory, reason: "is not a directory"))
        }
        do {
            try DirectoryTrust.check(directory)
        } catch {
            throw .storage(error)
        }
        let path = directory + "/" + SessionFiles.lockName
        let lock = UncheckedSystem.open(path, O_RDWR | O_CREAT | O_CLOEXEC | O_NOFOLLOW | O_NONBLOCK, 0o600)
        guard lock >= 0 else {
            if errno == ENOENT { return nil }  // removed since
            throw .storage(FileRestorationStorage.failure("open", path))
        }
        // The pid is written into the lock: only into the session's own file (rule R32).
        guard let lockStatus = UncheckedSystem.status(of: lock), SessionFiles.isOwnFile(lockStatus) else {
            close(lock)
            throw .storage(
                .refused(
                    path: path,
                    reason: "is not a regular file of this user's with one name; remove it to use the session"
                ))
        }
        guard Self.lockExclusively(lock) else {
            close(lock)
            throw .held(id)
        }
        // Still the file in the directory (the session was not pruned and made again)?
        guard let opened = UncheckedSystem.status(of: lock),
            let named = UncheckedSystem.linkStatus(ofPath: path),
            opened.st_ino == named.st_ino, opened.st_dev == named.st_dev
        else {
            close(lock)
            return nil
        }
        Self.stamp(lock)
        return RestorationSession(
            id: id, directory: directory, isNew: false, lock: lock, discardedPath: discardedArchivePath,
            files: files)
    }

    /// A new session, named `id` or a random name, made under a hidden name with its lock
    /// held and then renamed into place, so that no one sees it unheld.
    private func createSession(named id: String?) throws(SessionError) -> RestorationSession {
        for _ in 0..<8 {
            let name = id ?? Self.randomIdentifier()
            let hidden = sessionsDirectory + "/.new-\(name)-\(UInt32.random(in: 0...UInt32.max))"
            guard files.makeDirectory(hidden) else {
                throw .storage(FileRestorationStorage.failure("create directory", hidden))
            }
            let lock = files.createLock(hidden + "/" + SessionFiles.lockName)
            guard lock >= 0 else {
                // Removed by another launch's clean-up in the instant before the lock.
                _ = try? files.removeDirectory(hidden)
                continue
            }
            _ = Self.lockExclusively(lock)
            Self.stamp(lock)
            let directory = directory(of: name)
            if !files.rename(hidden, directory) {
                let code = errno
                close(lock)
                _ = try? files.removeDirectory(hidden)
                if code == EEXIST || code == ENOTEMPTY {
                    // The name is taken: a named session made by another launch just now.
                    if let id {
                        if let session = try take(id) { return session }
                        throw .held(id)
                    }
                    continue
                }
                throw .storage(
                    .io(
                        operation: "rename", path: hidden, code: code,
                        message: UncheckedSystem.errorMessage(code)))
            }
            files.syncDirectory(sessionsDirectory)
            return RestorationSession(
                id: name, directory: directory, isNew: true, lock: lock, discardedPath: discardedArchivePath,
                files: files)
        }
        throw .storage(
            .io(
                operation: "create session", path: sessionsDirectory, code: EAGAIN,
                message: "too many collisions"))
    }

    /// The sessions running instances held when a session was last ended (rule S9).
    /// Read as the engine's other files are (rule R32): a regular file only, opened without
    /// blocking, so that a FIFO planted there cannot stop the launch.
    var sessionsInUseAtLastEnd: Set<String> {
        let descriptor = UncheckedSystem.open(
            sessionsDirectory + "/" + SessionFiles.endedName, O_RDONLY | O_CLOEXEC | O_NOFOLLOW | O_NONBLOCK)
        guard descriptor >= 0 else { return [] }
        defer { close(descriptor) }
        guard let status = UncheckedSystem.status(of: descriptor), status.st_mode & S_IFMT == S_IFREG else {
            return []
        }
        var bytes = [UInt8](repeating: 0, count: 64 * 1024)
        let count = UncheckedSystem.read(descriptor, into: &bytes, at: 0)
        guard count > 0 else { return [] }
        let lines = String(decoding: bytes[..<count], as: UTF8.self).split(separator: "\n").dropFirst()
        return Set(lines.map(String.init).filter(Self.isValidIdentifier))
    }

    /// When a session was last ended by quit and forget (rule S9), or nil.
    /// Only a regular file counts: nothing else is one the engine wrote.
    public var lastEnded: Date? {
        guard
            let status = UncheckedSystem.linkStatus(ofPath: sessionsDirectory + "/" + SessionFiles.endedName),
            status.st_mode & S_IFMT == S_IFREG
        else { return nil }
        return Self.modified(status)
    }

    // MARK: Listing

    /// Every session, most recently used first.
    ///
    /// Reads only the directory and the files' status; takes no lock that a launch would
    /// notice for longer than an instant.
    public func sessions() -> [SessionInfo] {
        guard let names = UncheckedSystem.directoryEntries(sessionsDirectory) else { return [] }
        var found: [SessionInfo] = []
        for name in names where Self.isValidIdentifier(name) {
            if let info = info(of: name) { found.append(info) }
        }
        return found.sorted { ($0.lastUsed, $1.id) > ($1.lastUsed, $0.id) }
    }

    /// Session `id` as it is now, or nil if there is no such session.
    public func info(of id: String) -> SessionInfo? {
        let directory = directory(of: id)
        guard let status = UncheckedSystem.linkStatus(ofPath: directory), status.st_mode & S_IFMT == S_IFDIR
        else { return nil }
        let archivePath = directory + "/" + StorageItem.archive.rawValue
        let archive = UncheckedSystem.linkStatus(ofPath: archivePath)
        let lockPath = directory + "/" + SessionFiles.lockName
        let lock = UncheckedSystem.linkStatus(ofPath: lockPath)
        let saved = archive.map(Self.modified)
        let used =
            [saved, lock.map(Self.modified), Self.modified(status)].compactMap { $0 }.max() ?? .distantPast
        return SessionInfo(
            id: id, directory: directory, archivePath: archivePath, lastSaved: saved, lastUsed: used,
            isHeld: Self.isHeld(lockPath))
    }

    // MARK: Migration (S1)

    /// Moves the single archive of a version before sessions, with its launch markers,
    /// from the state directory into a new session. Returns that session's identifier, or
    /// nil if there was nothing to move.
    ///
    /// Each file is linked into the session, the session synced, and only then the old
    /// names removed: a power cut leaves every file in one place or both, never in
    /// neither. A launch that finds the old name and a session already holding the same
    /// file only removes the old name.
    @discardableResult
    public func migrateLegacyState() throws(SessionError) -> String? {
        let legacy = FileRestorationStorage(directory: stateDirectory)
        let archive = legacy.path(of: .archive)
        guard let old = UncheckedSystem.linkStatus(ofPath: archive) else { return nil }
        // Rule R36: only the user's own file is adopted; one planted by another user (a link
        // to it would keep its owner) is left where it is, and read by nothing. (A FIFO or a
        // symbolic link of the user's own is moved, and refused by the session's storage.)
        guard old.st_uid == geteuid() else { return nil }
        try prepareDirectories()
        let moved = sessions().first { info in
            guard let status = UncheckedSystem.linkStatus(ofPath: info.archivePath) else { return false }
            return status.st_ino == old.st_ino && status.st_dev == old.st_dev
        }
        if let moved {
            removeLegacyNames(legacy)
            return moved.id
        }
        let session = try createSession(named: nil)
        var linked = false
        for item in [StorageItem.restoringMarker, .launchHistory, .archive] {
            if files.link(legacy.path(of: item), session.storage.path(of: item)) {
                linked = linked || item == .archive
            }
        }
        guard linked else {
            // Another launch moved it first.
            _ = try? files.removeDirectory(session.directory)
            return nil
        }
        files.syncDirectory(session.directory)
        removeLegacyNames(legacy)
        return session.id
    }

    /// Removes the state directory's own names of the engine's files, then syncs it.
    private func removeLegacyNames(_ legacy: FileRestorationStorage) {
        for item in [StorageItem.archive, .restoringMarker, .launchHistory] {
            files.unlink(legacy.path(of: item))
        }
        files.syncDirectory(stateDirectory)
    }

    // MARK: Helpers

    /// Creates the state directory and `sessions/` (mode 0700), after checking that they
    /// are safe (rule R36).
    private func prepareDirectories() throws(SessionError) {
        for directory in [stateDirectory, sessionsDirectory] {
            do {
                try DirectoryTrust.check(directory)
            } catch {
                throw .storage(error)
            }
            if UncheckedSystem.linkStatus(ofPath: directory) != nil { continue }
            // The state directory's parents, as the storage makes them.
            if directory == stateDirectory {
                do {
                    try FileRestorationStorage(directory: directory).createDirectoryIfNeeded()
                } catch {
                    throw .storage(error)
                }
            } else if files.makeDirectory(directory) {
                files.syncDirectory(stateDirectory)
            } else if errno != EEXIST {
                throw .storage(FileRestorationStorage.failure("create directory", directory))
            }
        }
    }

    /// Takes the exclusive lock, retrying briefly: a listing's probe holds a shared lock
    /// for an instant, which must not read as a running instance.
    private static func lockExclusively(_ descriptor: Int32) -> Bool {
        for attempt in 0..<5 {
            if flock(descriptor, LOCK_EX | LOCK_NB) == 0 { return true }
            guard errno == EWOULDBLOCK || errno == EINTR else { return false }
            if attempt < 4 { usleep(10_000) }
        }
        return false
    }

    /// Whether a running instance holds the lock at `path`.
    static func isHeld(_ path: String) -> Bool {
        let descriptor = UncheckedSystem.open(path, O_RDONLY | O_CLOEXEC | O_NOFOLLOW | O_NONBLOCK)
        guard descriptor >= 0 else { return false }
        defer { close(descriptor) }
        guard flock(descriptor, LOCK_SH | LOCK_NB) == 0 else { return errno == EWOULDBLOCK }
        _ = flock(descriptor, LOCK_UN)
        return false
    }

    /// Writes this process's id into the lock file: its modification time says when the
    /// session was last launched, and the text who holds it.
    private static func stamp(_ lock: Int32) {
        _ = ftruncate(lock, 0)
        _ = UncheckedSystem.write(lock, Array("\(getpid())\n".utf8), from: 0)
    }

    static func modified(_ status: stat) -> Date {
        Date(
            timeIntervalSince1970: Double(status.st_mtim.tv_sec) + Double(status.st_mtim.tv_nsec) / 1e9)
    }

    private static func randomIdentifier() -> String {
        let value = UInt32.random(in: 0...UInt32.max)
        let hex = String(value, radix: 16)
        return String(repeating: "0", count: 8 - hex.count) + hex
    }
}
