/// What the last save wrote, kept so that the next save costs what changed (rule P1): each
/// saved object's record, as encoded bytes in a ``RecordChunk``, and the tree of saved
/// objects, by node.
///
/// A node is a saved object: its place in the tree (parent, children in order,
/// identifier, occurrence), its address and where its record is. Nodes are numbered in the
/// order they were first saved, and keep their number while they stay saved; the record
/// order (preorder, as a full save writes it) is kept beside them, with a new `epoch` each
/// time it changes. See docs/ARCHIVE-FORMAT.md, "Incremental saves".
@MainActor
final class SaveCache {
    /// Per node: parent (a node), identifier, occurrence, depth.
    var saved: [SavedNode]
    /// Per node: the object's address and its first child and next sibling (nodes).
    var links: [PreservationPass.Links]
    var alive: [Bool]
    /// Nodes by object; a node no longer saved maps to -1.
    var identities: IdentityTable
    /// The root nodes, in order.
    var roots: [Int32]
    var strings: [String]
    var stringIndex: [String: Int]
    /// How many strings the last full save's table held: a table grown far past it (strings
    /// no record uses any more) asks for a full save.
    let fullStringCount: Int

    var order: [Int32]
    var recordIndex: [Int32]
    var locations: [RecordLocation]
    var chunks: [RecordChunk?]
    /// Records per chunk still in use; a chunk with none is dropped.
    var chunkRecords: [Int]
    var epoch = 0
    var applicationState: [UInt8]
    /// The bytes of the records in use, and of every chunk kept: when the chunks hold much
    /// more than is in use, the next save is a full one, which starts one chunk afresh.
    var liveBytes = 0
    var chunkBytes = 0
    /// The nodes in record order, with parents as record indices: the report's paths.
    var savedNodes: [SavedNode]
    /// Set when a record being encoded referred to an object the cache does not hold.
    var missedReference = false

    /// True when the next save should be a full one, which makes a new cache.
    var wantsFullSave: Bool {
        chunkBytes > 2 * liveBytes + (1 << 20) || strings.count > 2 * fullStringCount + 256
    }

    /// A cache of what a full pass, run with a recording builder, encoded into `body`
    /// (the application state's bytes first); nil if its archive cannot be patched: an
    /// object saved because a reference pulled it in (R8), or a reference written inside a
    /// value.
    init?(
        pass: PreservationPass, body: UncheckedFrozenBytes, applicationState: [UInt8],
        recording: (slots: [ReferenceSlot], untracked: Bool),
        strings: (strings: [String], index: [String: Int])
    ) {
        self.strings = strings.strings
        stringIndex = strings.index
        fullStringCount = strings.strings.count
        self.applicationState = applicationState
        let tables = pass.takeTables()
        let count = tables.nodes.count
        let records = RecordedRecords(recording.slots, bodyCount: body.count, chunk: 0, order: nil)
        guard !pass.pulledIn, !recording.untracked, records.locations.count == count else { return nil }
        saved = tables.nodes
        savedNodes = tables.nodes
        links = tables.links
        identities = tables.nodeIndex
        alive = Array(repeating: true, count: count)
        order = Array(0..<Int32(count))
        recordIndex = order
        roots = records.roots
        locations = records.locations
        chunks = [RecordChunk(bytes: body, recordStart: records.firstRecord, slots: records.slots, epoch: 0)]
        chunkRecords = [count]
        liveBytes = body.count - records.firstRecord
        chunkBytes = liveBytes
    }

    /// The buffer of the first chunk (a full save's body), for the next full save to write
    /// into, if nothing else holds it any more (no write in flight); the cache is spent.
    func takeBody() -> RawBytes? {
        var chunk = chunks.first ?? nil
        chunks.removeAll()
        guard isKnownUniquelyReferenced(&chunk) else { return nil }
        var bytes = chunk?.bytes
        chunk = nil
        guard isKnownUniquelyReferenced(&bytes), let buffer = bytes?.thaw() else { return nil }
        return RawBytes(thawing: buffer)
    }

    /// The image of what the cache holds, with `metadata`, for the writer to assemble.
    func image(metadata: ArchiveMetadata) -> ArchiveImage {
        ArchiveImage(
            metadata: metadata, strings: strings, applicationState: applicationState, order: order,
            recordIndex: recordIndex, locations: locations, chunks: chunks, epoch: epoch,
            recordCount: order.count)
    }

    /// The path of a node.
    func path(of node: Int) -> RestorationPath {
        var components: [RestorationPath.Component] = []
        var current = node
        while current >= 0 {
            components.append(
                RestorationPath.Component(saved[current].identifier, occurrence: saved[current].occurrence))
            current = saved[current].parent
        }
        return RestorationPath(components.reversed())
    }

    /// The children of `node`, in order.
    func children(of node: Int32) -> [Int32] {
        var result: [Int32] = []
        var child = links[Int(node)].firstChild
        while child >= 0 {
            result.append(child)
            child = links[Int(child)].nextSibling
        }
        return result
    }

    /// Numbers the records again, in preorder from the roots, after the tree changed.
    func renumber() {
        epoch += 1
        order.removeAll(keepingCapacity: true)
        recordIndex = Array(repeating: -1, count: saved.count)
        savedNodes.removeAll(keepingCapacity: true)
        var stack: [Int32] = roots.reversed()
        while let node = stack.popLast() {
            let index = Int32(order.count)
            recordIndex[Int(node)] = index
            order.append(node)
            var entry = saved[Int(node)]
            if entry.parent >= 0 { entry.parent = Int(recordIndex[entry.parent]) }
            savedNodes.append(entry)
            let children = self.children(of: node)
            stack.append(contentsOf: children.reversed())
        }
    }
}

/// A recorded body's records, found from its slots: each record starts at its parent
/// field's slot and ends where the next starts; the application state comes before the
/// first.
struct RecordedRecords {
    var slots: [CachedSlot] = []
    var locations: [RecordLocation] = []
    /// The records without a parent, by index.
    var roots: [Int32] = []
    /// Where the first record starts (the body's end if there is none).
    var firstRecord: Int

    /// - Parameters:
    ///   - order: The node of each record index written, or nil when record indices are
    ///     the nodes (a full save's).
    init(_ found: [ReferenceSlot], bodyCount: Int, chunk: Int32, order: [Int32]?) {
        var slot = 0
        while slot < found.count && !found[slot].parent { slot += 1 }
        firstRecord = slot < found.count ? Int(found[slot].offset) : bodyCount
        slots.reserveCapacity(found.count - slot)
        // The record being read, appended once the next one starts.
        var current: RecordLocation?
        while slot < found.count {
            let next = found[slot]
            if next.parent {
                if var done = current {
                    done.end = next.offset
                    done.slotEnd = Int32(slots.count)
                    locations.append(done)
                }
                if next.written < 0 { roots.append(Int32(locations.count)) }
                current = RecordLocation(
                    chunk: chunk, start: next.offset, end: 0, slotStart: Int32(slots.count), slotEnd: 0)
            }
            let target = next.written < 0 ? -1 : (order.map { $0[Int(next.written)] } ?? next.written)
            slots.append(
                CachedSlot(offset: next.offset, written: next.written, target: target, parent: next.parent))
            slot += 1
        }
        if var done = current {
            done.end = Int32(bodyCount)
            done.slotEnd = Int32(slots.count)
            locations.append(done)
        }
    }
}
