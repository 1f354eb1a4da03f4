#if canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#elseif canImport(Darwin)
    import Darwin
#endif

/// Whether a directory may hold state that the app will trust at its next launch (rule
/// R36), judged as OpenSSH judges `~/.ssh`.
///
/// A directory that another user owns, or that its group or others can write, lets
/// someone else plant a crashing archive, a FIFO or a symbolic link in it. Such a
/// directory is refused, with a message that says how to fix it; nothing in it is read or
/// written. A directory that does not exist yet is fine: it is created with mode 0700.
public enum DirectoryTrust {
    /// Throws if `path` exists and is not safe to keep state in.
    ///
    /// The directory must be a directory (a symbolic link to one is followed and its
    /// target judged), owned by the user running the app or by root, and not writable by
    /// its group or others, sticky or not: on `/tmp`, where only a file's owner can remove
    /// or rename it, anyone can still create one, and an archive or a database planted
    /// there before the app came would be taken as the user's own.
    /// - Throws: ``RestorationError/refused(path:reason:)`` saying what is wrong and the
    ///   command that fixes it; ``RestorationError/io(operation:path:code:message:)`` if it
    ///   cannot be examined.
    public static func check(_ path: String) throws(RestorationError) {
        guard let status = UncheckedSystem.status(ofPath: path) else {
            // Missing (or under a file): the first write makes it, or says why it cannot.
            if errno == ENOENT || errno == ENOTDIR { return }
            let code = errno
            throw .io(operation: "stat", path: path, code: code, message: UncheckedSystem.errorMessage(code))
        }
        guard status.st_mode & S_IFMT == S_IFDIR else {
            throw .refused(path: path, reason: "is not a directory")
        }
        let user = geteuid()
        if status.st_uid != user && status.st_uid != 0 {
            throw .refused(
                path: path,
                reason:
                    "belongs to another user (uid \(status.st_uid)), who could plant files in it; "
                    + "use a directory of your own")
        }
        if status.st_mode & 0o022 != 0 {
            let octal = String(status.st_mode & 0o7777, radix: 8)
            // A shared directory such as /tmp (sticky, owned by root) is not the user's to
            // chmod: say to make a private one inside it.
            let fix =
                status.st_mode & S_ISVTX != 0 || status.st_uid != user
                ? "use a directory of your own inside it: mkdir -m 700 '\(path)/<name>'"
                : "run: chmod go-w '\(path)'"
            throw .refused(
                path: path,
                reason:
                    "can be written by its group or others (mode \(octal)), who could plant files in it; \(fix)"
            )
        }
    }
}
