/// Constants of the archive format, specified byte by byte in `docs/ARCHIVE-FORMAT.md`.
public enum ArchiveFormat {
    /// The format version this engine writes.
    public static let currentVersion = 1
    /// The format versions this engine reads.
    public static let readableVersions: ClosedRange<Int> = 1...1
    /// The first eight bytes of every archive: `0x89 'R' 'S' 'T' 'R' '\r' '\n' 0x1A`.
    /// As in PNG, the high byte and the line endings catch text-mode mangling.
    public static let magic: [UInt8] = [0x89, 0x52, 0x53, 0x54, 0x52, 0x0D, 0x0A, 0x1A]
    /// The header's size: magic, version (u16), flags (u16), body length (u32).
    public static let headerSize = 16
    /// Where the header's format version starts: a u16, little-endian.
    public static let versionOffset = 8
    /// Where the header's flags start: a u16, little-endian, zero in version 1.
    public static let flagsOffset = 10
    /// Where the header's body length starts: a u32, little-endian, the bytes between the
    /// header and the trailer.
    public static let bodyLengthOffset = 12

    /// The little-endian integer of `width` bytes at `offset` of `bytes`, which must hold
    /// them: how the header's fields read.
    public static func littleEndian(_ bytes: [UInt8], at offset: Int, width: Int) -> Int {
        var value = 0
        for index in 0..<width { value |= Int(bytes[offset + index]) << (index * 8) }
        return value
    }

    /// `bytes` with the little-endian integer of `width` bytes at `offset` set to `value`.
    public static func setLittleEndian(_ value: Int, width: Int, at offset: Int, in bytes: inout [UInt8]) {
        for index in 0..<width { bytes[offset + index] = UInt8(truncatingIfNeeded: value >> (index * 8)) }
    }
    /// The trailer's size: the CRC-32.
    public static let trailerSize = 4
    /// The engine's version, recorded in ``ArchiveMetadata/systemVersion``.
    public static let engineVersion = "1.0.0"

    /// Value tags, one byte before each value: with ``Payload``, the format's grammar of
    /// values (docs/ARCHIVE-FORMAT.md, "Values"). The writer, the checked reader, the
    /// in-place reader and `restoration-archive` all take what follows a tag from
    /// ``payload(ofRawTag:)``, so it is defined once.
    public enum Tag: UInt8, CaseIterable, Sendable {
        /// `false`; no payload.
        case boolFalse = 0x01
        /// `true`; no payload.
        case boolTrue = 0x02
        /// A signed integer: a zigzag varint.
        case int = 0x03
        /// An unsigned integer: a varint.
        case uint = 0x04
        /// A Double: its IEEE 754 bits, 8 bytes little-endian.
        case double = 0x05
        /// A String: a varint length, then that many bytes of UTF-8.
        case string = 0x06
        /// Data: a varint length, then the bytes.
        case data = 0x07
        /// A Date: seconds since 1970 as a Double, 8 bytes little-endian.
        case date = 0x08
        /// A UUID: its 16 bytes.
        case uuid = 0x09
        /// An array: a varint count, then that many values.
        case array = 0x0A
        /// A dictionary: a varint count, then that many pairs of a length-prefixed UTF-8 key
        /// and a value.
        case dictionary = 0x0B
        /// A `Codable` value: a varint length, then its JSON.
        case codable = 0x0C
        /// A nil reference; no payload.
        case nilReference = 0x0D
        /// A reference to a record: its index, a varint.
        case reference = 0x0E

        /// What follows this tag.
        public var payload: Payload { ArchiveFormat.payload(ofRawTag: rawValue) ?? .empty }
    }

    /// The shape of what follows a value's tag: enough to move past any value without
    /// knowing what it means.
    public enum Payload: Hashable, Sendable {
        /// Nothing.
        case empty
        /// A LEB128 varint (a zigzag one for signed integers).
        case varint
        /// 8 bytes.
        case fixed64
        /// 16 bytes.
        case fixed128
        /// A varint length, then that many bytes.
        case lengthPrefixed
        /// A varint count, then that many values.
        case list
        /// A varint count, then that many pairs of a length-prefixed key and a value.
        case map
    }

    /// The payload of the tag byte `raw`, or nil if no tag has that value. A switch the
    /// compiler makes a table of, so that readers of every value can call it.
    @inlinable @inline(__always)
    public static func payload(ofRawTag raw: UInt8) -> Payload? {
        switch raw {
        case 0x01, 0x02, 0x0D: .empty
        case 0x03, 0x04, 0x0E: .varint
        case 0x05, 0x08: .fixed64
        case 0x09: .fixed128
        case 0x06, 0x07, 0x0C: .lengthPrefixed
        case 0x0A: .list
        case 0x0B: .map
        default: nil
        }
    }
}
