import Foundation

/// Builds archive bytes in one pass as coders write into it.
///
/// Coders append entries straight into ``body``: there is no intermediate tree of values,
/// which is what keeps a save close to a hand-written encoder. Identifiers, keys and type
/// names go through the string table, so each is stored once however often it repeats.
/// ``finish(metadata:)`` assembles header, metadata, string table, the record count,
/// the application state, the records and the checksum.
final class ArchiveBuilder {
    /// Application state entries, then the records.
    var body = ByteWriter(capacity: 4096)
    private(set) var recordCount = 0
    private var stringIndex: [String: Int] = [:]
    private var strings: [String] = []

    init() {}

    /// The string table index of `string`, adding it if new.
    func intern(_ string: String) -> Int {
        if let index = stringIndex[string] { return index }
        let index = strings.count
        strings.append(string)
        stringIndex[string] = index
        return index
    }

    /// Ends the application state's entries; records follow.
    func endApplicationState() {
        body.byte(0)
    }

    /// Writes a record's header; its entries follow, then ``endRecord()``.
    func beginRecord(
        parentIndex: Int?, identifier: String, occurrence: Int, typeName: String,
        restorationClassName: String?, stateVersion: Int
    ) {
        body.varint(parentIndex.map { $0 + 1 } ?? 0)
        body.varint(intern(identifier))
        body.varint(occurrence)
        body.varint(intern(typeName))
        body.varint(restorationClassName.map { intern($0) + 1 } ?? 0)
        body.zigzag(Int64(stateVersion))
        recordCount += 1
    }

    /// Writes one entry of the current keyed space.
    func entry(key: String, value: StateValue) {
        body.varint(intern(key) + 1)
        body.value(value)
    }

    func endRecord() {
        body.byte(0)
    }

    /// The finished archive.
    func finish(metadata: ArchiveMetadata) -> [UInt8] {
        var out = ByteWriter(capacity: body.bytes.count + strings.count * 16 + 256)
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
        out.bytes.append(contentsOf: body.bytes)
        let bodyLength = UInt32(truncatingIfNeeded: out.bytes.count - ArchiveFormat.headerSize)
        for shift in 0..<4 {
            out.bytes[12 + shift] = UInt8(truncatingIfNeeded: bodyLength >> UInt32(shift * 8))
        }
        out.uint32(CRC32.checksum(out.bytes))
        return out.bytes
    }
}
