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
    private let builder = ArchiveBuilder()
    private let maxDepth: Int
    private(set) var nodes: [Node] = []
    private var nodeIndex: [ObjectIdentifier: Int] = [:]
    /// Parent of every object in the live tree, built only if a reference needs it.
    private var treeParents: [ObjectIdentifier: any RestorableObject]?
    private(set) var diagnostics: [RestorationDiagnostic] = []
    /// Siblings skipped for a duplicate identifier (R5): a reference must not bring them back.
    private var skippedDuplicates: Set<ObjectIdentifier> = []

    init(roots: [any RestorableObject], registry: RestorationRegistry, names: TypeNameCache, maxDepth: Int) {
        self.roots = roots
        self.registry = registry
        self.names = names
        self.maxDepth = maxDepth
    }

    /// Walks, encodes and returns the archive bytes.
    func run(metadata: ArchiveMetadata, delegate: (any RestorationDelegate)?) -> [UInt8] {
        let appCoder = StateEncoder(
            path: RestorationPath(), metadata: metadata, builder: builder,
            referenceResolver: { [unowned self] in self.reference(to: $0) })
        do {
            try delegate?.willEncodeRestorableState(appCoder)
        } catch {
            diagnostics.append(
                RestorationDiagnostic(.notSaved, path: nil, reason: "application state: \(error)"))
        }
        walk(children: roots, parent: nil, positional: false, parentDisplay: "")
        builder.endApplicationState()
        var index = 0
        while index < nodes.count {
            encode(node: nodes[index], index: index, metadata: metadata)
            index += 1
        }
        return builder.finish(metadata: metadata)
    }

    // MARK: The walk

    private func walk(
        children: [any RestorableObject], parent: Int?, positional: Bool, parentDisplay: String
    ) {
        guard !children.isEmpty else { return }
        let depth = parent.map { nodes[$0].path.count + 1 } ?? 1
        let parentPath = parent.map { nodes[$0].path } ?? RestorationPath()
        var seen: [String: Int] = [:]
        for (position, child) in children.enumerated() {
            guard let identifier = child.usableRestorationIdentifier else {
                prune(child, display: Self.join(parentDisplay, "<\(child.diagnosticName)>"), ancestor: nil)
                continue
            }
            let display = Self.join(parentDisplay, identifier)
            let occurrence = seen[identifier, default: 0]
            if occurrence > 0 && !positional {
                let first = children.firstIndex { $0.usableRestorationIdentifier == identifier } ?? 0
                diagnostics.append(
                    RestorationDiagnostic(
                        .notSaved, path: display,
                        reason:
                            "duplicate identifier '\(identifier)' among the children of "
                            + "'\(parentPath.count == 0 ? "the windows" : parentPath.description)': "
                            + "\(children[first].diagnosticName) (child \(first + 1)) is saved, "
                            + "\(child.diagnosticName) (child \(position + 1)) is skipped with its subtree"))
                skippedDuplicates.insert(ObjectIdentifier(child))
                continue
            }
            seen[identifier] = occurrence + 1
            guard depth <= maxDepth else {
                diagnostics.append(
                    RestorationDiagnostic(
                        .notSaved, path: display, reason: "deeper than the limit of \(maxDepth) levels"))
                continue
            }
            guard nodeIndex[ObjectIdentifier(child)] == nil else {
                diagnostics.append(
                    RestorationDiagnostic(
                        .notSaved, path: display, reason: "the same object is already saved at another path"))
                continue
            }
            let index = append(
                child, parent: parent, identifier: identifier, occurrence: occurrence,
                path: parentPath.appending(identifier, occurrence: occurrence))
            let shown = occurrence == 0 ? display : nodes[index].path.description
            walk(
                children: child.restorationChildren, parent: index,
                positional: child.restorationChildrenArePositional, parentDisplay: shown)
        }
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
        let index = nodes.count
        nodes.append(
            Node(object: object, parent: parent, identifier: identifier, occurrence: occurrence, path: path))
        nodeIndex[ObjectIdentifier(object)] = index
        return index
    }

    // MARK: Encoding

    private func encode(node: Node, index: Int, metadata: ArchiveMetadata) {
        let object = node.object
        let restorationClass = object.restorationClass
        var className: String?
        if let restorationClass {
            let name = names.className(of: restorationClass)
            className = name
            if registry.restorationClass(named: name) == nil {
                diagnostics.append(
                    RestorationDiagnostic(
                        .notSaved, path: node.path.description,
                        reason:
                            "warning: restoration class '\(name)' is not registered; "
                            + "the object will not be restored until it is"))
            }
        }
        builder.beginRecord(
            parentIndex: node.parent, identifier: node.identifier, occurrence: node.occurrence,
            typeName: names.typeName(of: object), restorationClassName: className,
            stateVersion: object.restorationStateVersion)
        let mark = builder.body.bytes.count
        let coder = StateEncoder(
            path: node.path, metadata: metadata, builder: builder,
            referenceResolver: { [unowned self] in self.reference(to: $0) })
        do {
            try object.encodeRestorableState(with: coder)
        } catch {
            builder.body.bytes.removeLast(builder.body.bytes.count - mark)
            diagnostics.append(
                RestorationDiagnostic(
                    .notSaved, path: node.path.description,
                    reason: "its state failed to encode and is saved empty: \(error)"))
        }
        builder.endRecord()
    }

    // MARK: References (rule R8)

    /// The record index of `object`, adding it to the pass if the walk did not save it.
    private func reference(to object: any RestorableObject) -> Int? {
        if let index = nodeIndex[ObjectIdentifier(object)] { return index }
        return pullIn(object, depth: 0)
    }

    private func pullIn(_ object: any RestorableObject, depth: Int) -> Int? {
        if let index = nodeIndex[ObjectIdentifier(object)] { return index }
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
        let occurrence = nodes.reduce(0) { $0 + ($1.parent == parent && $1.identifier == identifier ? 1 : 0) }
        let parentPath = parent.map { nodes[$0].path } ?? RestorationPath()
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
