/// One key and its value inside an object's (or the app's) keyed space.
public struct ArchiveEntry: Hashable, Sendable {
    /// The key.
    public var key: String
    /// The typed value.
    public var value: StateValue

    /// Creates an entry.
    public init(key: String, value: StateValue) {
        self.key = key
        self.value = value
    }
}

/// One saved object (rule R7): where it was, what it was, and its encoded state.
public struct ArchiveRecord: Hashable, Sendable {
    /// The index of the parent's record, or nil for a root (or a top-level plain object).
    /// Always smaller than this record's own index: parents come first.
    public var parentIndex: Int?
    /// The object's restoration path.
    public var path: RestorationPath
    /// The object's dynamic type, module-qualified (`String(reflecting:)`).
    public var typeName: String
    /// The registered restoration class recorded for it, if any.
    public var restorationClassName: String?
    /// The state version recorded for it (rule R19).
    public var stateVersion: Int
    /// The object's keys and values, in the order they were written.
    public var entries: [ArchiveEntry]

    /// Creates a record.
    public init(
        parentIndex: Int?, path: RestorationPath, typeName: String, restorationClassName: String?,
        stateVersion: Int, entries: [ArchiveEntry]
    ) {
        self.parentIndex = parentIndex
        self.path = path
        self.typeName = typeName
        self.restorationClassName = restorationClassName
        self.stateVersion = stateVersion
        self.entries = entries
    }
}

/// A parsed archive: what one preservation pass wrote.
///
/// ``init(bytes:limits:)`` parses it from bytes, checking every limit; the engine restores
/// from it, and `restoration-archive` shows, verifies and compares it.
public struct Archive: Hashable, Sendable {
    /// The save's metadata.
    public var metadata: ArchiveMetadata
    /// The app delegate's keyed space (rule R9).
    public var applicationState: [ArchiveEntry]
    /// The saved objects in preorder, parents before children.
    public var records: [ArchiveRecord]
    /// The size of the archive in bytes, as read.
    public var byteCount: Int
    /// How many distinct strings the string table holds.
    public var stringCount: Int

    /// Creates an archive value.
    public init(
        metadata: ArchiveMetadata, applicationState: [ArchiveEntry], records: [ArchiveRecord],
        byteCount: Int, stringCount: Int
    ) {
        self.metadata = metadata
        self.applicationState = applicationState
        self.records = records
        self.byteCount = byteCount
        self.stringCount = stringCount
    }

    /// Parses and checks `bytes`.
    ///
    /// A restore does not need this value: ``RestorationEngine/restore(bytes:)`` reads the
    /// bytes in place.
    /// - Throws: ``ArchiveError`` with the reason and the byte offset.
    public init(bytes: [UInt8], limits: ArchiveLimits = .default) throws(ArchiveError) {
        self = try ArchiveReader(bytes: bytes, limits: limits).read()
    }
}
