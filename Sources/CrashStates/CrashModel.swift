/// What a power loss may keep of the writes that were not yet made durable (rule X2).
public enum CrashModel: String, CaseIterable, Sendable {
    /// The POSIX worst case: a file's data is durable only after its `fsync`, a directory's
    /// entries only after the directory's `fsync`. Until then, data since the file's last
    /// `fsync` may be dropped, kept, or kept in part (a prefix, the right size with zeros
    /// after the prefix, or every other 4 KiB page); any subset of the directory's entry
    /// changes since its last `fsync` may survive, whatever their order.
    case posix = "POSIX worst case"
    /// ext4 with `data=ordered` (the default) and `auto_da_alloc`: metadata goes through one
    /// journal, so entry changes survive in the order they were made (a prefix of them), and
    /// any `fsync` commits every change before it. Data appears with its size (a prefix,
    /// never zeros), and a file renamed over an existing one has its data written first.
    case ext4Ordered = "ext4 data=ordered"
}
