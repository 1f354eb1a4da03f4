/// Why a save could not be written or an archive could not be read from storage.
/// Reported to the app (rule R10), never swallowed.
public enum RestorationError: Error, Hashable, Sendable, CustomStringConvertible {
    /// A file operation failed. `code` is the `errno` value.
    case io(operation: String, path: String, code: Int32, message: String)
    /// The archive's bytes are not valid.
    case archive(ArchiveError)
    /// A file or directory was not used because using it would not be safe (rules R32,
    /// R36): a FIFO, device or symbolic link where a regular file belongs, or a directory
    /// that another user owns or that others can write. `reason` says which and what to do.
    case refused(path: String, reason: String)

    public var description: String {
        switch self {
        case .io(let operation, let path, _, let message): "\(operation) '\(path)' failed: \(message)"
        case .archive(let error): "invalid archive: \(error)"
        case .refused(let path, let reason): "'\(path)' \(reason)"
        }
    }
}
