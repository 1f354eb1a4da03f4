/// Hard limits the reader enforces, so that a hostile file cannot exhaust memory or time
/// (rule R23). Going over one is a clean ``ArchiveError``, never a trap.
public struct ArchiveLimits: Hashable, Sendable {
    /// The largest archive read, in bytes.
    public var maxTotalBytes: Int
    /// The longest restoration path, and the deepest nesting of arrays and dictionaries.
    public var maxDepth: Int
    /// The most records (saved objects).
    public var maxRecords: Int
    /// The longest single string, in UTF-8 bytes.
    public var maxStringBytes: Int
    /// The most entries in one object's keyed space.
    public var maxEntriesPerRecord: Int

    /// Creates limits.
    public init(
        maxTotalBytes: Int, maxDepth: Int, maxRecords: Int, maxStringBytes: Int,
        maxEntriesPerRecord: Int
    ) {
        self.maxTotalBytes = maxTotalBytes
        self.maxDepth = maxDepth
        self.maxRecords = maxRecords
        self.maxStringBytes = maxStringBytes
        self.maxEntriesPerRecord = maxEntriesPerRecord
    }

    /// 256 MiB, depth 64, 1,000,000 records, 16 MiB strings, 100,000 entries a record:
    /// far above any real UI, far below what would hurt.
    public static let `default` = ArchiveLimits(
        maxTotalBytes: 256 << 20, maxDepth: 64, maxRecords: 1_000_000, maxStringBytes: 16 << 20,
        maxEntriesPerRecord: 100_000)
}
