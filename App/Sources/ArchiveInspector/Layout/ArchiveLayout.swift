import StateRestoration

/// Where each section and record of an archive's bytes starts and ends, as far as the
/// bytes allow.
///
/// The engine's reader gives a parsed ``Archive`` or an error with an offset, but not the
/// boundaries, so this walks the documented layout again on its own. It trusts nothing and
/// never fails: it stops at the first thing that does not fit, and what it found up to
/// there names the section (and record) an error's offset falls in. Tests use it to cut
/// and corrupt archives exactly at section boundaries.
///
/// Every loop consumes at least one byte per turn, so the walk is linear in the size
/// whatever the counts claim, and nesting is capped, so no input can hang or overflow it.
package struct ArchiveLayout: Hashable, Sendable {
    /// One record's place in the bytes.
    package struct RecordSpan: Hashable, Sendable {
        /// The record's index.
        package var index: Int
        /// The byte range, or from its start to where the walk stopped.
        package var range: Range<Int>
        /// The record's path, when its header could be read.
        package var path: String?
    }

    /// One section's place in the bytes.
    package struct SectionSpan: Hashable, Sendable {
        /// Which section.
        package var section: ArchiveSection
        /// Its byte range, or from its start to where the walk stopped.
        package var range: Range<Int>
    }

    /// The sections found, in file order. The last one found may be cut short where the
    /// walk stopped.
    package private(set) var sections: [SectionSpan] = []
    /// The records found, in order.
    package private(set) var records: [RecordSpan] = []
    /// The number of records the record count declares, if read.
    package private(set) var declaredRecordCount: Int?
    /// True when every section was walked to its end and the trailer follows.
    package private(set) var isComplete = false

    /// Walks `bytes`.
    /// - Parameters:
    ///   - bytes: An archive, whole or not.
    ///   - hasTrailer: False for bytes known to be cut short, whose last four bytes are
    ///     not a checksum but more of the body.
    package init(bytes: [UInt8], hasTrailer: Bool = true) {
        var walker = Walker(bytes: bytes, hasTrailer: hasTrailer)
        walker.walk()
        sections = walker.sections
        records = walker.records
        declaredRecordCount = walker.declaredRecordCount
        isComplete = walker.isComplete
    }

    /// The range of `section`, if the walk reached it.
    package func range(of section: ArchiveSection) -> Range<Int>? {
        sections.first { $0.section == section }?.range
    }

    /// The section holding the byte at `offset`. An offset at the very end of the walked
    /// bytes (a read that ran out) belongs to the last section found.
    package func section(at offset: Int) -> ArchiveSection? {
        if let found = sections.last(where: { $0.range.contains(offset) }) { return found.section }
        if let last = sections.last, offset == last.range.upperBound { return last.section }
        return nil
    }

    /// The record holding the byte at `offset`, or starting there.
    package func record(at offset: Int) -> RecordSpan? {
        records.last { $0.range.lowerBound <= offset && offset <= $0.range.upperBound }
    }

    /// The section, and for the records the record, holding the byte at `offset`.
    package func place(at offset: Int) -> ArchivePlace? {
        guard let section = section(at: offset) else { return nil }
        let record = section == .records ? record(at: offset) : nil
        return ArchivePlace(section: section, recordIndex: record?.index, recordPath: record?.path)
    }

    /// Every offset where one section (or record) ends and the next begins, ascending,
    /// from 0 to the file's size: the places to cut a file to truncate it "between" parts.
    package var boundaries: [Int] {
        var offsets = Set(sections.flatMap { [$0.range.lowerBound, $0.range.upperBound] })
        offsets.formUnion(records.map(\.range.lowerBound))
        return offsets.sorted()
    }
}

/// The cursor of ``ArchiveLayout``.
private struct Walker {
    /// Deeper nesting than any reader limit allows is not walked.
    static let maxNesting = 256

    /// Nothing fits at the cursor: the walk ends.
    struct Stop: Error {}

    let bytes: [UInt8]
    let hasTrailer: Bool
    /// The end of the body: the start of the trailer, or the end of the bytes when they are
    /// too short to hold one.
    let end: Int
    var offset = 0
    var sections: [ArchiveLayout.SectionSpan] = []
    var records: [ArchiveLayout.RecordSpan] = []
    var declaredRecordCount: Int?
    var isComplete = false
    var strings: [String] = []
    var paths: [String] = []

    init(bytes: [UInt8], hasTrailer: Bool) {
        self.bytes = bytes
        self.hasTrailer = hasTrailer
        let minimum = ArchiveFormat.headerSize + ArchiveFormat.trailerSize
        let trailer = hasTrailer && bytes.count >= minimum
        self.end = trailer ? bytes.count - ArchiveFormat.trailerSize : bytes.count
    }

    mutating func walk() {
        do {
            try section(.header) { walker throws(Stop) in
                guard walker.end - walker.offset >= ArchiveFormat.headerSize else {
                    walker.offset = walker.end
                    throw Stop()
                }
                walker.offset += ArchiveFormat.headerSize
            }
            try section(.metadata) { walker throws(Stop) in
                let count = try walker.varint()
                for _ in 0..<count {
                    _ = try walker.string()
                    try walker.value(depth: 0)
                }
            }
            try section(.stringTable) { walker throws(Stop) in
                let count = try walker.varint()
                for _ in 0..<count { walker.strings.append(try walker.string()) }
            }
            try section(.recordCount) { walker throws(Stop) in
                walker.declaredRecordCount = Int(exactly: try walker.varint())
            }
            try section(.applicationState) { walker throws(Stop) in try walker.entries() }
            try section(.records) { walker throws(Stop) in
                for index in 0..<(walker.declaredRecordCount ?? 0) { try walker.record(index) }
            }
            guard offset == end else { return }
            if bytes.count - end == ArchiveFormat.trailerSize {
                sections.append(ArchiveLayout.SectionSpan(section: .trailer, range: end..<bytes.count))
                isComplete = true
            } else if !hasTrailer {
                // Every record is there: what a cut file lacks is its checksum.
                sections.append(ArchiveLayout.SectionSpan(section: .trailer, range: end..<end))
            }
        } catch {
            // A stop is the walk's normal end on bytes that do not fit: the sections and
            // records found so far are the result.
            return
        }
    }

    /// Runs `body` and records the section's range, also when `body` stops part-way.
    mutating func section(_ section: ArchiveSection, _ body: (inout Walker) throws(Stop) -> Void) throws(Stop)
    {
        let start = offset
        do {
            try body(&self)
        } catch {
            sections.append(ArchiveLayout.SectionSpan(section: section, range: start..<max(start, offset)))
            throw error
        }
        sections.append(ArchiveLayout.SectionSpan(section: section, range: start..<offset))
    }

    mutating func record(_ index: Int) throws(Stop) {
        let start = offset
        records.append(ArchiveLayout.RecordSpan(index: index, range: start..<start, path: nil))
        defer { records[records.count - 1].range = start..<max(start, offset) }
        let parentField = try varint()
        let identifier = try stringReference()
        let occurrence = try varint()
        let component = ArchiveText.component(identifier: identifier, occurrence: occurrence)
        var path = component
        if parentField != 0 {
            guard parentField - 1 < UInt64(paths.count) else { throw Stop() }
            path = paths[Int(parentField - 1)] + "/" + component
        }
        paths.append(path)
        records[records.count - 1].path = path
        _ = try stringReference()  // type name
        _ = try varint()  // restoration class, +1
        _ = try varint()  // state version, zigzag
        try entries()
    }

    mutating func entries() throws(Stop) {
        while try varint() != 0 {
            try value(depth: 0)
        }
    }

    mutating func value(depth: Int) throws(Stop) {
        guard depth < Self.maxNesting else { throw Stop() }
        // The engine's grammar says what follows each tag.
        switch ArchiveFormat.payload(ofRawTag: try byte()) {
        case .empty?: return
        case .varint?: _ = try varint()
        case .fixed64?: try skip(8)
        case .fixed128?: try skip(16)
        case .lengthPrefixed?: try skip(try varint())
        case .list?:
            let count = try varint()
            for _ in 0..<count { try value(depth: depth + 1) }
        case .map?:
            let count = try varint()
            for _ in 0..<count {
                try skip(try varint())
                try value(depth: depth + 1)
            }
        case nil: throw Stop()
        }
    }

    // MARK: Primitives

    mutating func byte() throws(Stop) -> UInt8 {
        guard offset < end else { throw Stop() }
        defer { offset += 1 }
        return bytes[offset]
    }

    /// A varint, read by the engine's one reader (``LEB128``).
    mutating func varint() throws(Stop) -> UInt64 {
        guard case .value(let value, _) = LEB128.read(from: &self) else { throw Stop() }
        return value
    }

    mutating func skip(_ count: UInt64) throws(Stop) {
        guard count <= UInt64(end - offset) else {
            offset = end
            throw Stop()
        }
        offset += Int(count)
    }

    mutating func string() throws(Stop) -> String {
        let length = try varint()
        let start = offset
        try skip(length)
        return String(decoding: bytes[start..<offset], as: UTF8.self)
    }

    mutating func stringReference() throws(Stop) -> String {
        let index = try varint()
        guard index < UInt64(strings.count) else { throw Stop() }
        return strings[Int(index)]
    }
}

extension Walker: LEB128Source {
    mutating func nextByte() -> UInt8? {
        guard offset < end else { return nil }
        defer { offset += 1 }
        return bytes[offset]
    }
}
