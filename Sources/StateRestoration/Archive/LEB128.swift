/// The archive's integers: unsigned LEB128, seven bits a byte, low bits first, the high bit
/// set on every byte but the last (docs/ARCHIVE-FORMAT.md). Signed integers are
/// zigzag-encoded first, so that small magnitudes of either sign take one byte.
///
/// The one reader and the one writer of the format (rule C3): the checked parser, the
/// trusted reader of checked bytes, the activity footer and both byte writers call these,
/// each with its own bytes as a ``LEB128Source`` or through an `emit` closure. Both are
/// `@inline(__always)`, so each caller gets the loop specialised for its bytes. Public so
/// that tools which walk damaged archives (`restoration-archive`) read them the same way.
public enum LEB128 {
    /// The most bytes a 64-bit value takes (⌈64 / 7⌉).
    public static let maximumLength = 10

    /// What ``read(from:)`` found.
    public enum Read: Equatable, Sendable {
        /// A whole varint, of `length` bytes.
        case value(UInt64, length: Int)
        /// The bytes ended before the varint did.
        case truncated
        /// More than 64 bits: a tenth byte above 1, or an eleventh byte.
        case overflow
    }

    /// Reads one varint from `source`. On `.truncated` or `.overflow` the source has been
    /// advanced past the bytes looked at.
    @inlinable @inline(__always)
    public static func read<Source: LEB128Source>(from source: inout Source) -> Read {
        var result: UInt64 = 0
        var shift: UInt64 = 0
        // The first nine bytes hold 63 bits, which cannot overflow: no check of the shift.
        for length in 1...9 {
            guard let byte = source.nextByte() else { return .truncated }
            result |= UInt64(byte & 0x7F) &<< shift
            if byte < 0x80 { return .value(result, length: length) }
            shift &+= 7
        }
        // The tenth holds the 64th bit, and must end the varint.
        guard let byte = source.nextByte() else { return .truncated }
        if byte > 1 { return .overflow }
        return .value(result | UInt64(byte) &<< 63, length: 10)
    }

    /// Writes `value`, calling `emit` with each byte in order.
    @inlinable @inline(__always)
    public static func write(_ value: UInt64, _ emit: (UInt8) -> Void) {
        var value = value
        while value >= 0x80 {
            emit(UInt8(truncatingIfNeeded: value) | 0x80)
            value >>= 7
        }
        emit(UInt8(truncatingIfNeeded: value))
    }

    /// The number of bytes ``write(_:_:)`` writes for `value`.
    @inlinable @inline(__always)
    public static func length(of value: UInt64) -> Int {
        // One byte per started group of seven significant bits; zero takes one byte.
        max(1, (64 - value.leadingZeroBitCount + 6) / 7)
    }

    /// `value` zigzag-encoded: 0, -1, 1, -2, … become 0, 1, 2, 3, ….
    @inlinable @inline(__always)
    public static func zigzag(_ value: Int64) -> UInt64 {
        UInt64(bitPattern: (value << 1) ^ (value >> 63))
    }

    /// The signed value of a zigzag-encoded `raw`.
    @inlinable @inline(__always)
    public static func unzigzag(_ raw: UInt64) -> Int64 {
        Int64(bitPattern: raw >> 1) ^ -Int64(bitPattern: raw & 1)
    }
}

/// Bytes that ``LEB128/read(from:)`` takes one at a time.
public protocol LEB128Source {
    /// The next byte, moving past it; nil at the end.
    mutating func nextByte() -> UInt8?
}
