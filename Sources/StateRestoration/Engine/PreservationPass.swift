/// One save: the walk of rule R3, the records of R7 and the references of R8.
///
/// The walk starts at each root and visits children in order. An object without a usable
/// identifier is not saved and neither is anything below it; each pruned node gets a
/// diagnostic. Saved objects are encoded in preorder, straight into the archive builder.
/// A reference to an object the walk did not save adds that object to the queue, so it
/// is encoded later in the same pass.
@MainActor
final class PreservationPass {
    struct Node {
        let object: any RestorableObject
        let parent: Int?
        let identifier: String
        let occurrence: Int
        let path: RestorationPath
    }

    private let registry: RestorationRegistry
    private let names: TypeNameCache
    private let roots: [any RestorableObject]
    private let builder: ArchiveBuilder
    private let maxDepth: Int
    /// The nodes found so far, in record order, and where each object is among them.
    ///
    /// They live behind a pointer owned by the pass: every object reads and writes them
    /// several times, and each access to a stored property of a class is a dynamic
    /// exclusivity check (see ``ArchiveBuilder``). The pass runs on one thread and never
    /// re-enters an access to them.
    private struct Tables {
        var nodes: [Node] = []
        var nodeIndex = IdentityTable()
        /// Identifiers met among the children being walked, and how often, as a stack: each
        /// level of the walk pushes its children's and pops them when done, so no level
        /// allocates a table of its own.
        var siblings: [(identifier: String, count: Int)] = []
        /// The last type and restoration class met, with their string-table entries: objects
        /// come in runs of a few types, and this skips the names' look-up and interning.
        var lastType: (type: ObjectIdentifier, index: Int)?
        var lastClass: (type: ObjectIdentifier, name: String, field: Int, registered: Bool)?
    }

    private let tables: UnsafeMutablePointer<Tables>

    /// The saved nodes in record order.
    var nodes: [Node] { tables.pointee.nodes }
    /// Parent of every object in the live tree, built only if a reference needs it.
    private var treeParents: [ObjectIdentifier: any RestorableObject]?
    private(set) var diagnostics: [RestorationDiagnostic] = []
    /// Siblings skipped for a duplicate identifier (R5): a reference must not bring them back.
    private var skippedDuplicates: Set<ObjectIdentifier> = []

    /// - Parameters:
    ///   - capacity: Room to reserve for the archive body, e.g. the size of the previous save.
    ///   - expectedNodes: Room to reserve for the saved objects, e.g. the previous count.
    init(
        roots: [any RestorableObject], registry: RestorationRegistry, names: TypeNameCache, maxDepth: Int,
        capacity: Int = 4096, expectedNodes: Int = 32
    ) {
        self.builder = ArchiveBuilder(capacity: capacity)
        self.roots = roots
        self.registry = registry
        self.names = names
        self.maxDepth = maxDepth
        tables = .allocate(capacity: 1)
        tables.initialize(to: Tables(nodeIndex: IdentityTable(capacity: expectedNodes)))
        tables.pointee.nodes.reserveCapacity(expectedNodes)
    }

    isolated deinit {
        tables.deinitialize(count: 1)
        tables.deallocate()
    }

    /// Walks, encodes and returns the archive bytes.
    func run(metadata: SharedMetadata, delegate: (any RestorationDelegate)?) -> [UInt8] {
        // One resolver for every coder of the pass, rather than a closure context per object.
        let resolver: (any RestorableObject) -> Int? = { [unowned self] in self.reference(to: $0) }
        let appCoder = StateEncoder(
            path: RestorationPath(), metadata: metadata, builder: builder, referenceResolver: resolver)
        do {
            try delegate?.willEncodeRestorableState(appCoder)
        } catch {
            diagnostics.append(
                RestorationDiagnostic(.notSaved, path: nil, reason: "application state: \(error)"))
        }
        walk(children: roots, parent: nil, positional: false)
        builder.endApplicationState()
        var index = 0
        while index < tables.pointee.nodes.count {
            encode(node: index, metadata: metadata, resolver: resolver)
            index += 1
        }
        return builder.finish(metadata: metadata.value)
    }

    // MARK: The walk

    private func walk(children: [any RestorableObject], parent: Int?, positional: Bool) {
        guard !children.isEmpty else { return }
        // `if let`, not `Optional.map`: a closure handed to the standard library from a
        // main-actor method starts with a run-time isolation check.
        var parentPath = RestorationPath()
        if let parent { parentPath = tables.pointee.nodes[parent].path }
        let depth = parentPath.count + 1
        // Siblings are few, so a linear scan of the identifiers seen beats hashing each one;
        // a wide level (more than `linearSiblings` children) uses a dictionary.
        let siblingBase = tables.pointee.siblings.count
        var manySiblings: [String: Int]? = children.count > Self.linearSiblings ? [:] : nil
        defer { tables.pointee.siblings.removeLast(tables.pointee.siblings.count - siblingBase) }
        for (position, child) in children.enumerated() {
            guard let identifier = child.usableRestorationIdentifier else {
                prune(
                    child, display: Self.join(display(of: parent), "<\(child.diagnosticName)>"), ancestor: nil
                )
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
                            + "'\(parentPath.count == 0 ? "the windows" : parentPath.description)': "
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
            guard tables.pointee.nodeIndex[ObjectIdentifier(child)] == nil else {
                diagnostics.append(
                    RestorationDiagnostic(
                        .notSaved, path: Self.join(display(of: parent), identifier),
                        reason: "the same object is already saved at another path"))
                continue
            }
            let index = append(
                child, parent: parent, identifier: identifier, occurrence: occurrence,
                path: parentPath.appending(identifier, occurrence: occurrence))
            walk(
                children: child.restorationChildren, parent: index,
                positional: child.restorationChildrenArePositional)
        }
    }

    private static let linearSiblings = 16

    /// How many times `identifier` occurred before among the siblings pushed since `base`;
    /// counts this occurrence.
    private func nextOccurrence(of identifier: String, from base: Int) -> Int {
        var index = base
        let end = tables.pointee.siblings.count
        while index < end {
            if tables.pointee.siblings[index].identifier == identifier {
                tables.pointee.siblings[index].count += 1
                return tables.pointee.siblings[index].count - 1
            }
            index += 1
        }
        tables.pointee.siblings.append((identifier, 1))
        return 0
    }

    /// How diagnostics name a node the walk saved, and so the start of its children's
    /// names: its identifiers joined by `/`, or its full path (`Nav/Detail#2`) where it
    /// repeats an identifier. Built only when a diagnostic needs it: most saves have none,
    /// and building one per object was several percent of a save.
    private func display(of index: Int?) -> String {
        guard let index else { return "" }
        let node = tables.pointee.nodes[index]
        if node.occurrence != 0 { return node.path.description }
        return Self.join(display(of: node.parent), node.identifier)
    }

    private static func join(_ parent: String, _ name: String) -> String {
        parent.isEmpty ? name : parent + "/" + name
    }

    /// Records a diagnostic for `object` and every descendant: rule R3's pruning.
    private func prune(_ object: any RestorableObject, display: String, ancestor: String?) {
        let reason: String
        if let ancestor {
            reason = "ancestor '\(ancestor)' has no restoration identifier"
        } else {
            reason =
                object.restorationIdentifier == nil
                ? "it has no restoration identifier, so its subtree is not saved either"
                : "its restoration identifier is empty, so its subtree is not saved either"
        }
        diagnostics.append(RestorationDiagnostic(.notSaved, path: display, reason: reason))
        let ancestorName = ancestor ?? "<\(object.diagnosticName)>"
        for child in object.restorationChildren {
            let name = child.usableRestorationIdentifier ?? "<\(child.diagnosticName)>"
            prune(child, display: display + "/" + name, ancestor: ancestorName)
        }
    }

    private func append(
        _ object: any RestorableObject, parent: Int?, identifier: String, occurrence: Int,
        path: RestorationPath
    ) -> Int {
        let index = tables.pointee.nodes.count
        tables.pointee.nodes.append(
            Node(object: object, parent: parent, identifier: identifier, occurrence: occurrence, path: path))
        tables.pointee.nodeIndex.set(index, for: ObjectIdentifier(object))
        return index
    }

    // MARK: Encoding

    /// Encodes the node at `index` in place: copying a `Node` out of the table would retain
    /// its object, identifier and path only to release them again.
    private func encode(
        node index: Int, metadata: SharedMetadata, resolver: @escaping (any RestorableObject) -> Int?
    ) {
        let object = tables.pointee.nodes[index].object
        // Interned in the archive's order: identifier, type name, restoration class name.
        let identifierIndex = builder.intern(tables.pointee.nodes[index].identifier)
        let typeID = ObjectIdentifier(type(of: object))
        let typeIndex: Int
        if let last = tables.pointee.lastType, last.type == typeID {
            typeIndex = last.index
        } else {
            typeIndex = builder.intern(names.typeName(of: object))
            tables.pointee.lastType = (typeID, typeIndex)
        }
        var classField = 0
        if let restorationClass = object.restorationClass {
            let classID = ObjectIdentifier(restorationClass)
            if let last = tables.pointee.lastClass, last.type == classID {
                classField = last.field
            } else {
                let name = names.className(of: restorationClass)
                classField = builder.intern(name) + 1
                tables.pointee.lastClass = (classID, name, classField, isRegistered(name))
            }
            if let last = tables.pointee.lastClass, !last.registered {
                diagnostics.append(
                    RestorationDiagnostic(
                        .notSaved, path: tables.pointee.nodes[index].path.description,
                        reason:
                            "warning: restoration class '\(last.name)' is not registered; "
                            + "the object will not be restored until it is"))
            }
        }
        builder.beginRecord(
            parentIndex: tables.pointee.nodes[index].parent, identifierIndex: identifierIndex,
            occurrence: tables.pointee.nodes[index].occurrence, typeIndex: typeIndex, classField: classField,
            stateVersion: object.restorationStateVersion)
        let mark = builder.bodyCount
        let coder = StateEncoder(
            path: tables.pointee.nodes[index].path, metadata: metadata, builder: builder,
            referenceResolver: resolver)
        do {
            try object.encodeRestorableState(with: coder)
        } catch {
            builder.rollBack(to: mark)
            diagnostics.append(
                RestorationDiagnostic(
                    .notSaved, path: tables.pointee.nodes[index].path.description,
                    reason: "its state failed to encode and is saved empty: \(error)"))
        }
        builder.endRecord()
    }

    /// Whether a restoration class name is registered. Asked once per run of objects of
    /// one class (see `Tables.lastClass`): a registry look-up hashes the name.
    private func isRegistered(_ name: String) -> Bool {
        registry.restorationClass(named: name) != nil
    }

    // MARK: References (rule R8)

    /// The record index of `object`, adding it to the pass if the walk did not save it.
    private func reference(to object: any RestorableObject) -> Int? {
        if let index = tables.pointee.nodeIndex[ObjectIdentifier(object)] { return index }
        return pullIn(object, depth: 0)
    }

    private func pullIn(_ object: any RestorableObject, depth: Int) -> Int? {
        if let index = tables.pointee.nodeIndex[ObjectIdentifier(object)] { return index }
        guard !skippedDuplicates.contains(ObjectIdentifier(object)) else {
            diagnostics.append(
                RestorationDiagnostic(
                    .notSaved, path: object.usableRestorationIdentifier ?? "<\(object.diagnosticName)>",
                    reason: "a reference to it was encoded as nil: it was skipped as a duplicate sibling"))
            return nil
        }
        guard let identifier = object.usableRestorationIdentifier else {
            diagnostics.append(
                RestorationDiagnostic(
                    .notSaved, path: "<\(object.diagnosticName)>",
                    reason: "a reference to it was encoded as nil: it has no restoration identifier"))
            return nil
        }
        guard depth < maxDepth else {
            diagnostics.append(
                RestorationDiagnostic(
                    .notSaved, path: identifier, reason: "its parents go deeper than \(maxDepth) levels"))
            return nil
        }
        // Its parent: the restoration parent of a plain object (R17), or the nearest
        // ancestor with an identifier in the live tree.
        var parent: Int?
        if let restorationParent = object.restorationParent {
            guard let index = pullIn(restorationParent, depth: depth + 1) else { return nil }
            parent = index
        } else if let ancestor = identifiedTreeAncestor(of: object) {
            guard let index = pullIn(ancestor, depth: depth + 1) else { return nil }
            parent = index
        }
        let occurrence = tables.pointee.nodes.reduce(0) {
            $0 + ($1.parent == parent && $1.identifier == identifier ? 1 : 0)
        }
        let parentPath = parent.map { tables.pointee.nodes[$0].path } ?? RestorationPath()
        return append(
            object, parent: parent, identifier: identifier, occurrence: occurrence,
            path: parentPath.appending(identifier, occurrence: occurrence))
    }

    private func identifiedTreeAncestor(of object: any RestorableObject) -> (any RestorableObject)? {
        if treeParents == nil {
            var parents: [ObjectIdentifier: any RestorableObject] = [:]
            var stack = roots
            while let next = stack.popLast() {
                for child in next.restorationChildren where parents[ObjectIdentifier(child)] == nil {
                    parents[ObjectIdentifier(child)] = next
                    stack.append(child)
                }
            }
            treeParents = parents
        }
        var current = treeParents?[ObjectIdentifier(object)]
        while let candidate = current {
            if candidate.usableRestorationIdentifier != nil { return candidate }
            current = treeParents?[ObjectIdentifier(candidate)]
        }
        return nil
    }
}
