#if canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#elseif canImport(Darwin)
    import Darwin
#endif

/// Small POSIX file helpers shared by the two stores.
enum Directory {
    /// `mkdir -p` where every directory it creates gets mode 0700 (the XDG rule). A
    /// directory that already exists keeps its mode: it may be the user's own `--data-dir`.
    ///
    /// - Returns: nil on success, or the failing path and `errno`.
    static func create(_ path: String) -> (path: String, errno: Int32)? {
        var status = stat()
        if stat(path, &status) == 0 {
            return (status.st_mode & S_IFMT) == S_IFDIR ? nil : (path, ENOTDIR)
        }
        let parent = String(path[..<(path.lastIndex(of: "/") ?? path.startIndex)])
        if !parent.isEmpty, let failure = create(parent) { return failure }
        if mkdir(path, 0o700) != 0 && errno != EEXIST { return (path, errno) }
        return nil
    }

    /// `strerror` as a Swift string.
    static func describe(_ code: Int32) -> String {
        String(cString: strerror(code))
    }

    /// `fsync` of a directory, so that a rename or an unlink in it survives a power cut.
    static func sync(_ path: String) {
        let descriptor = open(path, O_RDONLY | O_DIRECTORY | O_CLOEXEC)
        guard descriptor >= 0 else { return }
        fsync(descriptor)
        close(descriptor)
    }

    /// Reads into `bytes` from index `offset` to its end, again while a signal interrupts
    /// the read: the count read, 0 at the end of the file, or nil with `errno` set.
    static func readSome(_ descriptor: Int32, into bytes: inout [UInt8], at offset: Int) -> Int? {
        uninterrupted {
            bytes.withUnsafeMutableBytes { buffer in
                read(descriptor, buffer.baseAddress.map { $0 + offset }, buffer.count - offset)
            }
        }
    }

    /// Writes the whole of `bytes`, again while a signal interrupts a write.
    /// - Returns: nil on success, or the failure's `errno`.
    static func writeAll(_ bytes: [UInt8], to descriptor: Int32) -> Int32? {
        var written = 0
        while written < bytes.count {
            let count = uninterrupted {
                bytes.withUnsafeBytes { buffer in
                    write(descriptor, buffer.baseAddress.map { $0 + written }, buffer.count - written)
                }
            }
            guard let count else { return errno }
            written += count
        }
        return nil
    }

    /// Calls `call` (a `read` or a `write`) again while a signal interrupts it: its count,
    /// or nil with `errno` set.
    private static func uninterrupted(_ call: () -> Int) -> Int? {
        while true {
            let count = call()
            if count >= 0 { return count }
            if errno != EINTR { return nil }
        }
    }
}
