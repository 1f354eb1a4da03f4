// Obligation (UncheckedBox): as in PreservationPass.swift: each access to `tables` ends
// before an object is called.

extension PreservationPass {
    /// The record index of `object`, adding it to the pass if the walk did not save it.
    func reference(to object: any RestorableObject) -> Int? {
        if let cache { return cache.recordIndex(of: object) }
        let expected = tables.value.expectedReference
        if expected >= 0, tables.value.links[expected].address == UInt(bitPattern: ObjectIdentifier(object)) {
            tables.value.expectedReference = Int(tables.value.links[expected].nextSibling)
            return expected
        }
        if let index = tables.value.nodeIndex[ObjectIdentifier(object)] { return index }
        return pullIn(object, depth: 0)
    }

    private func pullIn(_ object: any RestorableObject, depth: Int) -> Int? {
        if let index = tables.value.nodeIndex[ObjectIdentifier(object)] { return index }
        guard !skippedDuplicates.contains(ObjectIdentifier(object)) else {
            diagnostics.append(
                RestorationDiagnostic(
                    .notSaved, path: object.usableRestorationIdentifier ?? "<\(object.diagnosticName)>",
                    reason: "a reference to it was encoded as nil: it was skipped as a duplicate sibling"))
            return nil
        }
        guard
            let identifier = registeredIdentifiers[ObjectIdentifier(object)]
                ?? object.usableRestorationIdentifier
        else {
            diagnostics.append(
                RestorationDiagnostic(
                    .notSaved, path: "<\(object.diagnosticName)>",
                    reason: "a reference to it was encoded as nil: it has no restoration identifier"))
            return nil
        }
        guard !Self.hasSeparator(identifier) else {
            diagnostics.append(
                RestorationDiagnostic(
                    .notSaved, path: identifier,
                    reason: "a reference to it was encoded as nil: " + Self.separatorReason))
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
        let parentField = parent ?? -1
        let occurrence = tables.value.nodes.reduce(0) {
            $0 + ($1.parent == parentField && $1.identifier == identifier ? 1 : 0)
        }
        let depth = parent.map { tables.value.nodes[$0].depth + 1 } ?? 1
        // The path's depth, which the reader limits (R34), whatever the chain of pulls.
        guard depth <= maxDepth else {
            diagnostics.append(
                RestorationDiagnostic(
                    .notSaved, path: identifier,
                    reason:
                        "a reference to it was encoded as nil: its path would be deeper than \(maxDepth) levels"
                ))
            return nil
        }
        let index = tables.value.nodes.count
        pulledIn = true
        _ = tables.value.nodeIndex.insertIfAbsent(index, for: ObjectIdentifier(object))
        append(object, parent: parent, identifier: identifier, occurrence: occurrence, depth: depth)
        if let pruned = prunedDiagnostics.removeValue(forKey: ObjectIdentifier(object)) {
            diagnostics[pruned] = RestorationDiagnostic(
                .warning, path: path(of: index).description,
                reason:
                    "saved because a saved object refers to it (R8), although the walk pruned it "
                    + "(\(diagnostics[pruned].reason)); its path leaves out the ancestors without an identifier"
            )
        }
        return index
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
