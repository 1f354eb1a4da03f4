import Foundation

/// Builds archive bytes in one pass as coders write into it.
///
/// Coders append entries straight into the body: there is no intermediate tree of values,
/// which is what keeps a save close to a hand-written encoder. Identifiers, keys and type
/// names go through the string table, so each is stored once however often it repeats.
/// ``finish(metadata:)`` assembles header, metadata, string table, the record count,
/// the application state, the records and the checksum.
///
/// Two things keep the per-entry cost near a plain append (see docs/PERFORMANCE.md):
/// - The mutable state lives in an ``UncheckedBox``: mutating a stored property of a class
///   is a dynamic exclusivity check, and a save would make several per entry. The builder
///   is used by one pass on one thread, never re-entered while it mutates.
/// - ``intern(_:)`` tries an ``InternCache`` before the string table's dictionary, so a key
///   written by every object is not hashed for every object.
final class ArchiveBuilder {
    private struct State: ~Copyable {
        /// Application state entries, then the records.
        var body: RawBytes
        var recordCount = 0
        var stringIndex: [String: Int] = [:]
        var strings: [String] = []
        var cache = InternCache()
        /// Entry keys already checked against the reserved prefix, with their index.
        var keyCache = InternCache()
        /// The checksum of `body[0..<checksummed]`, taken as the body grows, while the bytes
        /// are still in the cache: with a large archive, a checksum of the finished archive
        /// read it all back from memory.
        var bodyChecksum: UInt32 = 0
        var checksummed = 0
        /// For an incremental save's cache (``SaveCache``): where each record starts in the
        /// body, and where its parent field and references are, to renumber them later.
        var recording = false
        /// Each record's parent field, then its references: a record starts at its parent
        /// field's slot.
        var slots: [ReferenceSlot] = []
        /// True once a reference was written inside a value (`encode(stateValue:)` of a
        /// `.reference`), where no slot records it: such an archive cannot be patched.
        var untrackedReference = false
    }

    /// How many new body bytes make ``checksumBody()`` take them: a few hundred records,
    /// few enough to be in the cache still, and enough for the checksum's three streams.
    private static let checksumStep = 64 << 10

    // Obligation (UncheckedBox): one save uses the builder, on the main actor, and no method
    // reads or writes `state` again while a mutation of it is in progress.
    private let state: UncheckedBox<State>

    /// Creates a builder whose body starts with room for `capacity` bytes, e.g. the size
    /// of the previous save, so that a large body is not grown and copied step by step.
    init(capacity: Int = 4096) {
        state = UncheckedBox(State(body: RawBytes(capacity: capacity)))
    }

    /// Creates a builder that writes its body into `body`, emptied first: the buffer of an
    /// earlier save, so that a save does not allocate (and the system does not map and
    /// zero) memory it had a moment ago. Take it back with ``takeBody()``.
    init(reusing body: consuming RawBytes) {
        body.removeAll()
        state = UncheckedBox(State(body: body))
    }

    /// Creates a builder that records its records' starts and reference slots (for
    /// ``SaveCache``), with `strings` as its string table so far.
    init(recordingWith strings: [String], index: [String: Int], capacity: Int) {
        state = UncheckedBox(
            State(body: RawBytes(capacity: capacity), stringIndex: index, strings: strings, recording: true))
    }

    /// Records starts and reference slots from now on.
    func startRecording(expectedRecords: Int = 0) {
        state.value.recording = true
        state.value.slots.reserveCapacity(expectedRecords * 2)
    }

    /// The string table and its index, taken from the builder.
    func takeStrings() -> (strings: [String], index: [String: Int]) {
        var strings: [String] = []
        var index: [String: Int] = [:]
        swap(&strings, &state.value.strings)
        swap(&index, &state.value.stringIndex)
        return (strings, index)
    }

    /// What recording found: the parent fields and reference slots, and whether a
    /// reference went unrecorded.
    func takeRecording() -> (slots: [ReferenceSlot], untracked: Bool) {
        var slots: [ReferenceSlot] = []
        swap(&slots, &state.value.slots)
        return (slots, state.value.untrackedReference)
    }

    /// Hands the body's buffer to the caller, to give to the next builder; the builder is
    /// left with an empty one.
    func takeBody() -> RawBytes {
        var body = RawBytes(capacity: 0)
        swap(&body, &state.value.body)
        return body
    }

    /// How many records were begun.
    var recordCount: Int { state.value.recordCount }

    /// The strings interned so far: after a probe encode, the keys it wrote.
    var internedStrings: [String] { state.value.strings }

    /// The body's length so far: a mark to roll back to with ``rollBack(to:)``.
    var bodyCount: Int { state.value.body.count }

    /// Drops the body's bytes after `mark`, e.g. the entries of an object whose encoding
    /// failed. Strings interned meanwhile stay in the table.
    func rollBack(to mark: Int) {
        state.value.body.truncate(to: mark)
        while let last = state.value.slots.last, Int(last.offset) >= mark { state.value.slots.removeLast() }
        // Marks are taken inside the record being written, after the last checksummed
        // byte; should one come before it, the checksum starts again.
        if mark < state.value.checksummed {
            state.value.bodyChecksum = 0
            state.value.checksummed = 0
        }
    }

    /// Takes the checksum of the body's new bytes once there are enough of them.
    @inline(__always)
    private func checksumBody() {
        // A recorded body is checksummed where it is assembled (``ArchiveImage``).
        if !state.value.recording, state.value.body.count - state.value.checksummed >= Self.checksumStep {
            checksumRest()
        }
    }

    private func checksumRest() {
        let start = state.value.checksummed
        let checksum = state.value.body.withBytes { body in
            CRC32.checksum(body.extracting(start...), continuing: state.value.bodyChecksum)
        }
        state.value.bodyChecksum = checksum
        state.value.checksummed = state.value.body.count
    }

    /// The string table index of `string`, adding it if new.
    func intern(_ string: String) -> Int {
        if let index = state.value.cache.index(of: string) { return index }
        let index: Int
        if let known = state.value.stringIndex[string] {
            index = known
        } else {
            index = state.value.strings.count
            state.value.strings.append(string)
            state.value.stringIndex[string] = index
        }
        state.value.cache.remember(string, at: index)
        return index
    }

    /// Ends the application state's entries; records follow.
    func endApplicationState() {
        state.value.body.byte(0)
        checksumBody()
    }

    /// Writes a record's header; its entries follow, then ``endRecord()``.
    func beginRecord(
        parentIndex: Int?, identifier: String, occurrence: Int, typeName: String,
        restorationClassName: String?, stateVersion: Int
    ) {
        let identifierIndex = intern(identifier)
        let typeIndex = intern(typeName)
        let classField = restorationClassName.map { intern($0) + 1 } ?? 0
        beginRecord(
            parentIndex: parentIndex, identifierIndex: identifierIndex, occurrence: occurrence,
            typeIndex: typeIndex, classField: classField, stateVersion: stateVersion)
    }

    /// Writes a record's header from string-table indices the caller interned, in the
    /// order identifier, type name, class name, as the other overload does.
    func beginRecord(
        parentIndex: Int?, identifierIndex: Int, occurrence: Int, typeIndex: Int, classField: Int,
        stateVersion: Int
    ) {
        if state.value.recording {
            state.value.slots.append(
                ReferenceSlot(offset: state.value.body.count, written: parentIndex ?? -1, parent: true))
        }
        state.value.body.recordHeader(
            parentField: parentIndex.map { $0 + 1 } ?? 0, identifier: identifierIndex, occurrence: occurrence,
            typeName: typeIndex, classField: classField, stateVersion: Int64(stateVersion))
        state.value.recordCount += 1
    }

    /// The string-table field (index + 1) of an entry key, or nil for a reserved key: one
    /// that starts with `$`, ``StateEncoder/reservedKeyPrefix`` (rule R6). A key is checked
    /// and interned the first time; later it is found in a cache of its own.
    @inline(__always)
    func keyField(_ key: String) -> Int? {
        if let index = state.value.keyCache.index(of: key) { return index + 1 }
        return newKeyField(key)
    }

    /// ``keyField(_:)`` for a key not in the cache.
    private func newKeyField(_ key: String) -> Int? {
        guard key.utf8.first != UInt8(ascii: "$") else { return nil }
        let index = intern(key)
        state.value.keyCache.remember(key, at: index)
        return index + 1
    }

    /// Writes one entry of the current keyed space.
    func entry(key: String, value: StateValue) {
        let keyField = intern(key) + 1
        if state.value.recording, value.holdsReference { state.value.untrackedReference = true }
        state.value.body.entry(keyField: keyField, value: value)
    }

    /// Writes one entry whose key field came from ``keyField(_:)``.
    func entry(keyField: Int, value: StateValue) {
        if state.value.recording, value.holdsReference { state.value.untrackedReference = true }
        state.value.body.entry(keyField: keyField, value: value)
    }

    /// Writes an entry holding one reference (a record index, or nil), recording its slot.
    func referenceEntry(keyField: Int, _ index: Int?) {
        state.value.body.varint(keyField)
        reference(index)
    }

    /// Writes an entry holding a String: the bytes of `entry(keyField:value: .string(value))`.
    @inline(__always)
    func stringEntry(keyField: Int, _ value: String) {
        state.value.body.entryHeader(keyField: keyField, tag: ArchiveFormat.Tag.string.rawValue)
        state.value.body.string(value)
    }

    /// Writes an entry holding a signed integer, as `.int(value)`.
    @inline(__always)
    func intEntry(keyField: Int, _ value: Int64) {
        state.value.body.entryHeader(keyField: keyField, tag: ArchiveFormat.Tag.int.rawValue)
        state.value.body.zigzag(value)
    }

    /// Writes an entry holding a Double, or with `date` a Date, as its bits.
    @inline(__always)
    func fixed64Entry(keyField: Int, _ bits: UInt64, date: Bool) {
        state.value.body.entryHeader(
            keyField: keyField,
            tag: date ? ArchiveFormat.Tag.date.rawValue : ArchiveFormat.Tag.double.rawValue)
        state.value.body.fixed64(bits)
    }

    /// Writes an entry holding a Bool.
    @inline(__always)
    func boolEntry(keyField: Int, _ value: Bool) {
        state.value.body.entryHeader(
            keyField: keyField,
            tag: value ? ArchiveFormat.Tag.boolTrue.rawValue : ArchiveFormat.Tag.boolFalse.rawValue)
    }

    /// Writes an entry holding Data.
    func dataEntry(keyField: Int, _ value: Data) {
        state.value.body.entryHeader(keyField: keyField, tag: ArchiveFormat.Tag.data.rawValue)
        state.value.body.data(value)
    }

    /// Starts an entry holding `count` references: the same bytes as
    /// `entry(key:value: .array(...))` of `.reference` values, without building the array.
    /// Exactly `count` calls of ``reference(_:)`` must follow before anything else is
    /// written.
    func beginReferenceList(keyField: Int, count: Int) {
        state.value.body.referenceListHeader(keyField: keyField, count: count)
    }

    /// One reference of a list begun with ``beginReferenceList(keyField:count:)``.
    func reference(_ index: Int?) {
        if state.value.recording, let index {
            state.value.slots.append(
                ReferenceSlot(offset: state.value.body.count + 1, written: index, parent: false))
        }
        state.value.body.reference(index)
    }

    func endRecord() {
        state.value.body.byte(0)
        checksumBody()
    }

    /// The finished archive.
    func finish(metadata: ArchiveMetadata) -> [UInt8] {
        checksumRest()
        var out = Self.prefix(
            metadata: metadata, strings: state.value.strings, recordCount: state.value.recordCount,
            bodyCount: state.value.body.count)
        // The checksum of everything before the body, combined with the body's, taken as
        // it was written.
        let checksum = CRC32.combine(
            CRC32.checksum(out.bytes), state.value.bodyChecksum, secondLength: state.value.body.count)
        state.value.body.append(to: &out.bytes)
        out.uint32(checksum)
        return out.bytes
    }

    /// An archive's bytes before its body: the header (with the body's length for a body of
    /// `bodyCount` bytes), the metadata, the string table and the record count.
    static func prefix(
        metadata: ArchiveMetadata, strings: [String], recordCount: Int, bodyCount: Int
    ) -> ByteWriter {
        var out = ByteWriter(capacity: bodyCount + strings.count * 16 + 256)
        out.bytes.append(contentsOf: ArchiveFormat.magic)
        out.uint16(UInt16(ArchiveFormat.currentVersion))
        out.uint16(0)
        out.uint32(0)  // body length, patched below
        let entries = metadata.entries
        out.varint(UInt64(entries.count))
        for entry in entries {
            out.string(entry.key)
            out.value(entry.value)
        }
        out.varint(UInt64(strings.count))
        for string in strings { out.string(string) }
        out.varint(UInt64(recordCount))
        let bodyLength = UInt32(truncatingIfNeeded: out.bytes.count + bodyCount - ArchiveFormat.headerSize)
        for shift in 0..<4 {
            out.bytes[ArchiveFormat.bodyLengthOffset + shift] = UInt8(
                truncatingIfNeeded: bodyLength >> UInt32(shift * 8))
        }
        return out
    }
}

/// Where a record's parent field or a reference was written in a recorded body (see
/// ``ArchiveBuilder/startRecording()``): its offset, and the record index written there.
struct ReferenceSlot: Sendable {
    /// The offset of the varint in the body.
    var offset: Int32
    /// The record index written: for a parent field, the parent's (-1 for none, written 0).
    var written: Int32
    /// True for a record's parent field (written as index + 1), false for a reference.
    var parent: Bool

    init(offset: Int, written: Int, parent: Bool) {
        self.offset = Int32(truncatingIfNeeded: offset)
        self.written = Int32(truncatingIfNeeded: written)
        self.parent = parent
    }
}

extension StateValue {
    /// True if the value is, or holds, a reference.
    var holdsReference: Bool {
        switch self {
        case .reference: true
        case .array(let values): values.contains { $0.holdsReference }
        case .dictionary(let values): values.values.contains { $0.holdsReference }
        default: false
        }
    }
}
