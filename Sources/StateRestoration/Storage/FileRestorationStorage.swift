#if canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#elseif canImport(Darwin)
    import Darwin
#endif

/// Keeps the engine's files in one directory, written atomically (rule R10), read safely
/// (rules R32, R36).
///
/// A write goes to a temporary file in the same directory (mode 0600), which its writer
/// locks (`flock`) for as long as it lives, is `fsync`ed, renamed over the item, and the
/// directory is `fsync`ed so the rename itself survives a power cut. Any failure removes
/// the temporary file and leaves the previous item as it was. The directory is created
/// with mode 0700.
///
/// A read opens only regular files, without following a symbolic link and without
/// blocking (a FIFO is refused at once, not waited on), and reads no more than it is asked
/// for. A directory that others own or can write is refused before anything in it is
/// touched (``DirectoryTrust``).
public struct FileRestorationStorage: RestorationStorage {
    /// The directory.
    public let directory: String

    /// Steps made to fail on purpose; nil in an app.
    let faults: StorageFaults?

    /// Uses `directory`, creating it (and missing parents) at the first write.
    public init(directory: String) {
        self.directory = directory
        self.faults = nil
    }

    /// Uses `directory`, with `faults` deciding which system calls fail (for tests of a
    /// full disk, a read-only directory, a failed rename).
    @_spi(Testing) public init(directory: String, faults: StorageFaults) {
        self.directory = directory
        self.faults = faults
    }

    public var location: String { directory }

    /// The full path of an item.
    public func path(of item: StorageItem) -> String {
        directory.hasSuffix("/") ? directory + item.rawValue : directory + "/" + item.rawValue
    }

    public func load(_ item: StorageItem) throws(RestorationError) -> [UInt8]? {
        try load(item, atMost: Int.max)
    }

    public func load(_ item: StorageItem, atMost limit: Int) throws(RestorationError) -> [UInt8]? {
        try DirectoryTrust.check(directory)
        let path = path(of: item)
        let descriptor =
            injectedFailure(.open, path)
            ? -1 : UncheckedSystem.open(path, O_RDONLY | O_CLOEXEC | O_NOFOLLOW | O_NONBLOCK)
        if descriptor < 0 {
            if errno == ENOENT { return nil }
            if errno == ELOOP { throw .refused(path: path, reason: "is a symbolic link, not a regular file") }
            throw Self.failure("open", path)
        }
        defer { close(descriptor) }
        guard let status = UncheckedSystem.status(of: descriptor) else { throw Self.failure("stat", path) }
        guard status.st_mode & S_IFMT == S_IFREG else {
            throw .refused(path: path, reason: "is \(Self.kind(of: status.st_mode)), not a regular file")
        }
        // Rule R36: a file that another user owns was planted, whatever the directory says.
        guard status.st_uid == geteuid() else {
            throw .refused(
                path: path,
                reason: "belongs to another user (uid \(status.st_uid)), who could have planted it; remove it"
            )
        }
        let limit = max(limit, 0)
        let size = max(Int(status.st_size), 0)
        guard size <= limit else { throw Self.oversized(path, size: "\(size)", limit: limit) }
        // The size can grow while it is read (or lie, in /proc): read one byte past the limit
        // at most, to tell.
        let wanted = limit == Int.max ? limit : limit + 1
        var bytes = [UInt8](repeating: 0, count: size)
        var filled = 0
        while filled < wanted {
            if filled == bytes.count {
                bytes.append(contentsOf: [UInt8](repeating: 0, count: min(4096, wanted - filled)))
            }
            let count =
                injectedFailure(.read, path)
                ? -1
                : UncheckedSystem.read(descriptor, into: &bytes, at: filled)
            if count < 0 {
                if errno == EINTR { continue }
                throw Self.failure("read", path)
            }
            if count == 0 { break }
            filled += count
        }
        guard filled <= limit else { throw Self.oversized(path, size: "more than \(limit)", limit: limit) }
        bytes.removeLast(bytes.count - filled)
        return bytes
    }

    private static func oversized(_ path: String, size: String, limit: Int) -> RestorationError {
        .refused(path: path, reason: "holds \(size) bytes, over the limit of \(limit)")
    }

    public func store(_ bytes: [UInt8], as item: StorageItem) throws(RestorationError) {
        try store(bytes, as: item, durably: true)
    }

    /// Writes through a temporary file and a rename, as ``store(_:as:)``, but with no `fsync`
    /// of the file or the directory: on the restored launch's path, those were most of its
    /// wait for the disk.
    public func storeMarker(_ bytes: [UInt8], as item: StorageItem) throws(RestorationError) {
        try store(bytes, as: item, durably: false)
    }

    /// Unlinks the marker without an `fsync` of the directory.
    public func removeMarker(_ item: StorageItem) throws(RestorationError) {
        try remove(item, durably: false)
    }

    private func store(_ bytes: [UInt8], as item: StorageItem, durably: Bool) throws(RestorationError) {
        try createDirectory()
        let target = path(of: item)
        let temporary = "\(directory)/.\(item.rawValue).tmp-\(getpid())-\(UInt32.random(in: 0...UInt32.max))"
        let descriptor =
            injectedFailure(.createTemporary, temporary)
            ? -1
            : UncheckedSystem.open(temporary, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC | O_NOFOLLOW, 0o600)
        guard descriptor >= 0 else { throw Self.failure("create", temporary) }
        recorded(.create(path: temporary))
        // The lock says "a writer is using this file" to every other process, in any pid
        // namespace, until the descriptor closes, after the rename.
        _ = flock(descriptor, LOCK_EX | LOCK_NB)
        var succeeded = false
        defer {
            if !succeeded { UncheckedSystem.unlink(temporary) }
            close(descriptor)
        }
        var written = 0
        while written < bytes.count {
            let count =
                injectedFailure(.write, temporary)
                ? -1
                : UncheckedSystem.write(descriptor, bytes, from: written)
            if count < 0 {
                if errno == EINTR { continue }
                throw Self.failure("write", temporary)
            }
            recorded(.write(path: temporary, offset: written, bytes: Array(bytes[written..<written + count])))
            written += count
        }
        if durably {
            guard !injectedFailure(.fsync, temporary), fsync(descriptor) == 0 else {
                throw Self.failure("fsync", temporary)
            }
            recorded(.fsync(path: temporary))
        }
        guard !injectedFailure(.rename, target), UncheckedSystem.rename(temporary, target) == 0 else {
            throw Self.failure("rename", target)
        }
        recorded(.rename(from: temporary, to: target))
        succeeded = true
        if durably { try syncDirectory() }
        removeStaleTemporaries(of: item)
    }

    /// Writes `bytes` over the start of the existing item, without a temporary file or an
    /// `fsync` (a missing item is stored as usual). Only a regular file is written.
    public func overwrite(_ bytes: [UInt8], in item: StorageItem) throws(RestorationError) {
        let path = path(of: item)
        let descriptor =
            injectedFailure(.write, path)
            ? -1 : UncheckedSystem.open(path, O_WRONLY | O_CLOEXEC | O_NOFOLLOW | O_NONBLOCK)
        if descriptor < 0 {
            if errno == ENOENT { return try store(bytes, as: item) }
            throw Self.failure("open", path)
        }
        defer { close(descriptor) }
        guard let status = UncheckedSystem.status(of: descriptor), status.st_mode & S_IFMT == S_IFREG else {
            throw .refused(path: path, reason: "is not a regular file")
        }
        var written = 0
        while written < bytes.count {
            let count = UncheckedSystem.write(descriptor, bytes, from: written)
            if count < 0 {
                if errno == EINTR { continue }
                throw Self.failure("write", path)
            }
            recorded(.write(path: path, offset: written, bytes: Array(bytes[written..<written + count])))
            written += count
        }
    }

    public func move(_ item: StorageItem, to destination: StorageItem) throws(RestorationError) {
        try DirectoryTrust.check(directory)
        let source = path(of: item)
        if injectedFailure(.rename, source) || UncheckedSystem.rename(source, path(of: destination)) != 0 {
            if errno == ENOENT { return }
            throw Self.failure("rename", source)
        }
        recorded(.rename(from: source, to: path(of: destination)))
        try syncDirectory()
    }

    /// Removes temporary files that a process killed in the middle of a write left behind.
    ///
    /// A live writer holds a lock on its temporary file; a file whose lock can be taken
    /// has no writer any more, wherever that writer ran (another pid namespace, another
    /// machine sharing the home directory through a file system with `flock`).
    private func removeStaleTemporaries(of item: StorageItem) {
        guard let names = UncheckedSystem.directoryEntries(directory) else { return }
        let prefix = ".\(item.rawValue).tmp-"
        for name in names {
            guard name.hasPrefix(prefix) else { continue }
            let path = "\(directory)/\(name)"
            let descriptor = UncheckedSystem.open(path, O_RDONLY | O_CLOEXEC | O_NOFOLLOW | O_NONBLOCK)
            guard descriptor >= 0 else { continue }
            defer { close(descriptor) }
            guard flock(descriptor, LOCK_EX | LOCK_NB) == 0 else { continue }
            // Still the file that was locked (not replaced since it was opened)?
            guard let opened = UncheckedSystem.status(of: descriptor),
                let named = UncheckedSystem.linkStatus(ofPath: path),
                opened.st_ino == named.st_ino, opened.st_dev == named.st_dev
            else { continue }
            UncheckedSystem.unlink(path)
            recorded(.remove(path: path))
        }
    }

    /// Removes the item and syncs the directory, so that a power loss cannot bring it back
    /// (the in-progress marker, or an archive quit-and-forget dropped: docs/RELIABILITY.md,
    /// "Power loss during a save").
    public func remove(_ item: StorageItem) throws(RestorationError) {
        try remove(item, durably: true)
    }

    private func remove(_ item: StorageItem, durably: Bool) throws(RestorationError) {
        let path = path(of: item)
        if injectedFailure(.remove, path) || UncheckedSystem.unlink(path) != 0 {
            if errno == ENOENT { return }
            throw Self.failure("remove", path)
        }
        recorded(.remove(path: path))
        if durably { try syncDirectory() }
    }

    /// Creates the directory and its missing parents; the last one with mode 0700.
    ///
    /// An existing directory must pass ``DirectoryTrust``. One of this user's that others
    /// can only read is made private (0700): the state may hold half-typed text.
    func createDirectoryIfNeeded() throws(RestorationError) {
        try createDirectory()
    }

    private func createDirectory() throws(RestorationError) {
        try DirectoryTrust.check(directory)
        if let status = UncheckedSystem.status(ofPath: directory) {
            if status.st_mode & 0o077 != 0, status.st_uid == geteuid() {
                UncheckedSystem.chmod(directory, 0o700)
            }
            return
        }
        var prefix = directory.hasPrefix("/") ? "/" : ""
        let parts = directory.split(separator: "/")
        for (index, part) in parts.enumerated() {
            prefix += (prefix.isEmpty || prefix.hasSuffix("/") ? "" : "/") + part
            let mode: mode_t = index == parts.count - 1 ? 0o700 : 0o755
            if (injectedFailure(.createDirectory, prefix) || UncheckedSystem.mkdir(prefix, mode) != 0)
                && errno != EEXIST
            {
                throw Self.failure("create directory", prefix)
            }
        }
    }

    private func syncDirectory() throws(RestorationError) {
        let descriptor = UncheckedSystem.open(directory, O_RDONLY | O_DIRECTORY | O_CLOEXEC)
        guard descriptor >= 0 else { throw Self.failure("open directory", directory) }
        defer { close(descriptor) }
        guard !injectedFailure(.syncDirectory, directory), fsync(descriptor) == 0 else {
            throw Self.failure("fsync directory", directory)
        }
        recorded(.syncDirectory(path: directory))
    }

    /// True, with `errno` set, when an injected fault makes `step` on `path` fail.
    private func injectedFailure(_ step: StorageStep, _ path: String) -> Bool {
        guard let code = faults?.decide(step, path) else { return false }
        errno = code
        return true
    }

    /// Hands `operation` to the recorder of ``StorageFaults/record``, if any (rule X2).
    private func recorded(_ operation: @autoclosure () -> StorageOperation) {
        faults?.record?(operation())
    }

    /// "a FIFO", "a directory"…: what a file that is not regular is, for messages.
    static func kind(of mode: mode_t) -> String {
        switch mode & S_IFMT {
        case S_IFIFO: "a FIFO"
        case S_IFCHR: "a character device"
        case S_IFBLK: "a block device"
        case S_IFDIR: "a directory"
        case S_IFSOCK: "a socket"
        case S_IFLNK: "a symbolic link"
        default: "a special file"
        }
    }

    /// The error of a failed system call on `path`, from `errno`.
    static func failure(_ operation: String, _ path: String) -> RestorationError {
        let code = errno
        return .io(operation: operation, path: path, code: code, message: UncheckedSystem.errorMessage(code))
    }
}
