#if canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#elseif canImport(Darwin)
    import Darwin
#endif

/// Keeps the engine's files in one directory, written atomically (rule R10).
///
/// A write goes to a temporary file in the same directory (mode 0600), is `fsync`ed,
/// renamed over the item, and the directory is `fsync`ed so the rename itself survives a
/// power cut. Any failure removes the temporary file and leaves the previous item as it
/// was. The directory is created with mode 0700.
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
        let path = path(of: item)
        let descriptor = injectedFailure(.open, path) ? -1 : open(path, O_RDONLY | O_CLOEXEC)
        if descriptor < 0 {
            if errno == ENOENT { return nil }
            throw Self.failure("open", path)
        }
        defer { close(descriptor) }
        var status = stat()
        guard fstat(descriptor, &status) == 0 else { throw Self.failure("stat", path) }
        var bytes = [UInt8](repeating: 0, count: max(Int(status.st_size), 0))
        var filled = 0
        while true {
            if filled == bytes.count { bytes.append(contentsOf: [UInt8](repeating: 0, count: 4096)) }
            let count =
                injectedFailure(.read, path)
                ? -1
                : bytes.withUnsafeMutableBytes { buffer in
                    read(descriptor, buffer.baseAddress.map { $0 + filled }, buffer.count - filled)
                }
            if count < 0 {
                if errno == EINTR { continue }
                throw Self.failure("read", path)
            }
            if count == 0 { break }
            filled += count
        }
        bytes.removeLast(bytes.count - filled)
        return bytes
    }

    public func store(_ bytes: [UInt8], as item: StorageItem) throws(RestorationError) {
        try createDirectory()
        let target = path(of: item)
        let temporary = "\(directory)/.\(item.rawValue).tmp-\(getpid())-\(UInt32.random(in: 0...UInt32.max))"
        let descriptor =
            injectedFailure(.createTemporary, temporary)
            ? -1 : open(temporary, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0o600)
        guard descriptor >= 0 else { throw Self.failure("create", temporary) }
        var succeeded = false
        defer {
            if !succeeded { unlink(temporary) }
        }
        do {
            defer { close(descriptor) }
            var written = 0
            while written < bytes.count {
                let count =
                    injectedFailure(.write, temporary)
                    ? -1
                    : bytes.withUnsafeBytes { buffer in
                        write(descriptor, buffer.baseAddress.map { $0 + written }, buffer.count - written)
                    }
                if count < 0 {
                    if errno == EINTR { continue }
                    throw Self.failure("write", temporary)
                }
                written += count
            }
            guard !injectedFailure(.fsync, temporary), fsync(descriptor) == 0 else {
                throw Self.failure("fsync", temporary)
            }
        }
        guard !injectedFailure(.rename, target), rename(temporary, target) == 0 else {
            throw Self.failure("rename", target)
        }
        succeeded = true
        try syncDirectory()
        removeStaleTemporaries(of: item)
    }

    /// Removes temporary files that a process killed in the middle of a write left behind.
    /// A temporary file names its writer's process id; only those of dead processes go.
    private func removeStaleTemporaries(of item: StorageItem) {
        guard let stream = opendir(directory) else { return }
        defer { closedir(stream) }
        let prefix = ".\(item.rawValue).tmp-"
        while let entry = readdir(stream) {
            let name = withUnsafeBytes(of: entry.pointee.d_name) { raw in
                String(decoding: raw.prefix { $0 != 0 }, as: UTF8.self)
            }
            guard name.hasPrefix(prefix),
                let pid = Int32(name.dropFirst(prefix.count).prefix { $0 != "-" }),
                pid != getpid(), kill(pid, 0) != 0, errno == ESRCH
            else { continue }
            unlink("\(directory)/\(name)")
        }
    }

    public func remove(_ item: StorageItem) throws(RestorationError) {
        let path = path(of: item)
        if (injectedFailure(.remove, path) || unlink(path) != 0) && errno != ENOENT {
            throw Self.failure("remove", path)
        }
    }

    /// Creates the directory and its missing parents; the last one with mode 0700.
    private func createDirectory() throws(RestorationError) {
        var status = stat()
        if stat(directory, &status) == 0 {
            // The state is private: tighten a directory made earlier with a looser mode, if
            // it is ours and not a shared one such as /tmp (sticky bit).
            if status.st_mode & 0o077 != 0, status.st_mode & S_ISVTX == 0, status.st_uid == getuid() {
                chmod(directory, 0o700)
            }
            return
        }
        var prefix = directory.hasPrefix("/") ? "/" : ""
        let parts = directory.split(separator: "/")
        for (index, part) in parts.enumerated() {
            prefix += (prefix.isEmpty || prefix.hasSuffix("/") ? "" : "/") + part
            let mode: mode_t = index == parts.count - 1 ? 0o700 : 0o755
            if (injectedFailure(.createDirectory, prefix) || mkdir(prefix, mode) != 0) && errno != EEXIST {
                throw Self.failure("create directory", prefix)
            }
        }
    }

    private func syncDirectory() throws(RestorationError) {
        let descriptor = open(directory, O_RDONLY | O_DIRECTORY | O_CLOEXEC)
        guard descriptor >= 0 else { throw Self.failure("open directory", directory) }
        defer { close(descriptor) }
        guard !injectedFailure(.syncDirectory, directory), fsync(descriptor) == 0 else {
            throw Self.failure("fsync directory", directory)
        }
    }

    /// True, with `errno` set, when an injected fault makes `step` on `path` fail.
    private func injectedFailure(_ step: StorageStep, _ path: String) -> Bool {
        guard let code = faults?.decide(step, path) else { return false }
        errno = code
        return true
    }

    private static func failure(_ operation: String, _ path: String) -> RestorationError {
        let code = errno
        return .io(operation: operation, path: path, code: code, message: String(cString: strerror(code)))
    }
}
