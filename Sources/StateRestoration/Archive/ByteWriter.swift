import Foundation

/// Appends the archive's primitive encodings to a byte array: the header, the metadata and
/// the string table. The body goes through ``RawBytes``.
///
/// Everything is little-endian; integers are LEB128 varints (signed ones zigzag-encoded
/// first), so small numbers take one byte.
struct ByteWriter {
    var bytes: [UInt8] = []

    init(capacity: Int = 0) {
        bytes.reserveCapacity(capacity)
    }

    mutating func varint(_ value: UInt64) {
        LEB128.write(value) { bytes.append($0) }
    }

    mutating func uint16(_ value: UInt16) {
        bytes.append(UInt8(truncatingIfNeeded: value))
        bytes.append(UInt8(truncatingIfNeeded: value >> 8))
    }

    mutating func uint32(_ value: UInt32) {
        for shift in stride(from: 0, to: 32, by: 8) {
            bytes.append(UInt8(truncatingIfNeeded: value >> UInt32(shift)))
        }
    }

    /// A length-prefixed UTF-8 string.
    mutating func string(_ value: String) {
        varint(UInt64(value.utf8.count))
        bytes.append(contentsOf: value.utf8)
    }

    /// A tagged value, encoded by ``RawBytes/value(_:)``, the one definition of it.
    mutating func value(_ value: StateValue) {
        var raw = RawBytes(capacity: 64)
        raw.value(value)
        raw.append(to: &bytes)
    }
}
