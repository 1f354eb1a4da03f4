import Foundation

#if canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#endif

/// A write the store refused for now (a lock, a full or read-only disk), kept on the
/// store's side until a launch can make it (rule H17).
public struct PendingEdit: Codable, Hashable, Sendable {
    /// What the write does.
    public enum Kind: String, Codable, Hashable, Sendable {
        /// Writes `changes` where the store still holds `base` (rule H16).
        case fields
        /// Keeps a new item (its New Item screen's Done).
        case confirm
        /// Deletes an item and its photo (the list's Delete).
        case delete
    }

    /// The session whose screen queued it: only to tell a running instance's writes from
    /// those no one will retry. It does not own the write. ``unresolved`` for an edit that
    /// met a change made elsewhere: it waits for its item's screen, where the user chooses.
    public var owner: String

    /// The owner of edits that wait for their item's screen (not a session's name).
    public static let unresolved = "(unresolved)"
    public var kind: Kind
    public var key: UUID
    /// The item's name when it was queued, for messages.
    public var name: String
    public var changes: ItemChanges
    /// The stored values the changes were made from.
    public var base: ItemChanges

    public init(
        owner: String, kind: Kind, key: UUID, name: String, changes: ItemChanges = ItemChanges(),
        base: ItemChanges = ItemChanges()
    ) {
        self.owner = owner
        self.kind = kind
        self.key = key
        self.name = name
        self.changes = changes
        self.base = base
    }
}

/// Why the journal could not be read or written.
public struct JournalError: Error, Hashable, Sendable, CustomStringConvertible {
    /// What was being done, as a verb: "open", "write", "sync"…
    public var operation: String
    /// The journal's file.
    public var path: String
    /// The `errno` of the failure, or 0 when the content was too large.
    public var code: Int32

    /// An error of `operation` on `path`, with its `errno` (0: too large).
    public init(operation: String, path: String, code: Int32) {
        self.operation = operation
        self.path = path
        self.code = code
    }

    /// The operation, the file and the reason, as messages show them.
    public var description: String {
        let reason = code == 0 ? "too large" : String(cString: strerror(code))
        return "\(operation) \(path) failed: \(reason)"
    }

    /// True when the disk had no room (the edits were not kept).
    public var isNoSpace: Bool { code == ENOSPC || code == EDQUOT }
}

/// The edits the store refused, in a file beside the database (`items.sqlite-pending`),
/// shared by every Homepwner on that database and owned by no session (rule H17).
///
/// **Room reserved.** The file is allocated once, at its first use, with room for two
/// copies of its content (64 KiB each to start). Each write goes into the copy not holding the
/// newest content, checksummed and numbered, and is synced; a reader takes the valid copy
/// with the highest number. So a write never needs new blocks (it still lands on a full
/// disk), and a kill or power cut during one leaves the previous content whole. Content
/// larger than a copy grows the file, which a full disk can refuse: the error says so.
///
/// **Bounds.** At most ``maximumEntries`` entries and ``maximumSlotSize`` bytes a copy;
/// what a crafted file holds beyond is not read.
///
/// **Sharing.** Every read-modify-write holds an exclusive `flock` on the file. A file
/// that is not the user's, or not a regular file, is refused.
public final class PendingEditJournal {
    /// The file.
    public let path: String
    /// The most entries read or written.
    public static let maximumEntries = 256
    /// The largest copy (a notes edit of several megabytes fits).
    public static let maximumSlotSize = 16 << 20
    static let initialSlotSize = 64 << 10
    private static let fileMagic = Array("HPWNJRNL".utf8)
    private static let slotMagic = Array("SLOT".utf8)
    private static let fileHeaderSize = 16
    private static let slotHeaderSize = 24

    /// The journal beside `databasePath`.
    public init(databasePath: String) {
        path = databasePath + "-pending"
    }

    /// Where this object set a damaged journal aside, if it did: a file that was not a
    /// journal, before a new one replaced it, or a copy of one whose newest content was
    /// damaged. A name of its own each time (`-pending.damaged-<time>`), so none is lost.
    public private(set) var damagedPath: String?

    /// True once this object set a damaged file aside (``damagedPath``).
    public var setAside: Bool { damagedPath != nil }

    private func newDamagedPath() -> String {
        var candidate = path + ".damaged-\(Int(Date().timeIntervalSince1970))"
        var number = 1
        while FileManager.default.fileExists(atPath: candidate) {
            number += 1
            candidate = path + ".damaged-\(Int(Date().timeIntervalSince1970))-\(number)"
        }
        return candidate
    }

    // MARK: Reading and writing

    /// Every entry, or none when the file does not exist.
    public func entries() throws(JournalError) -> [PendingEdit] {
        guard let file = try openFile(creating: false) else { return [] }
        defer { close(file.descriptor) }
        return try read(file).entries
    }

    /// Makes the file and reserves its room now, so that a disk that fills later still
    /// takes the edits (called at launch).
    public func reserve() throws(JournalError) {
        guard let file = try openFile(creating: true) else { return }
        close(file.descriptor)
    }

    /// Replaces the entries of `owner` with `entries`, leaving the others'.
    public func replaceEntries(of owner: String, with entries: [PendingEdit]) throws(JournalError) {
        try update { current in current.filter { $0.owner != owner } + entries }
    }

    /// Adds `entries` to the journal.
    public func append(_ entries: [PendingEdit]) throws(JournalError) {
        try update { $0 + entries }
    }

    /// Removes and returns the entries `taking` selects (a launch making the writes of
    /// instances that are gone).
    public func take(where taking: (PendingEdit) -> Bool) throws(JournalError) -> [PendingEdit] {
        var taken: [PendingEdit] = []
        guard FileManager.default.fileExists(atPath: path) else { return [] }
        try update { current in
            taken = current.filter(taking)
            return current.filter { !taking($0) }
        }
        return taken
    }

    private func update(_ change: ([PendingEdit]) -> [PendingEdit]) throws(JournalError) {
        guard let file = try openFile(creating: true) else { return }
        defer { close(file.descriptor) }
        guard flock(file.descriptor, LOCK_EX) == 0 else { throw failure("lock") }
        defer { flock(file.descriptor, LOCK_UN) }
        let current = try read(file)
        let next = Array(change(current.entries).prefix(Self.maximumEntries))
        if next == current.entries { return }
        try write(next, sequence: current.sequence &+ 1, into: file)
    }

    // MARK: The file

    private struct OpenFile {
        var descriptor: Int32
        var slotSize: Int
    }

    private func failure(_ operation: String, _ code: Int32 = errno) -> JournalError {
        JournalError(operation: operation, path: path, code: code)
    }

    /// Opens the file, making and reserving it when `creating`; nil when it does not exist
    /// and is not to be made.
    private func openFile(creating: Bool) throws(JournalError) -> OpenFile? {
        var descriptor = open(path, O_RDWR | O_CLOEXEC | O_NOFOLLOW)
        if descriptor < 0 && errno == ENOENT {
            guard creating else { return nil }
            try makeFile(slotSize: Self.initialSlotSize, content: nil)
            descriptor = open(path, O_RDWR | O_CLOEXEC | O_NOFOLLOW)
        }
        guard descriptor >= 0 else { throw failure("open") }
        var status = stat()
        guard fstat(descriptor, &status) == 0 else {
            close(descriptor)
            throw failure("read the status of")
        }
        guard status.st_mode & S_IFMT == S_IFREG, status.st_uid == getuid() else {
            close(descriptor)
            throw failure("trust", EPERM)
        }
        var header = [UInt8](repeating: 0, count: Self.fileHeaderSize)
        let slotSize: Int
        if pread(descriptor, &header, header.count, 0) == header.count,
            Array(header[0..<8]) == Self.fileMagic
        {
            slotSize = Int(Self.readUInt32(header, at: 8))
        } else {
            slotSize = 0
        }
        guard slotSize >= Self.slotHeaderSize, slotSize <= Self.maximumSlotSize,
            Int(status.st_size) >= Self.fileHeaderSize + 2 * slotSize
        else {
            // Not a journal this build wrote (or cut short): it holds nothing to read. Before a
            // new one replaces it, it is set aside (`-pending.damaged`), for a person to look at.
            close(descriptor)
            guard creating else { return nil }
            let aside = newDamagedPath()
            if status.st_size > 0, rename(path, aside) == 0 { damagedPath = aside }
            try makeFile(slotSize: Self.initialSlotSize, content: nil)
            return try openFile(creating: false)
        }
        return OpenFile(descriptor: descriptor, slotSize: slotSize)
    }

    /// Writes a new file with copies of `slotSize` bytes (the first holding `content`),
    /// its room reserved, and renames it into place.
    private func makeFile(slotSize: Int, content: [UInt8]?) throws(JournalError) {
        let temporary = path + ".tmp-\(getpid())"
        let descriptor = open(temporary, O_RDWR | O_CREAT | O_TRUNC | O_CLOEXEC | O_NOFOLLOW, 0o600)
        guard descriptor >= 0 else { throw failure("create") }
        var ok = false
        defer {
            close(descriptor)
            if !ok { unlink(temporary) }
        }
        let size = Self.fileHeaderSize + 2 * slotSize
        let reserved = posix_fallocate(descriptor, 0, off_t(size))
        guard reserved == 0 else { throw failure("reserve room for", reserved) }
        var header = Self.fileMagic + [UInt8](repeating: 0, count: 8)
        Self.writeUInt32(UInt32(slotSize), into: &header, at: 8)
        guard pwrite(descriptor, header, header.count, 0) == header.count else { throw failure("write") }
        if let content {
            guard pwrite(descriptor, content, content.count, off_t(Self.fileHeaderSize)) == content.count
            else {
                throw failure("write")
            }
        }
        guard fsync(descriptor) == 0 else { throw failure("sync") }
        guard rename(temporary, path) == 0 else { throw failure("rename") }
        ok = true
        let directory = String(path[..<(path.lastIndex(of: "/") ?? path.startIndex)])
        let parent = open(directory.isEmpty ? "." : directory, O_RDONLY | O_DIRECTORY | O_CLOEXEC)
        if parent >= 0 {
            fsync(parent)
            close(parent)
        }
    }

    private func read(_ file: OpenFile) throws(JournalError) -> (entries: [PendingEdit], sequence: UInt64) {
        var best: (entries: [PendingEdit], sequence: UInt64)?
        var nextSequence: UInt64 = 0
        var damagedSequence: UInt64?
        for slot in 0..<2 {
            let offset = Self.fileHeaderSize + slot * file.slotSize
            var header = [UInt8](repeating: 0, count: Self.slotHeaderSize)
            guard pread(file.descriptor, &header, header.count, off_t(offset)) == header.count,
                Array(header[0..<4]) == Self.slotMagic
            else { continue }
            let sequence = Self.readUInt64(header, at: 4)
            let length = Int(Self.readUInt32(header, at: 12))
            let checksum = Self.readUInt64(header, at: 16)
            guard length <= file.slotSize - Self.slotHeaderSize else { continue }
            var payload = [UInt8](repeating: 0, count: length)
            guard pread(file.descriptor, &payload, length, off_t(offset + Self.slotHeaderSize)) == length,
                Self.checksum(payload) == checksum
            else {
                damagedSequence = max(damagedSequence ?? 0, sequence)
                continue
            }
            nextSequence = max(nextSequence, sequence)
            guard best.map({ sequence > $0.sequence }) ?? true,
                let entries = try? JSONDecoder().decode([PendingEdit].self, from: Data(payload))
            else { continue }
            best = (Array(entries.prefix(Self.maximumEntries)), sequence)
        }
        // The newest content is damaged: the older copy is read, and the file is copied
        // aside first, so that what the damaged copy held is there for a person to look at.
        if let damagedSequence, damagedSequence > (best?.sequence ?? 0), damagedPath == nil {
            let aside = newDamagedPath()
            if (try? FileManager.default.copyItem(atPath: path, toPath: aside)) != nil { damagedPath = aside }
        }
        return best ?? ([], max(nextSequence, damagedSequence ?? 0))
    }

    private func write(_ entries: [PendingEdit], sequence: UInt64, into file: OpenFile) throws(JournalError) {
        let payload: [UInt8]
        do {
            payload = Array(try JSONEncoder().encode(entries))
        } catch {
            throw failure("encode", EINVAL)
        }
        var slot = [UInt8](repeating: 0, count: Self.slotHeaderSize)
        slot.replaceSubrange(0..<4, with: Self.slotMagic)
        Self.writeUInt64(sequence, into: &slot, at: 4)
        Self.writeUInt32(UInt32(payload.count), into: &slot, at: 12)
        Self.writeUInt64(Self.checksum(payload), into: &slot, at: 16)
        slot += payload
        if slot.count > file.slotSize {
            // A larger file, its room reserved; a full disk refuses it, and the error says so.
            var size = file.slotSize
            while size < 2 * slot.count { size *= 2 }
            guard size <= Self.maximumSlotSize else { throw failure("write", EFBIG) }
            try makeFile(slotSize: size, content: slot)
            return
        }
        // The copy not holding the newest content: `sequence` alternates between them.
        let offset = Self.fileHeaderSize + Int(sequence % 2) * file.slotSize
        guard pwrite(file.descriptor, slot, slot.count, off_t(offset)) == slot.count else {
            throw failure("write")
        }
        guard fdatasync(file.descriptor) == 0 else { throw failure("sync") }
    }

    // MARK: Bytes

    /// FNV-1a, 64 bits: enough to tell a torn or damaged copy.
    static func checksum(_ bytes: [UInt8]) -> UInt64 {
        var hash: UInt64 = 0xcbf2_9ce4_8422_2325
        for byte in bytes {
            hash ^= UInt64(byte)
            hash &*= 0x100_0000_01b3
        }
        return hash
    }

    private static func readUInt32(_ bytes: [UInt8], at offset: Int) -> UInt32 {
        (0..<4).reduce(UInt32(0)) { $0 | UInt32(bytes[offset + $1]) << (8 * UInt32($1)) }
    }

    private static func readUInt64(_ bytes: [UInt8], at offset: Int) -> UInt64 {
        (0..<8).reduce(UInt64(0)) { $0 | UInt64(bytes[offset + $1]) << (8 * UInt64($1)) }
    }

    private static func writeUInt32(_ value: UInt32, into bytes: inout [UInt8], at offset: Int) {
        for index in 0..<4 { bytes[offset + index] = UInt8(truncatingIfNeeded: value >> (8 * UInt32(index))) }
    }

    private static func writeUInt64(_ value: UInt64, into bytes: inout [UInt8], at offset: Int) {
        for index in 0..<8 { bytes[offset + index] = UInt8(truncatingIfNeeded: value >> (8 * UInt64(index))) }
    }
}
