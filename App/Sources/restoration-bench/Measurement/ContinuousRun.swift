import Foundation
import RestorationTesting
import StateRestoration

/// `--continuous`: what a continuous-preservation pass costs (rule R26), through
/// ``RestorationEngine/preserve(reason:)`` on in-memory storage (the encode, the check
/// that the state changed, and the write of the bytes, without a disk).
///
/// For each size: a pass after one value of every object changed (every object's `count`
/// goes up by one: the whole archive differs), a pass after one value of one object
/// changed, and a pass over an unchanged tree, which encodes and then writes nothing.
@MainActor
enum ContinuousRun {
    static func run(sizes: [Int], repetitions: Int) throws -> String {
        var lines = [
            "continuous preservation (rule R26), \(repetitions) passes each, median ms [min-max], writes",
            "",
            "objects    every object changed     one object changed       nothing changed",
        ]
        for nodes in sizes {
            let tree = BenchTree(nodes: nodes)
            let app = BenchApp(root: tree.root)
            let storage = InMemoryStorage()
            let engine = RestorationEngine(
                configuration: RestorationConfiguration(
                    appName: "restoration-bench", appVersion: "1.0", interfaceIdiom: "bench",
                    debugOutput: .off),
                registry: RestorationRegistry([BenchNodeRestorer.self]), storage: storage,
                scheduler: ManualScheduler(), delegate: app, roots: { [unowned app] in app.rootObjects })
            try engine.preserve(reason: .requested)
            var all: [BenchNode] = []
            var pending = [tree.root]
            while let node = pending.popLast() {
                all.append(node)
                pending.append(contentsOf: node.children)
            }
            func measure(_ change: () -> Void) throws -> (Statistics, Int) {
                let before = storage.writeCount
                var samples: [Double] = []
                for _ in 0..<repetitions {
                    change()
                    let start = ContinuousClock.now
                    try engine.preserve(reason: .requested)
                    samples.append(Stopwatch.milliseconds(ContinuousClock.now - start))
                }
                return (Statistics(samples), storage.writeCount - before)
            }
            let every = try measure { for node in all { node.fields.count += 1 } }
            let one = try measure { all[all.count / 2].fields.count += 1 }
            let none = try measure {}
            func cell(_ result: (Statistics, Int)) -> String {
                let (statistics, writes) = result
                let text = String(
                    format: "%.3f [%.3f-%.3f] %d", statistics.median, statistics.minimum, statistics.maximum,
                    writes)
                return text.padding(toLength: max(25, text.count + 2), withPad: " ", startingAt: 0)
            }
            let row =
                String(nodes).padding(toLength: 11, withPad: " ", startingAt: 0) + cell(every) + cell(one)
                + cell(none)
            lines.append(String(row.reversed().drop { $0 == " " }.reversed()))
        }
        return lines.joined(separator: "\n") + "\n"
    }
}
