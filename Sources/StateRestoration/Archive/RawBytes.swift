import Foundation

/// The archive body's writer: an append-only byte buffer in memory its owner frees.
///
/// Appending to a `[UInt8]` checks uniqueness and capacity for every byte, and a save
/// writes a few dozen bytes per object in many small appends. This buffer checks capacity
/// once per primitive and writes through a pointer (docs/PERFORMANCE.md has the figures).
///
/// It is the one definition of how values are encoded: ``ByteWriter/value(_:)`` goes
/// through it too.
///
/// Ownership: a plain struct around a pointer, so a copy shares the memory. Its owner keeps
/// the only copy that writes and calls ``free()`` once, at the end; ``ArchiveBuilder``
/// holds the body this way, and ``ByteWriter/value(_:)`` a temporary one.
struct RawBytes {
    private(set) var base: UnsafeMutablePointer<UInt8>
    private(set) var count = 0
    private(set) var capacity: Int

    init(capacity: Int) {
        self.capacity = max(capacity, 64)
        base = .allocate(capacity: self.capacity)
    }

    /// Releases the memory. The buffer must not be used afterwards.
    func free() {
        base.deallocate()
    }

    /// The bytes written so far; valid until the next write or ``free()``.
    var buffer: UnsafeBufferPointer<UInt8> { UnsafeBufferPointer(start: base, count: count) }

    /// Drops every byte, keeping the memory for the next writes.
    mutating func removeAll() {
        count = 0
    }

    /// Drops the bytes after `mark`.
    mutating func truncate(to mark: Int) {
        count = min(count, max(mark, 0))
    }

    private mutating func reserve(_ extra: Int) {
        if capacity - count < extra { grow(extra) }
    }

    private mutating func grow(_ extra: Int) {
        var newCapacity = capacity * 2
        while newCapacity - count < extra { newCapacity *= 2 }
        let newBase = UnsafeMutablePointer<UInt8>.allocate(capacity: newCapacity)
        newBase.initialize(from: base, count: count)
        base.deallocate()
        base = newBase
        capacity = newCapacity
    }

    // MARK: Primitives

    mutating func byte(_ value: UInt8) {
        reserve(1)
        base[count] = value
        count += 1
    }

    /// A LEB128 varint: seven bits a byte, low bits first.
    @inline(__always)
    mutating func varint(_ value: UInt64) {
        // Most varints (keys, tags' lengths, small numbers) are one byte.
        if value < 0x80 {
            byte(UInt8(truncatingIfNeeded: value))
            return
        }
        longVarint(value)
    }

    private mutating func longVarint(_ value: UInt64) {
        reserve(10)
        var value = value
        var at = count
        while value >= 0x80 {
            base[at] = UInt8(truncatingIfNeeded: value) | 0x80
            value >>= 7
            at += 1
        }
        base[at] = UInt8(value)
        count = at + 1
    }

    mutating func varint(_ value: Int) {
        varint(UInt64(bitPattern: Int64(value)))
    }

    mutating func zigzag(_ value: Int64) {
        varint(UInt64(bitPattern: (value << 1) ^ (value >> 63)))
    }

    /// Eight bytes, little-endian.
    mutating func fixed64(_ value: UInt64) {
        reserve(8)
        UnsafeMutableRawPointer(base + count).storeBytes(of: value.littleEndian, as: UInt64.self)
        count += 8
    }

    mutating func bytes(_ source: UnsafeRawBufferPointer) {
        guard let start = source.baseAddress, !source.isEmpty else { return }
        reserve(source.count)
        UnsafeMutableRawPointer(base + count).copyMemory(from: start, byteCount: source.count)
        count += source.count
    }

    /// A length-prefixed UTF-8 string.
    mutating func string(_ value: String) {
        // In place when the string's UTF-8 is contiguous (native strings); `withUTF8` needs
        // a mutable copy, which retains the storage.
        let written: Void? = value.utf8.withContiguousStorageIfAvailable { utf8 in
            varint(UInt64(utf8.count))
            bytes(UnsafeRawBufferPointer(utf8))
        }
        guard written == nil else { return }
        var value = value
        value.withUTF8 { utf8 in
            varint(UInt64(utf8.count))
            bytes(UnsafeRawBufferPointer(utf8))
        }
    }

    /// Length-prefixed bytes.
    mutating func data(_ value: Data) {
        varint(UInt64(value.count))
        value.withUnsafeBytes { bytes($0) }
    }

    mutating func uuid(_ value: UUID) {
        let raw = value.uuid
        withUnsafeBytes(of: raw) { bytes($0) }
    }

    // MARK: Values and entries

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
            fixed64(number.bitPattern)
        case .string(let text):
            byte(Tag.string.rawValue)
            string(text)
        case .data(let blob):
            byte(Tag.data.rawValue)
            data(blob)
        case .date(let date):
            byte(Tag.date.rawValue)
            fixed64(date.timeIntervalSince1970.bitPattern)
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
            reference(index)
        }
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

    /// A record's header, as ``ArchiveBuilder`` begins a record.
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
}
