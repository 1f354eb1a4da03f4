import Foundation

/// Appends the archive's primitive encodings to a byte array.
///
/// Everything is little-endian; integers are LEB128 varints (signed ones zigzag-encoded
/// first), so small numbers take one byte.
struct ByteWriter {
    var bytes: [UInt8] = []

    init(capacity: Int = 0) {
        bytes.reserveCapacity(capacity)
    }

    mutating func byte(_ value: UInt8) {
        bytes.append(value)
    }

    mutating func varint(_ value: UInt64) {
        var value = value
        while value >= 0x80 {
            bytes.append(UInt8(truncatingIfNeeded: value) | 0x80)
            value >>= 7
        }
        bytes.append(UInt8(value))
    }

    mutating func varint(_ value: Int) {
        varint(UInt64(bitPattern: Int64(value)))
    }

    mutating func zigzag(_ value: Int64) {
        varint(UInt64(bitPattern: (value << 1) ^ (value >> 63)))
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

    mutating func uint64(_ value: UInt64) {
        for shift in stride(from: 0, to: 64, by: 8) {
            bytes.append(UInt8(truncatingIfNeeded: value >> UInt64(shift)))
        }
    }

    mutating func double(_ value: Double) {
        uint64(value.bitPattern)
    }

    /// A length-prefixed UTF-8 string.
    mutating func string(_ value: String) {
        var value = value
        value.withUTF8 { utf8 in
            varint(UInt64(utf8.count))
            bytes.append(contentsOf: utf8)
        }
    }

    /// Length-prefixed bytes.
    mutating func data(_ value: Data) {
        varint(UInt64(value.count))
        bytes.append(contentsOf: value)
    }

    mutating func uuid(_ value: UUID) {
        let raw = value.uuid
        withUnsafeBytes(of: raw) { bytes.append(contentsOf: $0) }
    }

    /// A record's header (see ``ArchiveBuilder/beginRecord(parentIndex:identifier:occurrence:typeName:restorationClassName:stateVersion:)``),
    /// in one call so that the builder makes one access per header.
    mutating func recordHeader(
        parentField: Int, identifier: Int, occurrence: Int, typeName: Int, classField: Int,
        stateVersion: Int64
    ) {
        varint(parentField)
        varint(identifier)
        varint(occurrence)
        varint(typeName)
        varint(classField)
        zigzag(stateVersion)
    }

    /// One keyed entry: the key's string-table field (index + 1), then the tagged value.
    mutating func entry(keyField: Int, value: StateValue) {
        varint(keyField)
        self.value(value)
    }

    /// The start of a keyed entry holding `count` references, byte for byte what
    /// ``value(_:)`` writes for `.array` of `.reference` values; each reference follows
    /// through ``reference(_:)``.
    mutating func referenceListHeader(keyField: Int, count: Int) {
        varint(keyField)
        byte(ArchiveFormat.Tag.array.rawValue)
        varint(count)
    }

    /// A reference value: a record index, or nil.
    mutating func reference(_ index: Int?) {
        if let index {
            byte(ArchiveFormat.Tag.reference.rawValue)
            varint(UInt64(index))
        } else {
            byte(ArchiveFormat.Tag.nilReference.rawValue)
        }
    }

    /// A tagged value. Dictionaries are written sorted by key so that equal states give
    /// equal bytes.
    mutating func value(_ value: StateValue) {
        typealias Tag = ArchiveFormat.Tag
        switch value {
        case .bool(let flag):
            byte(flag ? Tag.boolTrue.rawValue : Tag.boolFalse.rawValue)
        case .int(let number):
            byte(Tag.int.rawValue)
            zigzag(number)
        case .uint(let number):
            byte(Tag.uint.rawValue)
            varint(number)
        case .double(let number):
            byte(Tag.double.rawValue)
            double(number)
        case .string(let text):
            byte(Tag.string.rawValue)
            string(text)
        case .data(let blob):
            byte(Tag.data.rawValue)
            data(blob)
        case .date(let date):
            byte(Tag.date.rawValue)
            double(date.timeIntervalSince1970)
        case .uuid(let id):
            byte(Tag.uuid.rawValue)
            uuid(id)
        case .array(let values):
            byte(Tag.array.rawValue)
            varint(UInt64(values.count))
            for element in values { self.value(element) }
        case .dictionary(let values):
            byte(Tag.dictionary.rawValue)
            varint(UInt64(values.count))
            for key in values.keys.sorted() {
                string(key)
                if let element = values[key] { self.value(element) }
            }
        case .codable(let json):
            byte(Tag.codable.rawValue)
            data(json)
        case .reference(let index):
            if let index {
                byte(Tag.reference.rawValue)
                varint(UInt64(index))
            } else {
                byte(Tag.nilReference.rawValue)
            }
        }
    }
}
