import Foundation

/// A checked archive, read in place: what a restore decodes from.
///
/// ``ArchiveReader`` checks every byte of the archive once (checksum, structure, limits,
/// UTF-8) and keeps, besides the metadata and the string table, only where each record's
/// keyed space starts and which keys it may hold. Values stay in the bytes until a coder
/// asks for one, and a coder reads an object's keys where they are, in the order it wrote
/// them. A restore therefore builds no tree of records and entries that it then has to
/// free: building and freeing that tree was about half of a restore (see
/// docs/PERFORMANCE.md). ``archive()`` builds the full ``Archive`` value for those who
/// want it, such as `restoration-archive`.
///
/// Immutable once made, and only made by ``ArchiveReader``: every offset it holds, and every
/// byte from there on, was checked, which is what lets ``ValueReader`` read them without
/// checking again.
final class ArchiveView: Sendable {
    /// One record, as string-table indices and where its keyed space is.
    struct Record: Sendable {
        /// The parent's record index, or -1 for none. Always less than the record's own.
        var parent: Int32
        /// The identifier's string-table index.
        var identifier: UInt32
        /// The position among same-named siblings.
        var occurrence: UInt32
        /// The number of components of the record's path: 1 for a root.
        var depth: UInt32
        /// The type name's string-table index.
        var typeName: UInt32
        /// The restoration class name's string-table index, or -1 for none.
        var restorationClass: Int32
        /// The record's keys and values.
        var space: KeyedSpace
        /// The recorded state version (rule R19).
        var stateVersion: Int
    }

    /// Where a keyed space (an object's, or the application's) is in the bytes.
    struct KeyedSpace: Sendable {
        /// The offset of its first entry (or of its terminating 0).
        var offset: UInt32
        /// How many entries it has.
        var count: UInt32
        /// Bit `k % 64` is set for each canonical key index `k` of its entries: a clear bit
        /// says at once that a key is not there.
        var keyMask: UInt64

        /// Whether a key with this canonical index may be in the space.
        @inline(__always)
        func mayContain(_ key: Int) -> Bool {
            keyMask & (1 &<< UInt64(key & 63)) != 0
        }
    }

    // Obligation (UncheckedByteView): every reader of these bytes is made inside
    // `storage.withView` (here, or in a restore's `DecodingContext.withBytes`) and dies there.
    /// The archive's bytes, checked. A restore makes a reader per value, which retains
    /// nothing (``UncheckedByteView``), from the view the storage lends.
    let storage: UncheckedByteStorage
    /// The save's metadata.
    let metadata: ArchiveMetadata
    /// The string table.
    let strings: [String]
    /// For each string-table index, the first index with the same contents: keys are
    /// compared through it, so that a file whose table holds a string twice still finds
    /// every entry of a key.
    let canonical: [UInt32]
    /// Each distinct string's first index.
    let stringIndex: [String: Int]
    /// The records in preorder.
    let records: [Record]
    /// The application state (rule R9).
    let applicationState: KeyedSpace
    /// True when no keyed space holds a key twice: a coder may then stop at the first
    /// entry with a key, and try the entry after the last one it read before scanning.
    let keysAreUnique: Bool

    init(
        storage: UncheckedByteStorage, metadata: ArchiveMetadata, strings: [String],
        canonical: [UInt32], stringIndex: [String: Int], records: [Record], applicationState: KeyedSpace,
        keysAreUnique: Bool
    ) {
        self.storage = storage
        self.metadata = metadata
        self.strings = strings
        self.canonical = canonical
        self.stringIndex = stringIndex
        self.records = records
        self.applicationState = applicationState
        self.keysAreUnique = keysAreUnique
    }

    // MARK: Paths and names

    /// The record's restoration path, made into components only when read.
    func path(ofRecord index: Int) -> RestorationPath {
        RestorationPath(record: index, in: self)
    }

    /// The number of components of the record's path.
    func depth(ofRecord index: Int) -> Int {
        Int(records[index].depth)
    }

    /// The last component of the record's path: its own identifier and occurrence.
    func component(ofRecord index: Int) -> RestorationPath.Component {
        RestorationPath.Component(
            strings[Int(records[index].identifier)], occurrence: Int(records[index].occurrence))
    }

    /// The components of the record's path, root first.
    func components(ofRecord index: Int) -> [RestorationPath.Component] {
        var components: [RestorationPath.Component] = []
        components.reserveCapacity(depth(ofRecord: index))
        var current = index
        while current >= 0 {
            components.append(component(ofRecord: current))
            current = Int(records[current].parent)
        }
        components.reverse()
        return components
    }

    /// The type name recorded for the record.
    func typeName(ofRecord index: Int) -> String {
        strings[Int(records[index].typeName)]
    }

    /// The restoration class name recorded for the record, if any.
    func restorationClassName(ofRecord index: Int) -> String? {
        let field = records[index].restorationClass
        return field < 0 ? nil : strings[Int(field)]
    }

    // MARK: Keyed spaces

    /// The entries of `space`, as values.
    func entries(of space: KeyedSpace) -> [ArchiveEntry] {
        storage.withView { bytes in
            var result: [ArchiveEntry] = []
            result.reserveCapacity(Int(space.count))
            var reader = ValueReader(bytes, offset: Int(space.offset))
            while true {
                let field = reader.varint()
                if field == 0 { return result }
                result.append(ArchiveEntry(key: strings[Int(field - 1)], value: reader.value()))
            }
        }
    }

    /// The whole archive as a value.
    func archive() -> Archive {
        var archiveRecords: [ArchiveRecord] = []
        archiveRecords.reserveCapacity(records.count)
        var paths: [RestorationPath] = []
        paths.reserveCapacity(records.count)
        for index in records.indices {
            let record = records[index]
            let parent = record.parent < 0 ? nil : Int(record.parent)
            let path = (parent.map { paths[$0] } ?? RestorationPath()).appending(
                strings[Int(record.identifier)], occurrence: Int(record.occurrence))
            paths.append(path)
            archiveRecords.append(
                ArchiveRecord(
                    parentIndex: parent, path: path, typeName: typeName(ofRecord: index),
                    restorationClassName: restorationClassName(ofRecord: index),
                    stateVersion: record.stateVersion, entries: entries(of: record.space)))
        }
        return Archive(
            metadata: metadata, applicationState: entries(of: applicationState), records: archiveRecords,
            byteCount: storage.count, stringCount: strings.count)
    }
}

/// Finding a key's value in a keyed space of checked bytes: what a coder's look-up reads,
/// in place in the context's ``UncheckedBox``.
extension DecodingContext.Shared {
    /// The offset of the value of `key` (a canonical string index) in `space`, or nil.
    ///
    /// With no repeated keys, the entry at `cursor` (where the last value read ended) is
    /// tried first, then the space from its start; otherwise the whole space is read and
    /// the last entry with the key wins.
    @inline(__always)
    func valueOffset(of key: Int, in space: ArchiveView.KeyedSpace, cursor: Int) -> Int? {
        let key = UInt32(truncatingIfNeeded: key)
        if keysAreUnique {
            var reader = ValueReader(bytes, offset: cursor)
            let field = Int(reader.varint())
            if field != 0, canonical[field &- 1] == key { return reader.offset }
        }
        return scan(for: key, in: space)
    }

    /// ``valueOffset(of:in:cursor:)`` from the start of the space.
    private func scan(for key: UInt32, in space: ArchiveView.KeyedSpace) -> Int? {
        var reader = ValueReader(bytes, offset: Int(space.offset))
        var found: Int?
        while true {
            let field = Int(reader.varint())
            if field == 0 { return found }
            if canonical[field &- 1] == key {
                found = reader.offset
                if keysAreUnique { return found }
            }
            reader.skipValue()
        }
    }
}

/// Reads values that ``ArchiveReader`` has already checked: no validation, no errors. Only
/// for the bytes of an ``ArchiveView`` (or bytes the reader is checking, behind the
/// cursor). Its reads are bounds-checked all the same, so that a mistake here is a trap,
/// not a read of memory outside the archive.
struct ValueReader {
    let raw: UncheckedByteView
    var offset: Int

    init(_ raw: UncheckedByteView, offset: Int) {
        self.raw = raw
        self.offset = offset
    }

    @inline(__always)
    mutating func byte() -> UInt8 {
        defer { offset += 1 }
        return raw[offset]
    }

    /// A varint of the checked bytes (the parser found it whole, so ``LEB128/read(from:)``
    /// finds a value; anything else reads as 0).
    @inline(__always)
    mutating func varint() -> UInt64 {
        // Most varints (keys, tags' lengths, small numbers) are one byte.
        let first = raw[offset]
        if first < 0x80 {
            offset += 1
            return UInt64(first)
        }
        var source = ByteViewCursor(raw, offset: offset)
        let read = LEB128.read(from: &source)
        offset = source.offset
        guard case .value(let value, _) = read else { return 0 }
        return value
    }

    @inline(__always)
    mutating func zigzag() -> Int64 {
        LEB128.unzigzag(varint())
    }

    @inline(__always)
    mutating func fixed64() -> UInt64 {
        defer { offset += 8 }
        return raw.littleEndian64(at: offset)
    }

    /// Where the next length-prefixed bytes are.
    @inline(__always)
    mutating func slice() -> Range<Int> {
        let length = Int(varint())
        defer { offset += length }
        return offset..<offset + length
    }

    /// A string the reader found to be valid UTF-8: ASCII, most strings, is made without
    /// validating it again.
    mutating func string() -> String {
        let range = slice()
        return raw.asciiString(range) ?? raw.string(range)
    }

    mutating func data() -> Data {
        raw.data(slice())
    }

    /// Moves past one value, by the shape of its payload (``ArchiveFormat/payload(ofRawTag:)``).
    mutating func skipValue() {
        switch ArchiveFormat.payload(ofRawTag: byte()) {
        case .varint?: _ = varint()
        case .fixed64?: offset += 8
        case .fixed128?: offset += 16
        case .lengthPrefixed?: offset += Int(varint())
        case .list?:
            for _ in 0..<Int(varint()) { skipValue() }
        case .map?:
            for _ in 0..<Int(varint()) {
                offset += Int(varint())
                skipValue()
            }
        case .empty?, nil: return  // no payload; the reader accepted no unknown tag
        }
    }

    /// The next value. The raw tag is switched on, not `Tag(rawValue:)`: that is a call
    /// per value.
    mutating func value() -> StateValue {
        typealias Tag = ArchiveFormat.Tag
        switch byte() {
        case Tag.boolFalse.rawValue: return .bool(false)
        case Tag.boolTrue.rawValue: return .bool(true)
        case Tag.int.rawValue: return .int(zigzag())
        case Tag.uint.rawValue: return .uint(varint())
        case Tag.double.rawValue: return .double(Double(bitPattern: fixed64()))
        case Tag.string.rawValue: return .string(string())
        case Tag.data.rawValue: return .data(data())
        case Tag.date.rawValue: return .date(Date(timeIntervalSince1970: Double(bitPattern: fixed64())))
        case Tag.uuid.rawValue:
            let o = offset
            offset += 16
            return .uuid(
                UUID(
                    uuid: (
                        raw[o], raw[o + 1], raw[o + 2], raw[o + 3], raw[o + 4], raw[o + 5], raw[o + 6],
                        raw[o + 7], raw[o + 8], raw[o + 9], raw[o + 10], raw[o + 11], raw[o + 12],
                        raw[o + 13], raw[o + 14], raw[o + 15]
                    )))
        case Tag.array.rawValue:
            let count = Int(varint())
            var values: [StateValue] = []
            values.reserveCapacity(count)
            for _ in 0..<count { values.append(value()) }
            return .array(values)
        case Tag.dictionary.rawValue:
            let count = Int(varint())
            var values: [String: StateValue] = [:]
            values.reserveCapacity(count)
            for _ in 0..<count {
                let key = string()
                values[key] = value()
            }
            return .dictionary(values)
        case Tag.codable.rawValue: return .codable(data())
        case Tag.reference.rawValue: return .reference(Int(varint()))
        default: return .reference(nil)  // the nil reference: the reader accepted no other tag
        }
    }
}

/// A position in a view's bytes that ``LEB128/read(from:)`` reads from, each read checked
/// against the view's count.
struct ByteViewCursor: LEB128Source {
    let bytes: UncheckedByteView
    var offset: Int

    @inline(__always)
    init(_ bytes: UncheckedByteView, offset: Int) {
        self.bytes = bytes
        self.offset = offset
    }

    @inline(__always)
    mutating func nextByte() -> UInt8? {
        guard bytes.contains(offset) else { return nil }
        defer { offset += 1 }
        return bytes[offset]
    }
}
