import Foundation
import StateRestoration

/// What to run: sizes, libraries, repetitions, and whether to time the disk.
struct BenchPlan: Sendable {
    /// NSKeyedArchiver is left out above this many objects unless ``includeSlow`` is set:
    /// its encoder grows faster than linearly (see docs/PERFORMANCE.md).
    static let keyedArchiverLimit = 10_000

    var sizes: [Int]
    var skipped: Set<Library>
    var includeSlow: Bool
    var repetitions: Int
    var measureDisk: Bool
    var diskDirectory: String?
    /// Whether the table lists every repetition's timing, in order, after the medians.
    var showsSamples = false

    /// The libraries run at `nodes` objects, in report order, and why the others are not.
    func libraries(at nodes: Int) -> (run: [Library], leftOut: [(Library, String)]) {
        var run: [Library] = []
        var leftOut: [(Library, String)] = []
        for library in Library.reportOrder {
            if skipped.contains(library) {
                leftOut.append((library, "--skip \(library.rawValue)"))
            } else if library == .keyedArchiver && nodes > Self.keyedArchiverLimit && !includeSlow {
                leftOut.append(
                    (
                        library,
                        "its encoder grows faster than linearly; left out above \(TableReport.grouped(Self.keyedArchiverLimit)) "
                            + "objects unless --slow is given"
                    ))
            } else {
                run.append(library)
            }
        }
        return (run, leftOut)
    }
}

/// The figures of one library at one size.
struct CaseResult: Sendable {
    let nodes: Int
    let library: Library
    let encode: Statistics
    let decode: Statistics
    let bytes: Int
}

/// Everything measured at one size.
struct SizeResult: Sendable {
    let nodes: Int
    let depth: Int
    let keys: Int
    let photos: Int
    let cases: [CaseResult]
    let leftOut: [(Library, String)]
    let disk: DiskResult?

    /// The result of `library`, if it ran.
    func result(_ library: Library) -> CaseResult? {
        cases.first { $0.library == library }
    }
}

/// Runs the plan: per size, a warm-up that checks every round trip, then the timed
/// repetitions, interleaved (each repetition runs every library once, in a rotating order,
/// so that a slow moment of the machine spreads over all of them).
@MainActor
struct BenchRunner {
    /// Small cases are timed in batches of at least this long, then divided.
    static let batchMilliseconds = 2.0
    static let maxIterations = 2_000

    let plan: BenchPlan
    let progress: (String) -> Void

    func run() throws -> [SizeResult] {
        try plan.sizes.map { try run(nodes: $0) }
    }

    private func run(nodes: Int) throws -> SizeResult {
        let tree = BenchTree(nodes: nodes)
        let (libraries, leftOut) = plan.libraries(at: nodes)
        progress("N = \(nodes): \(tree.nodeCount) objects, depth \(tree.depth), \(tree.keyCount) keys")
        let contenders: [any Contender] = libraries.map { Self.contender($0, tree: tree) }
        let expected = TreeFingerprint.of(tree.root)

        let prepared = try warmUp(contenders, nodes: nodes, expected: expected)
        var encodeSamples: [Library: [Double]] = [:]
        var decodeSamples: [Library: [Double]] = [:]
        for repetition in 0..<plan.repetitions {
            progress("  repetition \(repetition + 1) of \(plan.repetitions)")
            for offset in contenders.indices {
                let contender = contenders[(offset + repetition) % contenders.count]
                guard let ready = prepared[contender.library] else { continue }
                let (encodeTime, decodeTime) = try time(contender, ready, nodes: nodes)
                encodeSamples[contender.library, default: []].append(encodeTime)
                decodeSamples[contender.library, default: []].append(decodeTime)
            }
        }
        let encoded = prepared.mapValues { $0.bytes }

        let cases = contenders.map { contender in
            let library = contender.library
            return CaseResult(
                nodes: tree.nodeCount, library: library, encode: Statistics(encodeSamples[library] ?? []),
                decode: Statistics(decodeSamples[library] ?? []), bytes: encoded[library]?.count ?? 0)
        }
        var disk: DiskResult?
        if plan.measureDisk {
            progress("  disk")
            let archive: [UInt8]
            if case .array(let bytes)? = encoded[.stateRestoration] {
                archive = bytes
            } else if case .array(let bytes) = try EngineContender(tree: tree).encode() {
                archive = bytes
            } else {
                archive = []
            }
            disk = try DiskResult.measure(
                archive: archive, repetitions: plan.repetitions, directory: plan.diskDirectory)
        }
        return SizeResult(
            nodes: tree.nodeCount, depth: tree.depth, keys: tree.keyCount, photos: tree.photoCount,
            cases: cases,
            leftOut: leftOut, disk: disk)
    }

    /// A contender after its warm-up: its bytes (to decode) and how many calls make a batch.
    struct Prepared {
        let bytes: EncodedBytes
        let encodeIterations: Int
        let decodeIterations: Int
    }

    /// One round (two for cases under 50 ms) of each contender, untimed: checks that its round
    /// trip gives back `expected` and that it reported no problem, and sizes its batches.
    func warmUp(_ contenders: [any Contender], nodes: Int, expected: (digest: Int, nodes: Int)) throws
        -> [Library:
        Prepared]
    {
        var prepared: [Library: Prepared] = [:]
        for contender in contenders {
            progress("  warming up \(contender.library.rawValue)")
            let library = contender.library
            var encodeTime = 0.0
            var decodeTime = 0.0
            var last: EncodedBytes?
            for round in 0..<2 {
                if round == 1 && encodeTime + decodeTime > 50 { break }
                var bytes: EncodedBytes?
                encodeTime = try Stopwatch.milliseconds(iterations: 1) { _ in
                    bytes = try guarded(library, nodes, "encode") { try contender.encode() }
                }
                guard let bytes else { continue }
                last = bytes
                contender.prepareDecodes(1)
                var decoded: BenchNode?
                decodeTime = try Stopwatch.milliseconds(iterations: 1) { slot in
                    decoded = try guarded(library, nodes, "decode") {
                        try contender.decode(bytes, slot: slot)
                    }
                }
                if let decoded {
                    let found = TreeFingerprint.of(decoded)
                    guard found == expected else {
                        throw BenchError.roundTripMismatch(
                            library: library, nodes: nodes, decodedNodes: found.nodes)
                    }
                }
                let problems = contender.problems()
                guard problems.isEmpty else {
                    throw BenchError.unclean(library: library, nodes: nodes, problems: problems)
                }
            }
            if let last {
                prepared[library] = Prepared(
                    bytes: last, encodeIterations: Self.iterations(for: encodeTime),
                    decodeIterations: Self.iterations(for: decodeTime))
            }
        }
        return prepared
    }

    /// One timed batch of encodes, then one of decodes, of `contender`: milliseconds per call.
    /// What the calls return is kept until the clock stops, so freeing it is not timed.
    func time(_ contender: any Contender, _ prepared: Prepared, nodes: Int) throws -> (
        encode: Double, decode: Double
    ) {
        let library = contender.library
        var kept: [EncodedBytes] = []
        kept.reserveCapacity(prepared.encodeIterations)
        let encodeTime = try Stopwatch.milliseconds(iterations: prepared.encodeIterations) { _ in
            kept.append(try guarded(library, nodes, "encode") { try contender.encode() })
        }
        kept.removeAll()
        contender.prepareDecodes(prepared.decodeIterations)
        var trees: [BenchNode] = []
        trees.reserveCapacity(prepared.decodeIterations)
        let decodeTime = try Stopwatch.milliseconds(iterations: prepared.decodeIterations) { slot in
            trees.append(
                try guarded(library, nodes, "decode") { try contender.decode(prepared.bytes, slot: slot) })
        }
        trees.removeAll()
        contender.prepareDecodes(0)
        return (encodeTime, decodeTime)
    }

    private static func iterations(for milliseconds: Double) -> Int {
        guard milliseconds > 0 else { return maxIterations }
        return min(maxIterations, max(1, Int((batchMilliseconds / milliseconds).rounded(.up))))
    }

    static func contender(_ library: Library, tree: BenchTree) -> any Contender {
        switch library {
        case .stateRestoration: EngineContender(tree: tree)
        case .keyedArchiver: FoundationContender.keyedArchiver(tree: tree)
        case .propertyList: FoundationContender.propertyList(tree: tree)
        case .json: FoundationContender.json(tree: tree)
        case .floor: FloorContender(tree: tree)
        }
    }

    /// Runs `body`, naming the library, size and operation in any error it throws.
    private func guarded<T>(_ library: Library, _ nodes: Int, _ operation: String, _ body: () throws -> T)
        throws -> T
    {
        do {
            return try body()
        } catch let error as BenchError {
            throw error
        } catch {
            throw BenchError.failed(library: library, nodes: nodes, operation: operation, reason: "\(error)")
        }
    }
}
