/// `--profile <library>`: the operations alone, untimed, for `valgrind --tool=callgrind` or
/// `perf record`.
///
/// After one checked round trip, it runs `count` encodes in ``profiledEncodes(_:count:)``
/// and then `count` decodes in ``profiledDecodes(_:encoded:count:)``, so that a profiler can
/// collect each phase alone, e.g. `--toggle-collect='*profiledEncodes*'`.
@MainActor
enum ProfileRun {
    static func run(_ library: Library, nodes: Int, count: Int) throws -> String {
        let tree = BenchTree(nodes: nodes)
        let contender = BenchRunner.contender(library, tree: tree)
        let encoded = try contender.encode()
        contender.prepareDecodes(1)
        guard TreeFingerprint.of(try contender.decode(encoded, slot: 0)) == TreeFingerprint.of(tree.root)
        else {
            throw BenchError.roundTripMismatch(library: library, nodes: nodes, decodedNodes: 0)
        }
        try profiledEncodes(contender, count: count)
        contender.prepareDecodes(count)
        try profiledDecodes(contender, encoded: encoded, count: count)
        return
            "profiled \(library.rawValue) at \(tree.nodeCount) objects: \(count) encodes, then \(count) decodes "
            + "of \(encoded.count) bytes\n"
    }

    @inline(never)
    static func profiledEncodes(_ contender: any Contender, count: Int) throws {
        for _ in 0..<count { _ = try contender.encode() }
    }

    /// Keeps the trees, as the timed runs do, so that freeing them is not counted.
    @inline(never)
    static func profiledDecodes(_ contender: any Contender, encoded: EncodedBytes, count: Int) throws {
        var trees: [BenchNode] = []
        trees.reserveCapacity(count)
        for slot in 0..<count { trees.append(try contender.decode(encoded, slot: slot)) }
    }
}
