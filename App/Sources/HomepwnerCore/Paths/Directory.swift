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
}
