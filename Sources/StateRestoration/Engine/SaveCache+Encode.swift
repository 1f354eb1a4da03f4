/// The records an incremental save encoded, before they join the cache.
struct EncodedRecords {
    /// The application's keyed space, its end byte included.
    var applicationState: [UInt8]
    /// The body the records were written in, after the application state, and their slots.
    var bytes: UncheckedFrozenBytes
    var slots: [CachedSlot]
    /// Each record: its node, and where its bytes and slots are.
    var records: [(node: Int32, location: RecordLocation)]
}

extension SaveCache {
    /// Encodes the application state and the records of `nodes` with the cache's string
    /// table and numbering, as a full pass would encode them.
    /// - Throws: ``NeedsFullSave`` if a record refers to an object the cache does not hold
    ///   (a full save would save it too, R8) or writes a reference inside a value.
    func encode(
        _ nodes: [(node: Int32, object: any RestorableObject)], context: IncrementalContext
    ) throws(NeedsFullSave) -> (EncodedRecords, [RestorationDiagnostic]) {
        let builder = ArchiveBuilder(recordingWith: strings, index: stringIndex, capacity: 4096)
        let pass = PreservationPass(
            roots: [], registry: context.registry, names: context.names, properties: context.properties,
            maxDepth: context.maxDepth, builder: builder)
        missedReference = false
        pass.cache = self
        pass.encodeApplicationState(metadata: context.metadata, delegate: context.delegate)
        builder.endApplicationState()
        let coder = pass.recordCoder(metadata: context.metadata)
        // In the order they came: a record's place in the body does not matter.
        for (node, object) in nodes {
            let parent = saved[Int(node)].parent
            pass.encodeRecord(
                object, identifierIndex: builder.intern(saved[Int(node)].identifier),
                occurrence: saved[Int(node)].occurrence,
                parent: parent >= 0 ? Int(recordIndex[parent]) : nil, node: Int(node), with: coder)
        }
        let recording = builder.takeRecording()
        let taken = builder.takeStrings()
        strings = taken.strings
        stringIndex = taken.index
        pass.cache = nil
        guard !missedReference else {
            throw NeedsFullSave(reason: "a record refers to an object the last save did not hold")
        }
        guard !recording.untracked else { throw NeedsFullSave(reason: "a reference inside a value") }
        let body = builder.takeBody()
        let records = RecordedRecords(
            recording.slots, bodyCount: body.count, chunk: Int32(chunks.count), order: order)
        let applicationState = body.copy(0..<records.firstRecord)
        let encoded = EncodedRecords(
            applicationState: applicationState, bytes: body.frozen(), slots: records.slots,
            records: zip(nodes, records.locations).map { ($0.node, $1) })
        return (encoded, pass.diagnostics)
    }

    /// The record index of `object` in the numbering being written, or nil (and
    /// `missedReference` set) for an object the cache does not hold.
    func recordIndex(of object: any RestorableObject) -> Int? {
        if let node = identities[ObjectIdentifier(object)], alive[node] { return Int(recordIndex[node]) }
        missedReference = true
        return nil
    }

    /// Puts encoded records in the cache, as a chunk of their own, in place of the nodes'
    /// earlier records.
    func store(_ encoded: EncodedRecords) {
        applicationState = encoded.applicationState
        guard !encoded.records.isEmpty else { return }
        let chunk = chunks.count
        chunks.append(
            RecordChunk(
                bytes: encoded.bytes, recordStart: encoded.applicationState.count, slots: encoded.slots,
                epoch: epoch))
        chunkRecords.append(0)
        chunkBytes += encoded.bytes.count - encoded.applicationState.count
        for (node, location) in encoded.records {
            release(node)
            locations[Int(node)] = location
            chunkRecords[chunk] += 1
            liveBytes += Int(location.end - location.start)
        }
    }
}
