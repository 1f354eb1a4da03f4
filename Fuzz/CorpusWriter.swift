// Writes the fuzzer's seed corpus: real archives the engine writes, of a few shapes.
// Built and run by `scripts/fuzz --write-corpus` (also `swift run fuzz-corpus-writer DIR`);
// the outputs are committed in Fuzz/corpus.
//
//     fuzz-corpus-writer [DIR] [--shape NAME DEPTH BREADTH]...
//
// writes DIR/NAME.archive for each shape: a tree DEPTH levels below its root, each node with
// BREADTH children. Without --shape, the corpus's four shapes; scripts/compare-readers asks
// for one large archive instead (`--shape big 4 12`).

import Foundation
import StateRestoration

@MainActor
private final class CorpusNode: RestorableObject {
    let restorationIdentifier: String?
    var children: [CorpusNode] = []
    var positional = false
    var restorationChildren: [any RestorableObject] { children }
    var restorationChildrenArePositional: Bool { positional }
    let seed: Int

    init(_ identifier: String?, seed: Int) {
        restorationIdentifier = identifier
        self.seed = seed
    }

    func encodeRestorableState(with coder: StateEncoder) throws {
        try coder.encode("name \(seed) 名字", forKey: "name")
        try coder.encode(seed, forKey: "index")
        try coder.encode(Double(seed) / 3, forKey: "ratio")
        try coder.encode(seed % 2 == 0, forKey: "flag")
        try coder.encode(Date(timeIntervalSince1970: Double(seed)), forKey: "date")
        try coder.encode([seed, -seed], forKey: "list")
        try coder.encode(["k": "v\(seed)"], forKey: "map")
        if seed % 5 == 0 { try coder.encode(Data(repeating: UInt8(seed & 0xFF), count: 64), forKey: "blob") }
        try coder.encodeObjects(children, forKey: "children")
    }
}

@MainActor
private final class CorpusDelegate: RestorationDelegate {
    func shouldSaveApplicationState(_ coder: StateEncoder) -> Bool { true }
    func willEncodeRestorableState(_ coder: StateEncoder) throws {
        try coder.encode("app", forKey: "note")
    }
}

@MainActor
private func tree(depth: Int, breadth: Int, seed: inout Int) -> CorpusNode {
    seed += 1
    let node = CorpusNode("N\(seed % 4)", seed: seed)
    node.positional = true
    if depth > 0 {
        for _ in 0..<breadth { node.children.append(tree(depth: depth - 1, breadth: breadth, seed: &seed)) }
    }
    return node
}

@main
struct CorpusWriter {
    /// The corpus's shapes: name, depth and breadth.
    static let corpusShapes = [("single", 0, 0), ("chain", 6, 1), ("wide", 1, 12), ("tree", 3, 3)]

    static func main() throws {
        var directory = "Fuzz/corpus"
        var shapes: [(String, Int, Int)] = []
        var arguments = CommandLine.arguments.dropFirst()
        while let argument = arguments.popFirst() {
            if argument == "--shape" {
                guard let name = arguments.popFirst(), let depth = arguments.popFirst().flatMap({ Int($0) }),
                    let breadth = arguments.popFirst().flatMap({ Int($0) }), depth >= 0, breadth >= 0
                else { usage() }
                shapes.append((name, depth, breadth))
            } else if argument.hasPrefix("-") {
                usage()
            } else {
                directory = argument
            }
        }
        try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
        try MainActor.assumeIsolated {
            for (name, depth, breadth) in shapes.isEmpty ? corpusShapes : shapes {
                var seed = 0
                let root = tree(depth: depth, breadth: breadth, seed: &seed)
                let delegate = CorpusDelegate()
                let engine = RestorationEngine(
                    configuration: RestorationConfiguration(
                        appName: "corpus", appVersion: "1", debugOutput: .off,
                        now: { Date(timeIntervalSince1970: 1_800_000_000) }),
                    registry: RestorationRegistry(), storage: FileRestorationStorage(directory: directory),
                    scheduler: nil, delegate: delegate, roots: { [root] })
                guard let encoded = engine.encodeState() else { continue }
                try Data(encoded.bytes).write(to: URL(fileURLWithPath: "\(directory)/\(name).archive"))
            }
        }
    }

    static func usage() -> Never {
        FileHandle.standardError.write(
            Data("usage: fuzz-corpus-writer [DIR] [--shape NAME DEPTH BREADTH]...\n".utf8))
        exit(64)
    }
}
