/// The files the engine keeps, by role. A storage decides where they live.
public enum StorageItem: String, CaseIterable, Hashable, Sendable {
    /// The archive of the last save.
    case archive = "restoration.archive"
    /// Present while a restore runs; found at launch, it means the last one died (R18).
    case restoringMarker = "restoration.restoring"
    /// How many restored launches in a row have not yet lived past the crash-loop window.
    case launchHistory = "restoration.launches"
    /// The last archive that was thrown away as corrupt, kept for `restoration-archive`.
    case discardedArchive = "restoration.archive.discarded"
}

/// Where the engine's files live: the file-system seam (rule R10).
///
/// ``FileRestorationStorage`` is the real one; `RestorationTesting` has an in-memory one
/// that survives a simulated kill, and tests inject failures through this protocol.
/// Implementations are `Sendable` because writes of continuous preservation run off the
/// main actor.
public protocol RestorationStorage: Sendable {
    /// Where the items live, for messages (a directory path).
    var location: String { get }
    /// The item's bytes, or nil if it does not exist.
    /// - Throws: ``RestorationError/io(operation:path:code:message:)`` if it exists but
    ///   cannot be read.
    func load(_ item: StorageItem) throws(RestorationError) -> [UInt8]?
    /// Replaces the item atomically: after a crash at any moment, the item is either the
    /// old bytes or the new ones, never a mix.
    func store(_ bytes: [UInt8], as item: StorageItem) throws(RestorationError)
    /// Deletes the item. Deleting a missing item is not an error.
    func remove(_ item: StorageItem) throws(RestorationError)
    /// The item's bytes, or nil if it does not exist, reading no more than `limit` bytes of
    /// it (rule R32).
    /// - Throws: ``RestorationError/refused(path:reason:)`` if it holds more than `limit`
    ///   bytes, is not a regular file, or lives in a directory that others can write;
    ///   ``RestorationError/io(operation:path:code:message:)`` if it cannot be read. The
    ///   default calls ``load(_:)`` and checks the size afterwards.
    func load(_ item: StorageItem, atMost limit: Int) throws(RestorationError) -> [UInt8]?
    /// Renames `item` to `destination`, replacing it; a missing `item` is not an error.
    ///
    /// Used to set a bad or discarded archive aside without reading or copying it (rule
    /// R32). The default copies through ``load(_:)`` and ``store(_:as:)``.
    func move(_ item: StorageItem, to destination: StorageItem) throws(RestorationError)
    /// Rewrites an item in place, cheaply: no new file and no `fsync`. What it writes
    /// survives the process's death (the page cache keeps it) but perhaps not a power cut,
    /// after which it may read torn: only for what a reader can tell torn from whole. The
    /// in-progress marker's progress goes so (rule R28). The default calls ``store(_:as:)``.
    func overwrite(_ bytes: [UInt8], in item: StorageItem) throws(RestorationError)
    /// Replaces a launch marker (``StorageItem/restoringMarker``,
    /// ``StorageItem/launchHistory``) so that the process's death keeps it, without the cost
    /// of making it durable: no `fsync`. A power cut may leave it old, new, torn or absent;
    /// the markers guard against a restore that kills the app, which a power cut is not,
    /// and their reader takes any of those states (docs/RELIABILITY.md, "Launch markers").
    /// The default calls ``store(_:as:)``.
    func storeMarker(_ bytes: [UInt8], as item: StorageItem) throws(RestorationError)
    /// Deletes a launch marker as ``storeMarker(_:as:)`` writes one: the process's death
    /// keeps the removal, a power cut may undo it. The default calls ``remove(_:)``.
    func removeMarker(_ item: StorageItem) throws(RestorationError)
}

extension RestorationStorage {
    public func load(_ item: StorageItem, atMost limit: Int) throws(RestorationError) -> [UInt8]? {
        guard let bytes = try load(item) else { return nil }
        guard bytes.count <= limit else {
            throw .refused(
                path: "\(location)/\(item.rawValue)",
                reason: "holds \(bytes.count) bytes, over the limit of \(limit)")
        }
        return bytes
    }

    public func overwrite(_ bytes: [UInt8], in item: StorageItem) throws(RestorationError) {
        try store(bytes, as: item)
    }

    public func storeMarker(_ bytes: [UInt8], as item: StorageItem) throws(RestorationError) {
        try store(bytes, as: item)
    }

    public func removeMarker(_ item: StorageItem) throws(RestorationError) {
        try remove(item)
    }

    public func move(_ item: StorageItem, to destination: StorageItem) throws(RestorationError) {
        guard let bytes = try load(item) else { return }
        try store(bytes, as: destination)
        try remove(item)
    }
}
