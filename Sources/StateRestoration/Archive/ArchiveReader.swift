import Foundation

/// Checks archive bytes, every structure and limit, and indexes them into an
/// ``ArchiveView`` (or an ``Archive``).
///
/// Order of checks: size, magic, version, flags, declared length, checksum, then the
/// structure. A reader never trusts a count or a length: each is checked against its
/// limit and against the bytes that remain before anything is allocated for it. Every
/// value is checked (tags, lengths, UTF-8, nesting, reference targets), but only the
/// metadata and the string table are made into values here: the rest stays in the bytes,
/// where ``ValueReader`` reads it when asked.
struct ArchiveReader {
    let bytes: [UInt8]
    let limits: ArchiveLimits

    init(bytes: [UInt8], limits: ArchiveLimits) {
        self.bytes = bytes
        self.limits = limits
    }

    /// The archive as a value.
    func read() throws(ArchiveError) -> Archive {
        try view().archive()
    }

    /// The checked archive, read in place.
    func view() throws(ArchiveError) -> ArchiveView {
        let size = bytes.count
        guard size > 0 else { throw ArchiveError(.empty, at: 0) }
        // Offsets are kept as 32 bits; the header's body length is 32 bits anyway.
        let limit = min(limits.maxTotalBytes, Int(UInt32.max))
        guard size <= limit else {
            throw ArchiveError(.tooLarge(size: size, limit: limit), at: 0)
        }
        let magic = ArchiveFormat.magic
        guard size >= magic.count, Array(bytes[0..<magic.count]) == magic else {
            if size < magic.count, Array(magic[0..<size]) == bytes {
                throw ArchiveError(.truncated("header"), at: size)
            }
            throw ArchiveError(.badMagic, at: 0)
        }
        guard size >= ArchiveFormat.headerSize else {
            throw ArchiveError(.truncated("header"), at: size)
        }
        let version = ArchiveFormat.littleEndian(bytes, at: ArchiveFormat.versionOffset, width: 2)
        guard ArchiveFormat.readableVersions.contains(version) else {
            throw ArchiveError(
                .unsupportedFormatVersion(found: version, supported: ArchiveFormat.readableVersions),
                at: ArchiveFormat.versionOffset)
        }
        let flags = UInt16(ArchiveFormat.littleEndian(bytes, at: ArchiveFormat.flagsOffset, width: 2))
        guard flags == 0 else { throw ArchiveError(.unknownFlags(flags), at: ArchiveFormat.flagsOffset) }
        let declared = ArchiveFormat.littleEndian(bytes, at: ArchiveFormat.bodyLengthOffset, width: 4)
        let total = ArchiveFormat.headerSize + declared + ArchiveFormat.trailerSize
        guard total == size else {
            throw ArchiveError(
                .lengthMismatch(declared: total, actual: size), at: ArchiveFormat.bodyLengthOffset)
        }
        let checksumOffset = size - ArchiveFormat.trailerSize
        var stored: UInt32 = 0
        for shift in 0..<4 { stored |= UInt32(bytes[checksumOffset + shift]) << UInt32(shift * 8) }
        // A small archive is checksummed whole, then parsed. A large one is checksummed a
        // step ahead of the parser, so that the parser reads bytes the checksum has just
        // brought into the cache, instead of reading the whole archive from memory twice.
        // Either way the checksum decides first: a structural error is reported only if the
        // checksum of the whole archive matches (see docs/ARCHIVE-FORMAT.md, "Order of
        // checks"), and nothing is made from the bytes until both have passed.
        let interleaved = checksumOffset >= Self.interleavingThreshold
        if !interleaved {
            let computed = CRC32.checksum(bytes.span.extracting(0..<checksumOffset))
            guard stored == computed else {
                throw ArchiveError(.checksumMismatch(stored: stored, computed: computed), at: checksumOffset)
            }
        }
        // Obligation (UncheckedByteView): the parser and its readers are locals of the closure
        // that lends the view; the ArchiveView made keeps the storage, not the view.
        let storage = UncheckedByteStorage(holding: bytes)
        let result = storage.withView { bytes -> Result<ArchiveView, ArchiveError> in
            var parser = Parser(
                buffer: bytes.prefix(checksumOffset), offset: ArchiveFormat.headerSize, limits: limits)
            parser.checksumsAhead = interleaved
            let parsed = Result { () throws(ArchiveError) -> ArchiveView in
                try parser.view(of: storage, version: version)
            }
            guard interleaved else { return parsed }
            let computed = parser.finishChecksum()
            guard stored == computed else {
                return .failure(
                    ArchiveError(.checksumMismatch(stored: stored, computed: computed), at: checksumOffset))
            }
            return parsed
        }
        return try result.get()
    }

    /// The size from which the checksum runs a step ahead of the parser: below it the
    /// archive fits in the cache anyway.
    static let interleavingThreshold = 1 << 20
}

/// The structural part of the reader, over a bounds-checked cursor.
private struct Parser {
    /// The bytes up to the checksum: the parser's end is the view's, so that its own check
    /// of the cursor (`buffer.contains`) is the one each read makes, and one is left.
    let buffer: UncheckedByteView
    var offset: Int
    let limits: ArchiveLimits
    var strings: [String] = []
    /// For each string-table entry, the index of the first entry with the same contents.
    var canonical: [UInt32] = []
    var recordCount = 0
    /// The (canonical) index of the empty string in the table, if it holds one, or -1: no
    /// record's identifier may be it.
    var emptyString = -1
    /// For each string-table entry, the last keyed space (a number per call of
    /// `keyedSpace`) that used it as a key: a key met twice in one space is a repeated key.
    /// Filled by `view(of:version:)`; written only for spaces with two keys of one mask bit.
    var keySpaceOfString: [Int32] = []
    var keySpace: Int32 = 0
    var keysRepeat = false

    init(buffer: UncheckedByteView, offset: Int, limits: ArchiveLimits) {
        self.buffer = buffer
        self.offset = offset
        self.limits = limits
    }

    /// Where the records end: the checksum's offset.
    var end: Int { buffer.count }

    var remaining: Int { end - offset }

    // MARK: The checksum, a step ahead (large archives)

    /// Whether the parser takes the checksum as it goes (see `ArchiveReader.view()`).
    var checksumsAhead = false
    /// The checksum of `buffer[0..<checksummed]`.
    var checksum: UInt32 = 0
    var checksummed = 0
    /// How far ahead of the parser the checksum runs: a few steps of the checksum, a small
    /// part of the 1 MiB second-level cache.
    static let checksumStep = 128 << 10

    /// Takes the checksum up to a step ahead of the cursor, if it is not there already.
    @inline(__always)
    mutating func checksumAhead() {
        if checksumsAhead, offset + Self.checksumStep > checksummed {
            advanceChecksum(to: offset + 2 * Self.checksumStep)
        }
    }

    /// Takes the checksum of the bytes from `checksummed` to `target` (at most to `end`).
    mutating func advanceChecksum(to target: Int) {
        let stop = min(target, end)
        guard stop > checksummed else { return }
        checksum = buffer.withSpan(checksummed..<stop) { CRC32.checksum($0, continuing: checksum) }
        checksummed = stop
    }

    /// The checksum of every byte before the trailer.
    mutating func finishChecksum() -> UInt32 {
        advanceChecksum(to: end)
        return checksum
    }

    mutating func view(of storage: UncheckedByteStorage, version: Int) throws(ArchiveError) -> ArchiveView {
        let metadataCount = try count("metadata entry count", limit: limits.maxEntriesPerRecord)
        var metadataEntries: [ArchiveEntry] = []
        for _ in 0..<metadataCount {
            let key = try string("metadata key")
            let start = offset
            try value(depth: 0)
            metadataEntries.append(ArchiveEntry(key: key, value: trustedValue(at: start)))
        }
        let metadata = ArchiveMetadata(entries: metadataEntries, formatVersion: version)

        // The view keeps string and record indices in 32 bits; however large the limits an
        // app sets, no count may go past that.
        let indexLimit = Int(Int32.max)
        let (strings8, overflow) = limits.maxRecords.multipliedReportingOverflow(by: 8)
        let stringLimit = overflow || strings8 > indexLimit ? indexLimit : min(strings8 + 1024, indexLimit)
        let stringCount = try count("string table count", limit: stringLimit)
        strings.reserveCapacity(stringCount)
        canonical.reserveCapacity(stringCount)
        var stringIndex: [String: Int] = [:]
        stringIndex.reserveCapacity(stringCount)
        for index in 0..<stringCount {
            let string = try string("string table entry")
            if string.isEmpty, emptyString < 0 { emptyString = index }
            strings.append(string)
            if let first = stringIndex[string] {
                canonical.append(UInt32(first))
            } else {
                stringIndex[string] = index
                canonical.append(UInt32(index))
            }
        }
        keySpaceOfString = Array(repeating: -1, count: strings.count)

        recordCount = try count("record count", limit: min(limits.maxRecords, indexLimit))
        let applicationState = try keyedSpace(what: "application state")

        var records: [ArchiveView.Record] = []
        records.reserveCapacity(recordCount)
        // Each record's depth, kept apart, so that a child finds its own from its parent's.
        var depths: [Int32] = []
        depths.reserveCapacity(recordCount)
        for index in 0..<recordCount {
            checksumAhead()
            let start = offset
            let parentField = try varint("record")
            var parent: Int32 = -1
            var depth: Int32 = 1
            if parentField != 0 {
                guard parentField - 1 < UInt64(index) else {
                    throw ArchiveError(
                        .invalid("record \(index) names parent \(parentField - 1), not an earlier record"),
                        at: start)
                }
                parent = Int32(parentField - 1)
                depth = depths[Int(parent)] + 1
            }
            guard depth <= limits.maxDepth else {
                throw ArchiveError(
                    .overLimit(what: "path depth", value: UInt64(depth), limit: limits.maxDepth), at: start)
            }
            let identifier = try stringReference("record identifier")
            guard Int(canonical[identifier]) != emptyString else {
                throw ArchiveError(.invalid("record \(index) has an empty identifier"), at: start)
            }
            // An ordinal among earlier siblings, not a count of things that follow: only the
            // record limit bounds it (R34).
            let occurrenceStart = offset
            let occurrence = try varint("record")
            guard occurrence < UInt64(min(limits.maxRecords, indexLimit)) else {
                throw ArchiveError(
                    .overLimit(
                        what: "occurrence", value: occurrence, limit: min(limits.maxRecords, indexLimit) - 1),
                    at: occurrenceStart)
            }
            let typeName = try stringReference("record type name")
            let classField = try varint("record")
            var className: Int32 = -1
            if classField != 0 {
                guard classField - 1 < UInt64(strings.count) else {
                    throw ArchiveError(.invalid("string index \(classField - 1) out of range"), at: offset)
                }
                className = Int32(classField - 1)
            }
            let version = try zigzag("record")
            guard let stateVersion = Int(exactly: version) else {
                throw ArchiveError(.invalid("state version out of range"), at: offset)
            }
            records.append(
                ArchiveView.Record(
                    parent: parent, identifier: UInt32(identifier), occurrence: UInt32(occurrence),
                    depth: UInt32(depth), typeName: UInt32(typeName), restorationClass: className,
                    space: try keyedSpace(what: "record"), stateVersion: stateVersion))
            depths.append(depth)
        }
        guard offset == end else {
            throw ArchiveError(.invalid("\(end - offset) unexpected bytes after the last record"), at: offset)
        }
        return ArchiveView(
            storage: storage, metadata: metadata, strings: strings, canonical: canonical,
            stringIndex: stringIndex,
            records: records, applicationState: applicationState, keysAreUnique: !keysRepeat)
    }

    /// A keyed space: its entries, up to the terminating 0.
    mutating func keyedSpace(what: String) throws(ArchiveError) -> ArchiveView.KeyedSpace {
        var space = ArchiveView.KeyedSpace(offset: UInt32(offset), count: 0, keyMask: 0)
        keySpace &+= 1
        var noting = false
        while true {
            let start = offset
            let keyField = try varint(what)
            if keyField == 0 { return space }
            // `canonical` has an entry per string: checked against its count, the look-up
            // below needs no check of its own.
            guard keyField - 1 < UInt64(canonical.count) else {
                throw ArchiveError(.invalid("key string index \(keyField - 1) out of range"), at: start)
            }
            guard space.count < limits.maxEntriesPerRecord else {
                throw ArchiveError(
                    .overLimit(
                        what: "\(what) entry count", value: UInt64(space.count) + 1,
                        limit: limits.maxEntriesPerRecord), at: start)
            }
            let key = Int(canonical[Int(keyField - 1)])
            let bit: UInt64 = 1 &<< UInt64(key & 63)
            // Keys whose bits differ are different keys: only from the first key whose bit
            // is taken does the space note each key's string, to tell a repeat.
            if !keysRepeat, noting || space.keyMask & bit != 0 {
                if !noting {
                    noting = true
                    noteKeys(of: space, before: start)
                }
                if keySpaceOfString[key] == keySpace { keysRepeat = true }
                keySpaceOfString[key] = keySpace
            }
            space.count += 1
            space.keyMask |= bit
            if !skipSimpleValue() { try value(depth: 0) }
        }
    }

    /// Notes the keys of the entries of `space` before `stop`, checked already and all
    /// different (their bits were), as used in the current keyed space.
    mutating func noteKeys(of space: ArchiveView.KeyedSpace, before stop: Int) {
        var reader = ValueReader(buffer, offset: Int(space.offset))
        while reader.offset < stop {
            keySpaceOfString[Int(canonical[Int(reader.varint()) - 1])] = keySpace
            reader.skipValue()
        }
    }

    /// Moves past the value at the cursor and returns true if it is of a common kind and
    /// well formed: a Bool, an integer, a Double, a Date, a reference, an ASCII string, or
    /// an array of these. Otherwise it leaves the cursor where it was and returns false, for
    /// ``value(depth:)`` to check the value and say what is wrong.
    ///
    /// The same checks as ``value(depth:)`` makes, without its calls and error plumbing:
    /// checking the values is most of the reader's work.
    @inline(__always)
    mutating func skipSimpleValue() -> Bool {
        let start = offset
        guard buffer.contains(start) else { return false }
        if buffer[start] == ArchiveFormat.Tag.array.rawValue { return skipSimpleList(at: start) }
        guard let next = simpleValueEnd(at: start) else { return false }
        offset = next
        return true
    }

    /// ``skipSimpleValue()`` for an array.
    mutating func skipSimpleList(at start: Int) -> Bool {
        var cursor = start + 1
        guard limits.maxDepth >= 1, let count = skipShortVarint(&cursor), count <= UInt64(end - cursor) else {
            return false
        }
        for _ in 0..<count {
            guard let next = simpleValueEnd(at: cursor) else { return false }
            cursor = next
        }
        offset = cursor
        return true
    }

    /// Where the scalar value at `start` ends, if it is of a kind ``skipSimpleValue()``
    /// takes and well formed: its shape from the grammar (``ArchiveFormat/payload(ofRawTag:)``),
    /// as in ``value(depth:)``; only empty payloads, short varints, 8-byte numbers and ASCII
    /// strings are taken.
    @inline(__always)
    func simpleValueEnd(at start: Int) -> Int? {
        typealias Tag = ArchiveFormat.Tag
        guard buffer.contains(start) else { return nil }
        let tag = buffer[start]
        var cursor = start + 1
        switch ArchiveFormat.payload(ofRawTag: tag) {
        case .empty?:
            return cursor
        case .varint?:
            guard let value = skipShortVarint(&cursor) else { return nil }
            // A reference names a record of the archive.
            return tag != Tag.reference.rawValue || value < UInt64(recordCount) ? cursor : nil
        case .fixed64?:
            return end - cursor >= 8 ? cursor + 8 : nil
        case .lengthPrefixed? where tag == Tag.string.rawValue:
            guard let length = skipShortVarint(&cursor), length <= UInt64(max(limits.maxStringBytes, 0)),
                length <= UInt64(end - cursor)
            else { return nil }
            return buffer.isASCII(cursor..<cursor + Int(length)) ? cursor + Int(length) : nil
        default:
            return nil
        }
    }

    /// A varint of at most nine bytes (so at most 63 bits, which cannot overflow) that ends
    /// before the end; nil, with `cursor` unchanged, for anything else.
    @inline(__always)
    func skipShortVarint(_ cursor: inout Int) -> UInt64? {
        var source = ByteViewCursor(buffer, offset: cursor)
        guard case .value(let value, let length) = LEB128.read(from: &source), length <= 9 else { return nil }
        cursor = source.offset
        return value
    }

    /// A value that the cursor has just passed, read by ``ValueReader``.
    func trustedValue(at start: Int) -> StateValue {
        var reader = ValueReader(buffer, offset: start)
        return reader.value()
    }

    /// Checks one value and moves past it.
    mutating func value(depth: Int) throws(ArchiveError) {
        typealias Tag = ArchiveFormat.Tag
        let start = offset
        let tag = try byte("value")
        // The shape of the payload comes from the grammar; what a tag means decides the
        // checks of its payload.
        switch ArchiveFormat.payload(ofRawTag: tag) {
        case .empty?: return
        case .varint?:
            let value = try varint(tag == Tag.reference.rawValue ? "reference" : "integer")
            guard tag != Tag.reference.rawValue || value < UInt64(recordCount) else {
                throw ArchiveError(
                    .invalid("reference to record \(value), but there are \(recordCount) records"), at: start)
            }
        case .fixed64?: try skip(8, tag == Tag.date.rawValue ? "date" : "double")
        case .fixed128?: try skip(16, "UUID")
        case .lengthPrefixed?:
            switch tag {
            case Tag.string.rawValue: try checkString("string value")
            case Tag.data.rawValue: try skipBlob("data value")
            default: try skipBlob("codable value")
            }
        case .list?:
            try checkNesting(depth + 1, at: start)
            let count = try count("array count", limit: limits.maxTotalBytes)
            for _ in 0..<count { try value(depth: depth + 1) }
        case .map?:
            try checkNesting(depth + 1, at: start)
            let count = try count("dictionary count", limit: limits.maxTotalBytes)
            for _ in 0..<count {
                try checkString("dictionary key")
                try value(depth: depth + 1)
            }
        case nil:
            throw ArchiveError(.invalid("unknown value tag 0x\(String(tag, radix: 16))"), at: start)
        }
    }

    /// Moves past `count` bytes of a fixed-size value.
    @inline(__always)
    mutating func skip(_ count: Int, _ what: String) throws(ArchiveError) {
        guard remaining >= count else { throw ArchiveError(.truncated(what), at: offset) }
        offset += count
    }

    /// Arrays and dictionaries may nest at most ``ArchiveLimits/maxDepth`` deep.
    func checkNesting(_ depth: Int, at start: Int) throws(ArchiveError) {
        guard depth <= limits.maxDepth else {
            throw ArchiveError(
                .overLimit(what: "value nesting depth", value: UInt64(depth), limit: limits.maxDepth),
                at: start)
        }
    }

    // MARK: Primitives

    mutating func byte(_ what: String) throws(ArchiveError) -> UInt8 {
        guard buffer.contains(offset) else { throw ArchiveError(.truncated(what), at: offset) }
        defer { offset += 1 }
        return buffer[offset]
    }

    /// A LEB128 varint. `what` and `suffix` name it in errors; they are joined only then,
    /// not for every length prefix read.
    @inline(__always)
    mutating func varint(_ what: String, suffix: String = "") throws(ArchiveError) -> UInt64 {
        // Most varints (indices, counts, small numbers) are one byte.
        if buffer.contains(offset) {
            let byte = buffer[offset]
            if byte < 0x80 {
                offset += 1
                return UInt64(byte)
            }
        }
        return try longVarint(what, suffix: suffix)
    }

    @inline(never)
    mutating func longVarint(_ what: String, suffix: String) throws(ArchiveError) -> UInt64 {
        let start = offset
        var source = ByteViewCursor(buffer, offset: offset)
        let read = LEB128.read(from: &source)
        offset = source.offset
        switch read {
        case .value(let value, _):
            return value
        case .truncated:
            throw ArchiveError(.truncated(what + suffix), at: start)
        case .overflow:
            throw ArchiveError(.invalid("varint overflows 64 bits in \(what)\(suffix)"), at: start)
        }
    }

    @inline(__always)
    mutating func zigzag(_ what: String) throws(ArchiveError) -> Int64 {
        LEB128.unzigzag(try varint(what))
    }

    mutating func fixed64(_ what: String) throws(ArchiveError) -> UInt64 {
        guard remaining >= 8 else { throw ArchiveError(.truncated(what), at: offset) }
        let result = buffer.littleEndian64(at: offset)
        offset += 8
        return result
    }

    /// A count that must be within `limit` and cannot exceed the remaining bytes (each
    /// counted element takes at least one byte).
    mutating func count(_ what: String, limit: Int) throws(ArchiveError) -> Int {
        let start = offset
        let raw = try varint(what)
        guard raw <= UInt64(max(limit, 0)) else {
            throw ArchiveError(.overLimit(what: what, value: raw, limit: limit), at: start)
        }
        guard raw <= UInt64(remaining) else {
            throw ArchiveError(.truncated("\(what) \(raw) (only \(remaining) bytes remain)"), at: start)
        }
        return Int(raw)
    }

    mutating func length(_ what: String, limit: Int) throws(ArchiveError) -> Int {
        let start = offset
        let raw = try varint(what, suffix: " length")
        guard raw <= UInt64(max(limit, 0)) else {
            throw ArchiveError(.overLimit(what: "\(what) length", value: raw, limit: limit), at: start)
        }
        guard raw <= UInt64(remaining) else { throw ArchiveError(.truncated(what), at: start) }
        return Int(raw)
    }

    /// A length-prefixed UTF-8 string, validated.
    ///
    /// ASCII, which every identifier, key and type name and most values are, needs no
    /// validation, and `String(decoding:as:)` copies it on a fast path; anything else goes
    /// through `String(validating:as:)`, which is several times slower per byte.
    mutating func string(_ what: String) throws(ArchiveError) -> String {
        let start = offset
        let length = try length(what, limit: limits.maxStringBytes)
        let range = offset..<offset + length
        let text: String
        if let ascii = buffer.asciiString(range) {
            text = ascii
        } else {
            guard let valid = String(validating: buffer.array(range), as: UTF8.self) else {
                throw ArchiveError(.invalid("\(what) is not valid UTF-8"), at: start)
            }
            text = valid
        }
        offset += length
        return text
    }

    /// Checks a length-prefixed UTF-8 string, as ``string(_:)`` reads it, without making it.
    mutating func checkString(_ what: String) throws(ArchiveError) {
        let start = offset
        let length = try length(what, limit: limits.maxStringBytes)
        if !buffer.isASCII(offset..<offset + length)
            && String(validating: buffer.array(offset..<offset + length), as: UTF8.self) == nil
        {
            throw ArchiveError(.invalid("\(what) is not valid UTF-8"), at: start)
        }
        offset += length
    }

    /// A string-table index, checked.
    @inline(__always)
    mutating func stringReference(_ what: String) throws(ArchiveError) -> Int {
        let start = offset
        let index = try varint(what)
        guard index < UInt64(strings.count) else {
            throw ArchiveError(.invalid("\(what): string index \(index) out of range"), at: start)
        }
        return Int(index)
    }

    /// Checks a length-prefixed run of bytes and moves past it.
    mutating func skipBlob(_ what: String) throws(ArchiveError) {
        offset += try length(what, limit: limits.maxTotalBytes)
    }
}
