/// The engine against the floor, timed back to back at two sizes: what the goals that compare
/// them are read from (docs/PERFORMANCE.md, "How the goals are read").
///
/// A repetition of the main run times every library at one size, one after another. At
/// 100,000 objects, `JSONEncoder` and `PropertyListEncoder` take seconds between the floor
/// and the engine, and on a shared machine the memory can change speed in that time
/// (`scripts/machine-state`). A ratio of two medians then compares samples taken in different
/// states. Here each group times the floor and the engine at the small size, then at the large
/// size, nothing else in between, so a group lasts a fraction of a second; the order of the
/// two alternates from group to group, and each is run once untimed just before it is timed.
/// Each group gives its own ratios, and the report takes their median.
@MainActor
struct PairedRun {
    nonisolated static let groups = 15

    let small: Int
    let large: Int
    let runner: BenchRunner

    /// The sizes to pair in a run of `plan`: the goals' size (1,000) against the largest size
    /// above it, when both the floor and the engine run at both.
    static func sizes(in plan: BenchPlan) -> (small: Int, large: Int)? {
        let small = GoalCheck.goalSize
        guard plan.sizes.contains(small), let large = plan.sizes.max(), large > small else { return nil }
        for size in [small, large] {
            let run = plan.libraries(at: size).run
            guard run.contains(.floor), run.contains(.stateRestoration) else { return nil }
        }
        return (small, large)
    }

    func run() throws -> PairedResult {
        runner.progress("engine and floor back to back: \(small) and \(large) objects")
        var contenders: [[any Contender]] = []
        var prepared: [[BenchRunner.Prepared]] = []
        for nodes in [small, large] {
            let tree = BenchTree(nodes: nodes)
            let pair: [any Contender] = [
                BenchRunner.contender(.floor, tree: tree),
                BenchRunner.contender(.stateRestoration, tree: tree),
            ]
            let ready = try runner.warmUp(pair, nodes: nodes, expected: TreeFingerprint.of(tree.root))
            contenders.append(pair)
            prepared.append(
                try pair.map { contender in
                    guard let ready = ready[contender.library] else {
                        throw BenchError.failed(
                            library: contender.library, nodes: nodes, operation: "encode",
                            reason: "no bytes to decode")
                    }
                    return ready
                })
        }
        var result = PairedResult(small: small, large: large)
        for group in 0..<Self.groups {
            runner.progress("  group \(group + 1) of \(Self.groups)")
            // Per size, the floor's (encode, decode) and the engine's.
            var times: [[(encode: Double, decode: Double)]] = [[], []]
            for size in 0..<2 {
                let nodes = size == 0 ? small : large
                let order = group % 2 == 0 ? [0, 1] : [1, 0]
                var pair = [(encode: 0.0, decode: 0.0), (encode: 0.0, decode: 0.0)]
                for index in order {
                    // Once untimed first: the group before left the other size's objects in the
                    // caches, and the first calls would pay for that.
                    _ = try runner.time(contenders[size][index], prepared[size][index], nodes: nodes)
                    pair[index] = try runner.time(
                        contenders[size][index], prepared[size][index], nodes: nodes)
                }
                times[size] = pair
            }
            result.encodeSmall.append(times[0][1].encode / times[0][0].encode)
            result.decodeSmall.append(times[0][1].decode / times[0][0].decode)
            result.encodeLarge.append(times[1][1].encode / times[1][0].encode)
            result.decodeLarge.append(times[1][1].decode / times[1][0].decode)
        }
        return result
    }
}

/// Per group of a ``PairedRun``, in the order taken: the engine's time over the floor's.
struct PairedResult: Sendable {
    let small: Int
    let large: Int
    var encodeSmall: [Double] = []
    var encodeLarge: [Double] = []
    var decodeSmall: [Double] = []
    var decodeLarge: [Double] = []

    /// Per group, how much more the engine's encode grew from the small size to the large
    /// one than the floor's: the large ratio over the small one.
    var encodeGrowth: [Double] { zip(encodeLarge, encodeSmall).map { $0 / $1 } }
    /// The same for the decode.
    var decodeGrowth: [Double] { zip(decodeLarge, decodeSmall).map { $0 / $1 } }

    /// The rows of the report, with their per-group ratios.
    var rows: [(name: String, ratios: [Double])] {
        let small = TableReport.grouped(small)
        let large = TableReport.grouped(large)
        return [
            ("encode at \(small)", encodeSmall), ("encode at \(large)", encodeLarge),
            ("encode growth, \(small) → \(large)", encodeGrowth),
            ("decode at \(small)", decodeSmall), ("decode at \(large)", decodeLarge),
            ("decode growth, \(small) → \(large)", decodeGrowth),
        ]
    }
}
