/// Why bytes are not a valid archive, and where (rule R18, A3).
public struct ArchiveError: Error, Hashable, Sendable, CustomStringConvertible {
    /// What is wrong.
    public enum Reason: Hashable, Sendable {
        /// The file is empty.
        case empty
        /// The file is larger than ``ArchiveLimits/maxTotalBytes``.
        case tooLarge(size: Int, limit: Int)
        /// The first eight bytes are not the archive magic.
        case badMagic
        /// The format version is outside what this engine reads, and no migration applies.
        case unsupportedFormatVersion(found: Int, supported: ClosedRange<Int>)
        /// The header's flags have bits this engine does not know.
        case unknownFlags(UInt16)
        /// The header's body length does not match the file size.
        case lengthMismatch(declared: Int, actual: Int)
        /// The trailer's CRC-32 does not match the bytes.
        case checksumMismatch(stored: UInt32, computed: UInt32)
        /// The bytes end inside the named structure.
        case truncated(String)
        /// A count or length is over its limit.
        case overLimit(what: String, value: UInt64, limit: Int)
        /// A structure holds a value that cannot be (an unknown tag, a bad index, ...).
        case invalid(String)
    }

    /// What is wrong.
    public var reason: Reason
    /// The byte offset where it was found.
    public var offset: Int

    /// Creates an error.
    public init(_ reason: Reason, at offset: Int) {
        self.reason = reason
        self.offset = offset
    }

    public var description: String {
        switch reason {
        case .empty:
            "empty file"
        case .tooLarge(let size, let limit):
            "archive of \(size) bytes is over the limit of \(limit) bytes"
        case .badMagic:
            "not a restoration archive (bad magic at offset \(offset))"
        case .unsupportedFormatVersion(let found, let supported):
            "format version \(found) is \(found > supported.upperBound ? "newer" : "older") than "
                + "this engine reads (\(supported.lowerBound)...\(supported.upperBound)), "
                + "and no migration applies"
        case .unknownFlags(let flags):
            "unknown header flags 0x\(String(flags, radix: 16)) at offset \(offset)"
        case .lengthMismatch(let declared, let actual):
            declared > actual
                ? "truncated archive: header declares \(declared) bytes, file has \(actual)"
                : "archive length mismatch: header declares \(declared) bytes, file has \(actual)"
        case .checksumMismatch(let stored, let computed):
            "checksum mismatch at offset \(offset): stored 0x\(Self.hex(stored)), "
                + "computed 0x\(Self.hex(computed))"
        case .truncated(let what):
            "truncated \(what) at offset \(offset)"
        case .overLimit(let what, let value, let limit):
            "\(what) \(value) over limit \(limit) at offset \(offset)"
        case .invalid(let what):
            "\(what) at offset \(offset)"
        }
    }

    private static func hex(_ value: UInt32) -> String {
        let digits = String(value, radix: 16)
        return String(repeating: "0", count: 8 - digits.count) + digits
    }
}
