/// The bytes of earlier saves' records, as they were encoded, which an incremental save
/// copies rather than encoding again (rule P1, docs/ARCHIVE-FORMAT.md, "Incremental saves").
///
/// A chunk is the body of one save: every record after a full save, the records that
/// changed after an incremental one. It never changes once made, so a save being written
/// off the main actor reads it while the next save makes a chunk of its own.
final class RecordChunk: Sendable {
    /// The body the records were written in, back to back (after the application state,
    /// for a full save's).
    let bytes: UncheckedFrozenBytes
    /// Where each record's parent field and references are, in the order written.
    let slots: [CachedSlot]
    /// The numbering the records were written with (``SaveCache``'s epoch): while it is the
    /// image's, every index in them is right and the bytes are copied as they are.
    let epoch: Int

    /// Where the first record starts in `bytes`.
    let recordStart: Int

    init(bytes: UncheckedFrozenBytes, recordStart: Int, slots: [CachedSlot], epoch: Int) {
        self.bytes = bytes
        self.recordStart = recordStart
        self.slots = slots
        self.epoch = epoch
    }

    /// The bytes of its records: the body's after the application state.
    var recordBytes: Int { bytes.count - recordStart }
}

/// A parent field or a reference in a ``RecordChunk``: where, what was written, and the
/// node it names, whose record index is written there when the numbering has changed.
struct CachedSlot: Sendable {
    var offset: Int32
    /// The record index written (a parent field holds it + 1; -1 for no parent or none).
    var written: Int32
    /// The node named (its ``SaveCache`` id), -1 for no parent.
    var target: Int32
    var parent: Bool

    /// The number written: the field of a parent, the index of a reference.
    static func field(_ index: Int32, parent: Bool) -> UInt64 {
        parent ? UInt64(index + 1) : UInt64(index)
    }
}

/// Where one node's record is: in which chunk, its bytes and its slots.
struct RecordLocation: Sendable {
    var chunk: Int32
    var start: Int32
    var end: Int32
    var slotStart: Int32
    var slotEnd: Int32
}

/// Everything one save writes, before it is put together: assembled where it is written
/// (off the main actor for a continuous save), so that the main actor never copies or
/// checksums the whole archive.
struct ArchiveImage: Sendable {
    var metadata: ArchiveMetadata
    var strings: [String]
    /// The application's keyed space, its end byte included, in the image's numbering.
    var applicationState: [UInt8]
    /// The node of each record, in record order (preorder).
    var order: [Int32]
    /// Each node's record index, by node id (-1 for a node no longer saved).
    var recordIndex: [Int32]
    var locations: [RecordLocation]
    var chunks: [RecordChunk?]
    var epoch: Int
    /// The number of records: `order.count`, but for an image whose one location holds every
    /// record (``whole(metadata:strings:applicationState:body:count:)``).
    var recordCount: Int

    /// An image of a full pass's body that is copied as it is: one location holding all
    /// `count` records, after the application state's bytes.
    static func whole(
        metadata: ArchiveMetadata, strings: [String], applicationState: [UInt8], body: UncheckedFrozenBytes,
        count: Int
    ) -> ArchiveImage {
        ArchiveImage(
            metadata: metadata, strings: strings, applicationState: applicationState, order: [0],
            recordIndex: [0],
            locations: [
                RecordLocation(
                    chunk: 0, start: Int32(applicationState.count), end: Int32(body.count), slotStart: 0,
                    slotEnd: 0)
            ],
            chunks: [RecordChunk(bytes: body, recordStart: applicationState.count, slots: [], epoch: 0)],
            epoch: 0,
            recordCount: count)
    }

    /// The archive's size, for records of `records` bytes: exact unless a renumbering
    /// changed the width of a varint it rewrites.
    func byteCount(records: Int) -> Int {
        ArchiveBuilder.prefix(metadata: metadata, strings: strings, recordCount: recordCount, bodyCount: 0)
            .bytes
            .count + applicationState.count + records + ArchiveFormat.trailerSize
    }

    /// The archive's bytes: header, metadata, strings, the records in order (copied in runs
    /// while their numbering holds, renumbered where it does not), the CRC-32.
    func archive() -> [UInt8] {
        var out = ArchiveBuilder.prefix(
            metadata: metadata, strings: strings, recordCount: recordCount, bodyCount: 0
        ).bytes
        var size = out.count + applicationState.count + ArchiveFormat.trailerSize
        for chunk in chunks { size += chunk?.recordBytes ?? 0 }
        out.reserveCapacity(size + 16)
        out.append(contentsOf: applicationState)
        // A run of records that lie back to back in one chunk, copied at once.
        var run: (chunk: Int, start: Int, end: Int) = (-1, 0, 0)
        func flush(_ out: inout [UInt8]) {
            if run.chunk >= 0, let chunk = chunks[run.chunk] {
                chunk.bytes.append(run.start..<run.end, to: &out)
            }
            run = (-1, 0, 0)
        }
        for node in order {
            let location = locations[Int(node)]
            guard let chunk = chunks[Int(location.chunk)] else { continue }
            if chunk.epoch == epoch {
                if run.chunk == Int(location.chunk) && run.end == Int(location.start) {
                    run.end = Int(location.end)
                } else {
                    flush(&out)
                    run = (Int(location.chunk), Int(location.start), Int(location.end))
                }
                continue
            }
            flush(&out)
            renumber(location, of: chunk, into: &out)
        }
        flush(&out)
        ArchiveFormat.setLittleEndian(
            out.count - ArchiveFormat.headerSize, width: 4, at: ArchiveFormat.bodyLengthOffset, in: &out)
        let checksum = CRC32.checksum(out)
        for shift in stride(from: 0, to: 32, by: 8) {
            out.append(UInt8(truncatingIfNeeded: checksum >> UInt32(shift)))
        }
        return out
    }

    /// Copies one record, writing each slot's index in this image's numbering.
    private func renumber(_ location: RecordLocation, of chunk: RecordChunk, into out: inout [UInt8]) {
        var cursor = Int(location.start)
        for index in Int(location.slotStart)..<Int(location.slotEnd) {
            let slot = chunk.slots[index]
            let offset = Int(slot.offset)
            chunk.bytes.append(cursor..<offset, to: &out)
            let now = slot.target < 0 ? -1 : recordIndex[Int(slot.target)]
            LEB128.write(CachedSlot.field(now, parent: slot.parent)) { out.append($0) }
            cursor = offset + LEB128.length(of: CachedSlot.field(slot.written, parent: slot.parent))
        }
        chunk.bytes.append(cursor..<Int(location.end), to: &out)
    }
}
