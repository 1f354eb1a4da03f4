/// What the user was doing, in a few keys: the second tier of a session's state (rule S5).
///
/// The full archive holds every screen's state; the activity holds just enough to go back
/// to the same place by the app's ordinary paths ("viewing item KEY", "adding a new item").
/// It is saved with every archive, in the same file and the same atomic write, under a
/// checksum of its own (docs/ARCHIVE-FORMAT.md, "The activity footer"). When the archive
/// must be thrown away (corrupt, from a newer version, a crash loop), the engine hands the
/// activity to ``RestorationDelegate/restoreInteractionState(with:)`` instead.
///
/// UIKit's model is `NSUserActivity` with `stateRestorationActivity(for:)`: a type, a
/// title and a small `userInfo`.
public struct RestorationActivity: Hashable, Sendable, CustomStringConvertible {
    /// What kind of activity, e.g. `"homepwner.viewItem"`.
    public var type: String
    /// The app's version of this type's keys, so that a later app can read an older one.
    public var version: Int
    /// A line for people: `restoration-archive sessions` shows it, e.g. `"Viewing Red Sofa"`.
    public var title: String
    /// A few keys, e.g. `["item": "6F9619FF-…"]`.
    public var userInfo: [String: String]

    /// Creates an activity.
    public init(type: String, version: Int = 1, title: String = "", userInfo: [String: String] = [:]) {
        self.type = type
        self.version = version
        self.title = title
        self.userInfo = userInfo
    }

    public var description: String {
        let keys = userInfo.keys.sorted().map { "\($0)=\(userInfo[$0] ?? "")" }.joined(separator: " ")
        return "\(type) v\(version)" + (title.isEmpty ? "" : " \"\(title)\"")
            + (keys.isEmpty ? "" : " " + keys)
    }

    /// The most bytes an activity's payload may take: it is a few keys, not state.
    public static let maximumPayloadSize = 16 << 10
    /// The most keys its ``userInfo`` may hold.
    public static let maximumKeyCount = 64
}

/// An archive file with an activity after the archive (rule S5): how the two tiers share
/// one atomic write and still fail apart.
///
/// ```
/// archive      the archive of docs/ARCHIVE-FORMAT.md, its own CRC-32 last
/// payload      L bytes: string type, varint version, string title,
///              varint count N, N × (string key, string value)
/// u32          L
/// u32          CRC-32 of the payload
/// 8 bytes      magic 89 52 53 41 43 54 0D 0A  ("\x89RSACT\r\n")
/// ```
///
/// The footer is found from the end of the file, so a corrupt archive (even a corrupt
/// header) leaves the activity readable, and a corrupt activity leaves the archive whole.
public enum ActivityFooter {
    /// The last eight bytes of a file that carries an activity.
    public static let magic: [UInt8] = [0x89, 0x52, 0x53, 0x41, 0x43, 0x54, 0x0D, 0x0A]
    /// The fixed part after the payload: length, CRC-32, magic.
    public static let trailerSize = 16

    /// What ``split(_:)`` found after the archive.
    public enum Found: Hashable, Sendable {
        /// The file is an archive alone (as before sessions).
        case none
        /// An activity, whole.
        case activity(RestorationActivity)
        /// A footer whose checksum or grammar is wrong, and why.
        case damaged(String)
    }

    /// `activity` encoded as a footer, to append to an archive's bytes.
    public static func encode(_ activity: RestorationActivity) -> [UInt8] {
        var writer = ByteWriter(capacity: 128)
        writer.string(activity.type)
        writer.varint(UInt64(max(activity.version, 0)))
        writer.string(activity.title)
        let keys = activity.userInfo.keys.sorted().prefix(RestorationActivity.maximumKeyCount)
        writer.varint(UInt64(keys.count))
        for key in keys {
            writer.string(key)
            writer.string(activity.userInfo[key] ?? "")
        }
        var payload = writer.bytes
        if payload.count > RestorationActivity.maximumPayloadSize {
            // Too big to be a few keys: keep the type, so a reader still learns what it was.
            return encode(
                RestorationActivity(type: String(activity.type.prefix(256)), version: activity.version))
        }
        let checksum = CRC32.checksum(payload)
        var tail = ByteWriter(capacity: trailerSize)
        tail.uint32(UInt32(payload.count))
        tail.uint32(checksum)
        payload.append(contentsOf: tail.bytes)
        payload.append(contentsOf: magic)
        return payload
    }

    /// The length of the archive at the start of `bytes`, and what follows it.
    ///
    /// An archive's header says where it ends (its body length): when the file starts with
    /// the archive's magic and is at least that long, the archive ends there, and what
    /// follows is judged apart, as a footer, so a damaged footer leaves the archive whole.
    /// Otherwise (a damaged header), a file ending in the footer's magic is split where the
    /// footer says, so a damaged archive leaves the activity readable. Reads nothing but
    /// `bytes`, checks every length before use, and never traps.
    public static func split(_ bytes: [UInt8]) -> (archiveLength: Int, found: Found) {
        let count = bytes.count
        // Where the archive's header says it ends, if the file is at least that long.
        var byHeader: (archiveLength: Int, found: Found)?
        if count >= ArchiveFormat.headerSize, bytes.starts(with: ArchiveFormat.magic) {
            let declared = ArchiveFormat.littleEndian(bytes, at: ArchiveFormat.bodyLengthOffset, width: 4)
            let archiveLength = declared + ArchiveFormat.headerSize + ArchiveFormat.trailerSize
            if archiveLength == count { return (count, .none) }
            if archiveLength < count {
                let found = footer(Array(bytes[archiveLength...]))
                if case .activity = found { return (archiveLength, found) }
                byHeader = (archiveLength, found)
            }
        }
        // Where the footer says it starts: a whole activity there wins over a header whose
        // length is damaged (the archive is then refused by its own checks).
        let byFooter = splitByFooter(bytes)
        if case .activity = byFooter.found { return byFooter }
        return byHeader ?? byFooter
    }

    /// ``split(_:)`` by the footer alone: a file ending in the footer's magic is split where
    /// the footer's length says.
    private static func splitByFooter(_ bytes: [UInt8]) -> (archiveLength: Int, found: Found) {
        let count = bytes.count
        guard count >= trailerSize, Array(bytes[(count - 8)...]) == magic else { return (count, .none) }
        let length = Int(readUInt32(bytes, at: count - 16))
        guard length <= RestorationActivity.maximumPayloadSize, length <= count - trailerSize else {
            return (count - trailerSize, .damaged("the activity's length \(length) does not fit the file"))
        }
        let start = count - trailerSize - length
        return (start, footer(Array(bytes[start...])))
    }

    /// What the bytes after an archive hold: exactly one footer (payload, length, checksum,
    /// magic), or why not.
    static func footer(_ bytes: [UInt8]) -> Found {
        let count = bytes.count
        guard count >= trailerSize else {
            return .damaged("the \(count) bytes after the archive are too few for an activity")
        }
        guard Array(bytes[(count - 8)...]) == magic else {
            return .damaged("the bytes after the archive do not end in the activity's magic")
        }
        let length = Int(readUInt32(bytes, at: count - 16))
        guard length <= RestorationActivity.maximumPayloadSize, length == count - trailerSize else {
            return .damaged(
                "the activity's length \(length) does not fit the \(count) bytes after the archive")
        }
        let payload = Array(bytes[..<length])
        let stored = readUInt32(bytes, at: count - 12)
        guard CRC32.checksum(payload) == stored else {
            return .damaged("the activity's checksum does not match")
        }
        guard let activity = decode(payload) else { return .damaged("the activity's payload is malformed") }
        return .activity(activity)
    }

    /// The activity of `payload`, or nil if it does not follow the grammar exactly.
    static func decode(_ payload: [UInt8]) -> RestorationActivity? {
        var cursor = 0
        func varint() -> UInt64? {
            var source = ArrayCursor(bytes: payload, offset: cursor)
            guard case .value(let value, _) = LEB128.read(from: &source) else { return nil }
            cursor = source.offset
            return value
        }
        func string() -> String? {
            guard let length = varint(), length <= UInt64(payload.count - cursor) else { return nil }
            let end = cursor + Int(length)
            defer { cursor = end }
            return String(validating: payload[cursor..<end], as: UTF8.self)
        }
        guard let type = string(), let version = varint(), version <= UInt64(Int.max),
            let title = string(), let count = varint(), count <= UInt64(RestorationActivity.maximumKeyCount)
        else { return nil }
        var userInfo: [String: String] = [:]
        for _ in 0..<Int(count) {
            guard let key = string(), let value = string(), userInfo[key] == nil else { return nil }
            userInfo[key] = value
        }
        guard cursor == payload.count else { return nil }
        return RestorationActivity(type: type, version: Int(version), title: title, userInfo: userInfo)
    }

    private static func readUInt32(_ bytes: [UInt8], at offset: Int) -> UInt32 {
        UInt32(bytes[offset]) | UInt32(bytes[offset + 1]) << 8 | UInt32(bytes[offset + 2]) << 16
            | UInt32(bytes[offset + 3]) << 24
    }
}

extension Archive {
    /// Parses an archive file as the engine writes it: the archive, then the session's
    /// activity, if any (rule S5), which this ignores (``ActivityFooter/split(_:)`` reads it).
    /// - Throws: ``ArchiveError`` with the reason and the byte offset.
    public init(fileBytes: [UInt8], limits: ArchiveLimits = .default) throws(ArchiveError) {
        let length = ActivityFooter.split(fileBytes).archiveLength
        try self.init(
            bytes: length == fileBytes.count ? fileBytes : Array(fileBytes[..<length]), limits: limits)
    }
}

/// A position in an array that ``LEB128/read(from:)`` reads from.
private struct ArrayCursor: LEB128Source {
    let bytes: [UInt8]
    var offset: Int

    mutating func nextByte() -> UInt8? {
        guard offset < bytes.count else { return nil }
        defer { offset += 1 }
        return bytes[offset]
    }
}
