// Obligation (UncheckedByteView): a parser is a local of the closure in which
// `ArchiveReader.view()` is lent the bytes, and dies with it.

/// The structural part of ``ArchiveReader``, over a bounds-checked cursor: the header's
/// tables and the records. Its values and primitives are in `ArchiveParser+Values.swift`.
struct ArchiveParser {
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

}
