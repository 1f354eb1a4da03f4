import Foundation

/// The archive body's writer: the format's encodings of values and entries, over an
/// ``UncheckedByteBuffer``.
///
/// It is the one definition of how values are encoded: ``ByteWriter/value(_:)`` goes
/// through it too. It cannot be copied: ``ArchiveBuilder`` owns the body while a save
/// writes it, and hands it back to the engine for the next save (``ArchiveBuilder/takeBody()``).
struct RawBytes: ~Copyable {
    private var storage: UncheckedByteBuffer

    init(capacity: Int) {
        storage = UncheckedByteBuffer(capacity: capacity)
    }

    /// How many bytes were written.
    var count: Int { storage.count }

    /// The memory held, written or not.
    var capacity: Int { storage.capacity }

    /// Runs `body` with the bytes written so far.
    func withBytes<Result, Failure: Error>(
        _ body: (Span<UInt8>) throws(Failure) -> Result
    ) throws(Failure) -> Result {
        try storage.withBytes(body)
    }

    /// Appends the bytes written so far to `target`.
    func append(to target: inout [UInt8]) {
        storage.append(to: &target)
    }

    /// Bytes thawed from a frozen body, to be written again (emptied first).
    init(thawing storage: consuming UncheckedByteBuffer) {
        storage.removeAll()
        self.storage = storage
    }

    /// The bytes, frozen: moved into storage that any thread may read (rule P1).
    consuming func frozen() -> UncheckedFrozenBytes {
        UncheckedFrozenBytes(storage)
    }

    /// The bytes `range` of those written, as an array.
    func copy(_ range: Range<Int>) -> [UInt8] {
        var bytes: [UInt8] = []
        bytes.reserveCapacity(range.count)
        storage.append(range, to: &bytes)
        return bytes
    }

    /// Drops every byte, keeping the memory for the next writes.
    mutating func removeAll() {
        storage.removeAll()
    }

    /// Drops the bytes after `mark`.
    mutating func truncate(to mark: Int) {
        storage.truncate(to: mark)
    }

    // MARK: Primitives

    @inline(__always)
    mutating func byte(_ value: UInt8) {
        storage.byte(value)
    }

    /// A LEB128 varint: seven bits a byte, low bits first.
    @inline(__always)
    mutating func varint(_ value: UInt64) {
        storage.varint(value)
    }

    @inline(__always)
    mutating func varint(_ value: Int) {
        varint(UInt64(bitPattern: Int64(value)))
    }

    @inline(__always)
    mutating func zigzag(_ value: Int64) {
        varint(LEB128.zigzag(value))
    }

    /// Eight bytes, little-endian.
    @inline(__always)
    mutating func fixed64(_ value: UInt64) {
        storage.fixed64(value)
    }

    mutating func bytes(_ source: Span<UInt8>) {
        storage.bytes(source)
    }

    /// A length-prefixed UTF-8 string.
    @inline(__always)
    mutating func string(_ value: String) {
        storage.lengthPrefixedUTF8(value)
    }

    /// Length-prefixed bytes.
    mutating func data(_ value: Data) {
        varint(UInt64(value.count))
        bytes(value.span)
    }

    mutating func uuid(_ value: UUID) {
        let raw = value.uuid
        let bytes: InlineArray<16, UInt8> = [
            raw.0, raw.1, raw.2, raw.3, raw.4, raw.5, raw.6, raw.7,
            raw.8, raw.9, raw.10, raw.11, raw.12, raw.13, raw.14, raw.15,
        ]
        self.bytes(bytes.span)
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

    /// The start of a keyed entry: the key's string-table field (index + 1), then the value's
    /// tag. Most key fields are one byte, and then both are written with one check of the
    /// room.
    @inline(__always)
    mutating func entryHeader(keyField: Int, tag: UInt8) {
        if UInt(bitPattern: keyField) < 0x80 {
            storage.twoBytes(UInt8(truncatingIfNeeded: keyField), tag)
        } else {
            varint(keyField)
            byte(tag)
        }
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
        entryHeader(keyField: keyField, tag: ArchiveFormat.Tag.array.rawValue)
        varint(count)
    }
}
