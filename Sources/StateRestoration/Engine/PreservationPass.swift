/// One save: the walk of rule R3, the records of R7 and the references of R8.
///
/// The walk starts at each root and visits children in order. An object without a usable
/// identifier is not saved and neither is anything below it; each pruned node gets a
/// diagnostic. Saved objects are encoded in preorder, straight into the archive builder.
/// A reference to an object the walk did not save adds that object to the queue, so it
/// is encoded later in the same pass.
@MainActor
final class PreservationPass {
    let registry: RestorationRegistry
    let names: TypeNameCache
    let properties: RestorableProperties
    let roots: [any RestorableObject]
    let builder: ArchiveBuilder
    let maxDepth: Int
    /// The nodes found so far, in record order, and where each object is among them.
    ///
    /// They live behind a pointer owned by the pass: every object reads and writes them
    /// several times, and each access to a stored property of a class is a dynamic
    /// exclusivity check (see ``ArchiveBuilder``). The pass runs on one thread and never
    /// re-enters an access to them.
    struct Tables {
        /// What makes each saved object's path; kept apart from the objects so that the
        /// report can hold it (it is `Sendable`) and build the paths when asked.
        var nodes: [SavedNode] = []
        var objects: [any RestorableObject] = []
        var nodeIndex = IdentityTable()
        /// Per node, its object's address, its first child and its next sibling (-1 for
        /// none), in the order they were added: a container's references to its children
        /// (a navigation stack, a parent's list of children) are resolved by checking the
        /// next child expected rather than by a probe of `nodeIndex`, which, with many
        /// objects, is a cache miss each.
        var links: [Links] = []
        /// The node the next reference most likely names: the first child of the node
        /// being encoded, then the sibling after the last child referenced.
        var expectedReference = -1
        /// Identifiers met among the children being walked, and how often, as a stack: each
        /// level of the walk pushes its children's and pops them when done, so no level
        /// allocates a table of its own.
        /// Each with its UTF-8 length, compared first: siblings' identifiers mostly differ,
        /// and most often in length, which this tells without comparing their contents.
        var siblings: [(identifier: String, length: Int, count: Int)] = []
        /// The last type and restoration class met, with their string-table entries: objects
        /// come in runs of a few types, and this skips the names' look-up and interning.
        var lastType: (type: ObjectIdentifier, index: Int)?
        var lastClass: (type: ObjectIdentifier, name: String, field: Int, registered: Bool)?
    }

    // Obligation (UncheckedBox): one pass on the main actor; each access to `tables` ends
    // before the pass calls an object's encode.
    let tables: UncheckedBox<Tables>

    /// A node's object address and its place among its parent's children (see
    /// `Tables.links`); one array of these rather than one per field, so that adding a node
    /// appends once.
    struct Links {
        var address: UInt
        var firstChild: Int32 = -1
        var nextSibling: Int32 = -1
        /// The last child so far, for linking the next one.
        var lastChild: Int32 = -1
    }

    /// The saved nodes in record order.
    var nodes: [SavedNode] { tables.value.nodes }

    /// The path of the saved node at `index`, built when asked: for diagnostics and
    /// ``StateEncoder/path``, which most saves never need.
    func path(of index: Int) -> RestorationPath {
        if let cache { return cache.path(of: index) }
        return SavedNode.path(of: index, in: tables.value.nodes)
    }
    /// For an incremental save: the cache whose nodes the records are (``path(of:)`` takes
    /// a node of it) and whose numbering references take, in place of the pass's own
    /// tables. A reference, not closures: a closure made on the main actor checks its
    /// isolation each time it is called.
    var cache: SaveCache?
    /// True once a reference saved an object the walk did not (R8).
    var pulledIn = false
    /// Parent of every object in the live tree, built only if a reference needs it.
    var treeParents: [ObjectIdentifier: any RestorableObject]?
    var diagnostics: [RestorationDiagnostic] = []
    /// The index in `diagnostics` of each object the walk pruned (R3): if a reference saves
    /// it after all (R8), its `not saved` becomes a warning that gives its path, so the
    /// report agrees with the archive.
    var prunedDiagnostics: [ObjectIdentifier: Int] = [:]
    /// Siblings skipped for a duplicate identifier (R5): a reference must not bring them back.
    var skippedDuplicates: Set<ObjectIdentifier> = []
    /// The identifiers plain objects were registered under (R17), which a reference to one
    /// saves it under in place of its own ``RestorableObject/restorationIdentifier``.
    let registeredIdentifiers: [ObjectIdentifier: String]

    /// - Parameters:
    ///   - capacity: Room to reserve for the archive body, e.g. the size of the previous save.
    ///   - expectedNodes: Room to reserve for the saved objects, e.g. the previous count.
    ///   - body: The body buffer of an earlier pass, to write into instead of a new one.
    ///   - registeredIdentifiers: The identifiers of objects registered for state
    ///     restoration (R17), by object.
    init(
        roots: [any RestorableObject], registry: RestorationRegistry, names: TypeNameCache,
        properties: RestorableProperties, maxDepth: Int,
        capacity: Int = 4096, expectedNodes: Int = 32, reusing body: consuming RawBytes? = nil,
        registeredIdentifiers: [ObjectIdentifier: String] = [:], builder: ArchiveBuilder? = nil
    ) {
        self.registeredIdentifiers = registeredIdentifiers
        if let builder {
            self.builder = builder
        } else if let body = body.take() {
            self.builder = ArchiveBuilder(reusing: body)
        } else {
            self.builder = ArchiveBuilder(capacity: capacity)
        }
        self.roots = roots
        self.registry = registry
        self.names = names
        self.properties = properties
        self.maxDepth = maxDepth
        tables = UncheckedBox(Tables(nodeIndex: IdentityTable(capacity: expectedNodes)))
        tables.value.nodes.reserveCapacity(expectedNodes)
        tables.value.objects.reserveCapacity(expectedNodes)
        tables.value.links.reserveCapacity(expectedNodes)
    }

    /// The archive body's buffer, for the next pass to reuse; call it after ``run(metadata:delegate:)``
    /// and only once.
    func takeBody() -> RawBytes {
        builder.takeBody()
    }

    /// The pass's tables, taken from it (for ``SaveCache``), leaving them empty.
    func takeTables() -> Tables {
        var taken = Tables()
        swap(&taken, &tables.value)
        return taken
    }

    /// Walks, encodes and returns the archive bytes.
    func run(metadata: SharedMetadata, delegate: (any RestorationDelegate)?) -> [UInt8] {
        encodeAll(metadata: metadata, delegate: delegate)
        return builder.finish(metadata: metadata.value)
    }

    /// Walks and encodes the application state and every record into the builder's body.
    func encodeAll(metadata: SharedMetadata, delegate: (any RestorationDelegate)?) {
        encodeApplicationState(metadata: metadata, delegate: delegate)
        walk(children: roots, parent: nil, positional: false)
        builder.endApplicationState()
        // One encoder for every object, pointed at each in turn: an encoder per object was
        // an allocation, and retains and releases of what it holds, for each.
        let coder = recordCoder(metadata: metadata)
        var index = 0
        while index < tables.value.nodes.count {
            encode(node: index, with: coder)
            index += 1
        }
    }

    /// The one resolver of the pass's coders, rather than a closure context per object.
    private var resolver: (any RestorableObject) -> Int? {
        { [unowned self] in self.reference(to: $0) }
    }

    /// The encoder a pass points at each record in turn.
    func recordCoder(metadata: SharedMetadata) -> StateEncoder {
        StateEncoder(
            nodePath: { [unowned self] in self.path(of: $0) }, metadata: metadata, builder: builder,
            referenceResolver: resolver)
    }

    /// Encodes the app delegate's state (the application's keyed space), without its end.
    func encodeApplicationState(metadata: SharedMetadata, delegate: (any RestorationDelegate)?) {
        let appCoder = StateEncoder(
            path: RestorationPath(), metadata: metadata, builder: builder, referenceResolver: resolver)
        do {
            try delegate?.willEncodeRestorableState(appCoder)
        } catch {
            diagnostics.append(
                RestorationDiagnostic(.notSaved, path: nil, reason: "application state: \(error)"))
        }
    }

    // MARK: The walk

    func walk(children: [any RestorableObject], parent: Int?, positional: Bool) {
        guard !children.isEmpty else { return }
        // `if let`, not `Optional.map`: a closure handed to the standard library from a
        // main-actor method starts with a run-time isolation check.
        var depth = 1
        if let parent { depth = tables.value.nodes[parent].depth + 1 }
        // Siblings are few, so a linear scan of the identifiers seen beats hashing each one;
        // a wide level (more than `linearSiblings` children) uses a dictionary.
        let siblingBase = tables.value.siblings.count
        var manySiblings: [String: Int]? = children.count > Self.linearSiblings ? [:] : nil
        // One at a time: `removeLast(_:)` of several goes through a generic replacement of
        // a range, several times the cost of the few single removals a level needs.
        defer { while tables.value.siblings.count > siblingBase { tables.value.siblings.removeLast() } }
        // Each child's slot in `nodeIndex` is read before any child is entered: with 100,000
        // objects the table is megabytes, and a probe per child, with a subtree walked
        // between, missed the cache once for each.
        tables.value.nodeIndex.warm(children)
        for (position, child) in children.enumerated() {
            guard let identifier = child.usableRestorationIdentifier else {
                prune(
                    child, display: Self.join(display(of: parent), "<\(child.diagnosticName)>"), ancestor: nil
                )
                continue
            }
            guard !Self.hasSeparator(identifier) else {
                diagnostics.append(
                    RestorationDiagnostic(
                        .notSaved, path: Self.join(display(of: parent), identifier),
                        reason: Self.separatorReason + ", so it and its subtree are not saved"))
                continue
            }
            let occurrence: Int
            if manySiblings != nil {
                occurrence = manySiblings?[identifier] ?? 0
                manySiblings?[identifier] = occurrence + 1
            } else {
                occurrence = nextOccurrence(of: identifier, from: siblingBase)
            }
            if occurrence > 0 && !positional {
                let first = children.firstIndex { $0.usableRestorationIdentifier == identifier } ?? 0
                diagnostics.append(
                    RestorationDiagnostic(
                        .notSaved, path: Self.join(display(of: parent), identifier),
                        reason:
                            "duplicate identifier '\(identifier)' among the children of "
                            + "'\(parent.map { path(of: $0).description } ?? "the windows")': "
                            + "\(children[first].diagnosticName) (child \(first + 1)) is saved, "
                            + "\(child.diagnosticName) (child \(position + 1)) is skipped with its subtree"))
                skippedDuplicates.insert(ObjectIdentifier(child))
                continue
            }
            guard depth <= maxDepth else {
                diagnostics.append(
                    RestorationDiagnostic(
                        .notSaved, path: Self.join(display(of: parent), identifier),
                        reason: "deeper than the limit of \(maxDepth) levels"))
                continue
            }
            let index = tables.value.nodes.count
            guard tables.value.nodeIndex.insertIfAbsent(index, for: ObjectIdentifier(child)) == nil else {
                diagnostics.append(
                    RestorationDiagnostic(
                        .notSaved, path: Self.join(display(of: parent), identifier),
                        reason: "the same object is already saved at another path"))
                continue
            }
            append(child, parent: parent, identifier: identifier, occurrence: occurrence, depth: depth)
            walk(
                children: child.restorationChildren, parent: index,
                positional: child.restorationChildrenArePositional)
        }
    }

    static let linearSiblings = 16

    /// True if `identifier` holds a `/`, which separates a path's components: two paths
    /// would print the same (`A/B` below the root, or `B` below `A`), so such an object is
    /// not saved.
    ///
    /// Over the bytes' span: `utf8.contains` steps a string index per byte, several times
    /// the cost of a save's whole record header.
    static func hasSeparator(_ identifier: String) -> Bool {
        let bytes = identifier.utf8.span
        for index in bytes.indices where bytes[index] == UInt8(ascii: "/") { return true }
        return false
    }

    static let separatorReason =
        "its restoration identifier contains '/', which separates the components of a path"

    /// How many times `identifier` occurred before among the siblings pushed since `base`;
    /// counts this occurrence.
    func nextOccurrence(of identifier: String, from base: Int) -> Int {
        var index = base
        let end = tables.value.siblings.count
        let length = identifier.utf8.count
        while index < end {
            if tables.value.siblings[index].length == length
                && tables.value.siblings[index].identifier == identifier
            {
                tables.value.siblings[index].count += 1
                return tables.value.siblings[index].count - 1
            }
            index += 1
        }
        tables.value.siblings.append((identifier, length, 1))
        return 0
    }

    /// How diagnostics name a node the walk saved, and so the start of its children's
    /// names: its identifiers joined by `/`, or its full path (`Nav/Detail#2`) where it
    /// repeats an identifier. Built only when a diagnostic needs it: most saves have none,
    /// and building one per object was several percent of a save.
    func display(of index: Int?) -> String {
        guard let index else { return "" }
        let node = tables.value.nodes[index]
        if node.occurrence != 0 { return path(of: index).description }
        return Self.join(display(of: node.parent >= 0 ? node.parent : nil), node.identifier)
    }

    static func join(_ parent: String, _ name: String) -> String {
        parent.isEmpty ? name : parent + "/" + name
    }

    /// Records a diagnostic for `object` and every descendant: rule R3's pruning.
    func prune(_ object: any RestorableObject, display: String, ancestor: String?) {
        let reason: String
        if let ancestor {
            reason = "ancestor '\(ancestor)' has no restoration identifier"
        } else {
            reason =
                object.restorationIdentifier == nil
                ? "it has no restoration identifier, so its subtree is not saved either"
                : "its restoration identifier is empty, so its subtree is not saved either"
        }
        prunedDiagnostics[ObjectIdentifier(object)] = diagnostics.count
        diagnostics.append(RestorationDiagnostic(.notSaved, path: display, reason: reason))
        let ancestorName = ancestor ?? "<\(object.diagnosticName)>"
        for child in object.restorationChildren {
            let name = child.usableRestorationIdentifier ?? "<\(child.diagnosticName)>"
            prune(child, display: display + "/" + name, ancestor: ancestorName)
        }
    }

    /// Adds `object` as the next node; the caller has entered it in `nodeIndex`.
    func append(
        _ object: any RestorableObject, parent: Int?, identifier: String, occurrence: Int, depth: Int
    ) {
        let index = tables.value.nodes.count
        tables.value.nodes.append(
            SavedNode(parent: parent ?? -1, identifier: identifier, occurrence: occurrence, depth: depth))
        tables.value.links.append(Links(address: UInt(bitPattern: ObjectIdentifier(object))))
        tables.value.objects.append(object)
        if let parent {
            let previous = tables.value.links[parent].lastChild
            if previous < 0 {
                tables.value.links[parent].firstChild = Int32(index)
            } else {
                tables.value.links[Int(previous)].nextSibling = Int32(index)
            }
            tables.value.links[parent].lastChild = Int32(index)
        }
    }

    // MARK: Encoding

    /// Encodes the node at `index` in place, with the pass's one encoder: copying a node out
    /// of the table would retain its identifier only to release it again.
    func encode(node index: Int, with coder: StateEncoder) {
        tables.value.expectedReference = Int(tables.value.links[index].firstChild)
        // Interned in the archive's order: identifier, type name, restoration class name. The
        // identifier is read in place: a copy of it would be a retain and a release.
        let identifierIndex = builder.intern(tables.value.nodes[index].identifier)
        encodeRecord(
            tables.value.objects[index], identifierIndex: identifierIndex,
            occurrence: tables.value.nodes[index].occurrence, parent: parentField(of: index), node: index,
            with: coder)
    }

    /// Encodes one record: `object` saved with the identifier interned at `identifierIndex`
    /// and `occurrence`, below the record `parent`; `node` is what ``path(of:)`` is asked
    /// for its path.
    func encodeRecord(
        _ object: any RestorableObject, identifierIndex: Int, occurrence: Int, parent: Int?, node index: Int,
        with coder: StateEncoder
    ) {
        let typeID = ObjectIdentifier(type(of: object))
        let typeIndex: Int
        if let last = tables.value.lastType, last.type == typeID {
            typeIndex = last.index
        } else {
            typeIndex = builder.intern(names.typeName(of: object))
            tables.value.lastType = (typeID, typeIndex)
        }
        var classField = 0
        if let restorationClass = object.restorationClass {
            let classID = ObjectIdentifier(restorationClass)
            if let last = tables.value.lastClass, last.type == classID {
                classField = last.field
            } else {
                let name = names.className(of: restorationClass)
                classField = builder.intern(name) + 1
                tables.value.lastClass = (classID, name, classField, isRegistered(name))
            }
            if let last = tables.value.lastClass, !last.registered {
                diagnostics.append(
                    RestorationDiagnostic(
                        .warning, path: path(of: index).description,
                        reason:
                            "restoration class '\(last.name)' is not registered; "
                            + "the object is saved, but will not be restored until it is"))
            }
        }
        builder.beginRecord(
            parentIndex: parent, identifierIndex: identifierIndex, occurrence: occurrence,
            typeIndex: typeIndex,
            classField: classField, stateVersion: object.restorationStateVersion)
        let mark = builder.bodyCount
        coder.node = index
        defer { coder.node = -1 }
        do {
            // Restorable properties first, then the hand-written state, which may not write
            // their keys (R25).
            if properties.mayHave(object) {
                let declared = properties.of(object)
                if !declared.isEmpty {
                    try checkKeys(of: object, against: declared, at: index, metadata: coder.metadata)
                    for property in declared {
                        property.engine = properties.engine
                        property.owner = object
                        try property.encode(into: coder)
                    }
                }
            }
            try object.encodeRestorableState(with: coder)
        } catch {
            builder.rollBack(to: mark)
            diagnostics.append(
                RestorationDiagnostic(
                    .notSaved, path: path(of: index).description,
                    reason: "its state failed to encode and is saved empty: \(error)"))
        }
        builder.endRecord()
    }

    /// Throws if `object`'s hand-written state writes a key that one of its restorable
    /// properties is saved under (rule R25): its hand-written encode runs once more, into a
    /// probe that only collects keys. Only objects with restorable properties pay for it; the
    /// keys of everything else are never checked.
    func checkKeys(
        of object: any RestorableObject, against properties: [AnyRestorableProperty], at index: Int,
        metadata: ArchiveMetadata
    ) throws(StateCodingError) {
        let probe = ArchiveBuilder(capacity: 256)
        let coder = StateEncoder(
            path: path(of: index), metadata: SharedMetadata(metadata), builder: probe,
            referenceResolver: { _ in nil })
        do {
            try object.encodeRestorableState(with: coder)
        } catch {
            return  // the real encode reports it
        }
        let written = Set(probe.internedStrings)
        if let claimed = properties.first(where: { written.contains($0.key) }) {
            throw .duplicateKey(path: path(of: index), key: claimed.key)
        }
    }

    func parentField(of index: Int) -> Int? {
        let parent = tables.value.nodes[index].parent
        return parent >= 0 ? parent : nil
    }

    /// Whether a restoration class name is registered. Asked once per run of objects of
    /// one class (see `Tables.lastClass`): a registry look-up hashes the name.
    func isRegistered(_ name: String) -> Bool {
        registry.restorationClass(named: name) != nil
    }
}
