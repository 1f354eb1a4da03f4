/// One file-system operation that changed a ``FileRestorationStorage``'s directory, as
/// recorded through ``StorageFaults/record`` (rule X2).
///
/// Only operations that succeeded are recorded, in the order they ran. Reads are not
/// recorded: they change nothing a power loss could undo. Paths are absolute or relative
/// as the storage's directory was given.
@_spi(Testing) public enum StorageOperation: Hashable, Sendable {
    /// `open(O_CREAT | O_EXCL)` made a new, empty file.
    case create(path: String)
    /// `write` put `bytes` at `offset` of the file (one call of the write loop).
    case write(path: String, offset: Int, bytes: [UInt8])
    /// `fsync` of the file: its data is durable from here on.
    case fsync(path: String)
    /// `rename`; a missing `from` (ENOENT, which the storage tolerates) changes nothing.
    case rename(from: String, to: String)
    /// `fsync` of the directory: its entries are durable from here on.
    case syncDirectory(path: String)
    /// `unlink`; a missing file changes nothing.
    case remove(path: String)
    /// `mkdir` made a new, empty directory (sessions, rule S1).
    case makeDirectory(path: String)
    /// `link` gave the file at `from` a second name, `to` (a session's files move between
    /// directories so: link, sync, unlink).
    case link(from: String, to: String)
    /// `rmdir` removed an empty directory.
    case removeDirectory(path: String)
}

extension StorageFaults {
    /// Faults that fail nothing and hand every operation that succeeded to `record`, for
    /// the power-loss model of `crash-states`.
    public init(recording record: @escaping @Sendable (StorageOperation) -> Void) {
        self.init { _, _ in nil }
        self.record = record
    }
}
