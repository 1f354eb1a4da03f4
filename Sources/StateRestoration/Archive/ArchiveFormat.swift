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
    /// The trailer's size: the CRC-32.
    public static let trailerSize = 4
    /// The engine's version, recorded in ``ArchiveMetadata/systemVersion``.
    public static let engineVersion = "1.0.0"

    /// Value tags, one byte before each value.
    enum Tag: UInt8 {
        case boolFalse = 0x01
        case boolTrue = 0x02
        case int = 0x03
        case uint = 0x04
        case double = 0x05
        case string = 0x06
        case data = 0x07
        case date = 0x08
        case uuid = 0x09
        case array = 0x0A
        case dictionary = 0x0B
        case codable = 0x0C
        case nilReference = 0x0D
        case reference = 0x0E
    }
}
