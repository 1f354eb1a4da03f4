/// Why an incremental save gave way to a full one: a change it does not patch. A full save
/// then writes what the walk finds, as before there was a cache.
struct NeedsFullSave: Error {
    var reason: String
}

/// What an incremental save found.
enum IncrementalSave {
    /// Nothing that the archive holds changed (rule R26): nothing to write.
    case unchanged
    /// The new archive, to assemble where it is written.
    case changed(ArchiveImage)
}

/// What an incremental save needs from the engine, besides the objects that changed.
@MainActor
struct IncrementalContext {
    let registry: RestorationRegistry
    let names: TypeNameCache
    let properties: RestorableProperties
    let maxDepth: Int
    let metadata: SharedMetadata
    let delegate: (any RestorationDelegate)?
    let roots: [any RestorableObject]
}

extension SaveCache {
    /// Updates the cache for a save after `changed` objects said they changed (R26): checks
    /// their children against the saved tree (children added, removed or reordered),
    /// encodes the records of the changed and the new objects, and the application state
    /// again, and keeps every other record's bytes.
    ///
    /// - Returns: The image to write, or `.unchanged`; the pass's diagnostics; the nodes
    ///   whose records it encoded.
    /// - Throws: ``NeedsFullSave`` for what it does not patch (the cache is then spent: the
    ///   caller makes a full save and a new cache).
    func update(
        changed: [any RestorableObject], context: IncrementalContext
    ) throws(NeedsFullSave) -> (IncrementalSave, [RestorationDiagnostic], encoded: [Int32]) {
        try checkRoots(context.roots)
        // The nodes to encode, with their objects, each once.
        var toEncode: [(node: Int32, object: any RestorableObject)] = []
        var queued = Set<Int32>()
        var removed = false
        var structureChanged = false
        for object in changed {
            guard let found = identities[ObjectIdentifier(object)] else { continue }
            let node = Int32(found)
            guard alive[found] else { continue }
            guard object.usableRestorationIdentifier == saved[found].identifier else {
                throw NeedsFullSave(reason: "an identifier changed")
            }
            if queued.insert(node).inserted { toEncode.append((node, object)) }
            let children = object.restorationChildren
            if !sameChildren(children, as: node) {
                let change = try restructure(
                    node, object: object, children: children, maxDepth: context.maxDepth)
                for item in change.encode where queued.insert(item.node).inserted { toEncode.append(item) }
                removed = removed || change.removed
                structureChanged = true
            }
        }
        toEncode.removeAll { !alive[Int($0.node)] }
        if structureChanged { renumber() }
        let (encoded, diagnostics) = try encode(toEncode, context: context)
        let unchanged =
            !structureChanged && encoded.applicationState == applicationState
            && encoded.records.allSatisfy { sameBytes(encoded.bytes, $0.location, as: $0.node) }
        let nodes = encoded.records.map(\.node)
        if unchanged { return (.unchanged, diagnostics, nodes) }
        store(encoded)
        if removed { try checkNoReferenceToRemoved() }
        return (.changed(image(metadata: context.metadata.value)), diagnostics, nodes)
    }

    /// Throws unless the windows' roots are the saved ones.
    private func checkRoots(_ objects: [any RestorableObject]) throws(NeedsFullSave) {
        guard objects.count == roots.count else { throw NeedsFullSave(reason: "the roots changed") }
        for (object, node) in zip(objects, roots) {
            guard links[Int(node)].address == UInt(bitPattern: ObjectIdentifier(object)),
                object.usableRestorationIdentifier == saved[Int(node)].identifier
            else { throw NeedsFullSave(reason: "the roots changed") }
        }
    }

    /// True if `children` are the saved children of `node`, in order, with their identifiers.
    private func sameChildren(_ children: [any RestorableObject], as node: Int32) -> Bool {
        var child = links[Int(node)].firstChild
        for object in children {
            guard child >= 0, links[Int(child)].address == UInt(bitPattern: ObjectIdentifier(object)),
                object.usableRestorationIdentifier == saved[Int(child)].identifier
            else { return false }
            child = links[Int(child)].nextSibling
        }
        return child < 0
    }

    /// Makes `children` the children of `node`, as the walk would (R3, R5): a child saved
    /// before keeps its node (and is encoded again if its occurrence moved), a new one is
    /// saved with its subtree, a child gone is no longer saved, nor is its subtree. Anything
    /// the walk would report (no identifier, a duplicate, too deep, an object saved
    /// elsewhere) throws, and the full save reports it.
    private func restructure(
        _ node: Int32, object: any RestorableObject, children: [any RestorableObject], maxDepth: Int
    ) throws(NeedsFullSave) -> (encode: [(node: Int32, object: any RestorableObject)], removed: Bool) {
        var encode: [(node: Int32, object: any RestorableObject)] = []
        let before = self.children(of: node)
        var chain: [Int32] = []
        var counts: [String: Int] = [:]
        let depth = saved[Int(node)].depth + 1
        for child in children {
            let (identifier, occurrence) = try place(
                child, among: &counts, positional: object.restorationChildrenArePositional, depth: depth,
                maxDepth: maxDepth)
            if let found = identities[ObjectIdentifier(child)] {
                guard saved[found].parent == Int(node), alive[found], saved[found].identifier == identifier
                else {
                    throw NeedsFullSave(reason: "an object moved to another parent")
                }
                if saved[found].occurrence != occurrence {
                    saved[found].occurrence = occurrence
                    encode.append((Int32(found), child))
                }
                chain.append(Int32(found))
            } else {
                chain.append(
                    try add(
                        child, identifier: identifier, occurrence: occurrence, parent: node, depth: depth,
                        maxDepth: maxDepth, encode: &encode))
            }
        }
        let kept = Set(chain)
        var removed = false
        for child in before where !kept.contains(child) {
            remove(child)
            removed = true
        }
        link(chain, below: node)
        return (encode, removed)
    }

    /// The identifier and occurrence a child gets from the walk, or a throw where the walk
    /// would skip it with a diagnostic.
    private func place(
        _ child: any RestorableObject, among counts: inout [String: Int], positional: Bool, depth: Int,
        maxDepth: Int
    ) throws(NeedsFullSave) -> (String, Int) {
        guard let identifier = child.usableRestorationIdentifier, !PreservationPass.hasSeparator(identifier),
            depth <= maxDepth
        else { throw NeedsFullSave(reason: "a child the walk would not save") }
        let occurrence = counts[identifier] ?? 0
        counts[identifier] = occurrence + 1
        guard occurrence == 0 || positional else { throw NeedsFullSave(reason: "a duplicate identifier") }
        return (identifier, occurrence)
    }

    /// Saves `object` and its subtree as new nodes, to be encoded.
    private func add(
        _ object: any RestorableObject, identifier: String, occurrence: Int, parent: Int32, depth: Int,
        maxDepth: Int, encode: inout [(node: Int32, object: any RestorableObject)]
    ) throws(NeedsFullSave) -> Int32 {
        let node = Int32(saved.count)
        guard identities.insertIfAbsent(Int(node), for: ObjectIdentifier(object)) == nil else {
            throw NeedsFullSave(reason: "an object saved at two paths")
        }
        saved.append(
            SavedNode(parent: Int(parent), identifier: identifier, occurrence: occurrence, depth: depth))
        links.append(PreservationPass.Links(address: UInt(bitPattern: ObjectIdentifier(object))))
        alive.append(true)
        locations.append(RecordLocation(chunk: -1, start: 0, end: 0, slotStart: 0, slotEnd: 0))
        recordIndex.append(-1)
        encode.append((node, object))
        var chain: [Int32] = []
        var counts: [String: Int] = [:]
        for child in object.restorationChildren {
            let (childIdentifier, childOccurrence) = try place(
                child, among: &counts, positional: object.restorationChildrenArePositional, depth: depth + 1,
                maxDepth: maxDepth)
            chain.append(
                try add(
                    child, identifier: childIdentifier, occurrence: childOccurrence, parent: node,
                    depth: depth + 1, maxDepth: maxDepth, encode: &encode))
        }
        link(chain, below: node)
        return node
    }

    /// Makes `chain` the children of `node`, in order.
    private func link(_ chain: [Int32], below node: Int32) {
        links[Int(node)].firstChild = chain.first ?? -1
        links[Int(node)].lastChild = chain.last ?? -1
        for (index, child) in chain.enumerated() {
            links[Int(child)].nextSibling = index + 1 < chain.count ? chain[index + 1] : -1
        }
    }

    /// Stops saving `node` and its subtree.
    private func remove(_ node: Int32) {
        var stack = [node]
        while let next = stack.popLast() {
            alive[Int(next)] = false
            identities.set(-1, address: links[Int(next)].address)
            release(next)
            stack.append(contentsOf: children(of: next))
        }
    }

    /// Gives up a node's record: its chunk has one record fewer in use.
    func release(_ node: Int32) {
        let location = locations[Int(node)]
        guard location.chunk >= 0 else { return }
        liveBytes -= Int(location.end - location.start)
        chunkRecords[Int(location.chunk)] -= 1
        if chunkRecords[Int(location.chunk)] == 0 {
            chunkBytes -= chunks[Int(location.chunk)]?.recordBytes ?? 0
            chunks[Int(location.chunk)] = nil
        }
        locations[Int(node)].chunk = -1
    }

    /// True if the bytes `location` of `bytes` are those of `node`'s record as saved.
    private func sameBytes(_ bytes: UncheckedFrozenBytes, _ location: RecordLocation, as node: Int32) -> Bool
    {
        let saved = locations[Int(node)]
        guard saved.chunk >= 0, let chunk = chunks[Int(saved.chunk)], chunk.epoch == epoch,
            saved.end - saved.start == location.end - location.start
        else { return false }
        return bytes.withBytes { new in
            chunk.bytes.withBytes { old -> Bool in
                var offset = 0
                let count = Int(location.end - location.start)
                while offset < count {
                    if new[Int(location.start) + offset] != old[Int(saved.start) + offset] { return false }
                    offset += 1
                }
                return true
            } ?? false
        } ?? false
    }

    /// Throws if a record still in use refers to a node no longer saved: a full save would
    /// save that object again (R8).
    private func checkNoReferenceToRemoved() throws(NeedsFullSave) {
        for node in order {
            let location = locations[Int(node)]
            guard let chunk = chunks[Int(location.chunk)] else { continue }
            for index in Int(location.slotStart)..<Int(location.slotEnd) {
                let target = chunk.slots[index].target
                if target >= 0 && !alive[Int(target)] {
                    throw NeedsFullSave(reason: "a record refers to an object no longer in the tree")
                }
            }
        }
    }
}
