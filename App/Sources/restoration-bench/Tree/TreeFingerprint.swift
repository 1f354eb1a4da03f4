/// A digest of a tree's content, to check that every contender gets back what it saved.
///
/// It covers each node's kind, identifier, fields and children in preorder, so a lost
/// field, a swapped child or a truncated subtree changes it. Only compared within one run
/// (`Hasher` is seeded per process).
@MainActor
enum TreeFingerprint {
    /// The digest of the tree under `root`, and its number of nodes.
    static func of(_ root: BenchNode) -> (digest: Int, nodes: Int) {
        var hasher = Hasher()
        var nodes = 0
        var stack = [root]
        while let node = stack.popLast() {
            nodes += 1
            hasher.combine(node.kind == .navigation)
            hasher.combine(node.identifier)
            hasher.combine(node.fields)
            hasher.combine(node.children.count)
            stack.append(contentsOf: node.children.reversed())
        }
        return (hasher.finalize(), nodes)
    }
}
