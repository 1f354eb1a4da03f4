import Foundation
import RestorationTesting
import StateRestoration
import TestSupport

/// `--incremental`: what a continuous save costs on the main actor when few objects changed
/// (rule P1), beside a full save, in one run.
///
/// Two engines save the same tree on in-memory storage: one with
/// ``RestorationConfiguration/incrementalSaves`` off (every save a full one, as before
/// incremental saves: the walk, every encode, the archive put together and compared with
/// the last, on the main actor) and one with it on. A save is the continuous save's debounce
/// firing (``ManualScheduler/advance(by:)``): the main actor's part of it is timed; its
/// write, off the main actor, is waited for untimed before the next case, and shown apart.
/// Each repetition times, in a rotating order: a full save after one object changed; an
/// incremental save after 1 object said it changed; after 1,000; and a full change (every
/// object changed, ``RestorationEngine/stateDidChange()``) on the incremental engine.
@MainActor
enum IncrementalRun {
    struct Case {
        let name: String
        var main: [Double] = []
        var write: [Double] = []
    }

    static func run(nodes: Int, repetitions: Int) throws -> String {
        let tree = BenchTree(nodes: nodes)
        let app = BenchApp(root: tree.root)
        var all: [BenchNode] = []
        var pending = [tree.root]
        while let node = pending.popLast() {
            all.append(node)
            pending.append(contentsOf: node.children)
        }
        let full = engine(app: app, incremental: false)
        let incremental = engine(app: app, incremental: true)
        var random = SplitMix64(seed: 0x1C2E_3E27)
        func change(_ count: Int) -> [BenchNode] {
            var picked: [BenchNode] = []
            var seen = Set<Int>()
            while picked.count < min(count, all.count) {
                let index = Int.random(in: 0..<all.count, using: &random)
                if seen.insert(index).inserted {
                    all[index].fields.count += 1
                    picked.append(all[index])
                }
            }
            return picked
        }
        var cases = [
            Case(name: "full save (incremental saves off), 1 changed"),
            Case(name: "incremental save, 1 changed"),
            Case(name: "incremental save, 1,000 changed"),
            Case(name: "full change (incremental saves on), \(grouped(nodes)) changed"),
        ]
        func time(_ index: Int, _ engine: (engine: RestorationEngine, scheduler: ManualScheduler)) {
            let start = ContinuousClock.now
            engine.scheduler.advance(by: .seconds(2))
            cases[index].main.append(Stopwatch.milliseconds(ContinuousClock.now - start))
            let written = ContinuousClock.now
            engine.engine.waitForPendingWrites()
            cases[index].write.append(Stopwatch.milliseconds(ContinuousClock.now - written))
        }
        func step(_ index: Int) {
            switch index {
            case 0:
                _ = change(1)
                full.engine.stateDidChange()
                time(0, full)
            case 1, 2:
                for node in change(index == 1 ? 1 : 1_000) { incremental.engine.stateDidChange(of: node) }
                time(index, incremental)
            default:
                for node in all { node.fields.count += 1 }
                incremental.engine.stateDidChange()
                time(3, incremental)
            }
        }
        // Warm-up: a first save of each, which makes the incremental engine's cache.
        for index in 0..<4 { step(index) }
        for index in cases.indices {
            cases[index].main.removeAll()
            cases[index].write.removeAll()
        }
        for repetition in 0..<repetitions {
            for offset in 0..<4 { step((repetition + offset) % 4) }
        }
        return report(cases, nodes: nodes, repetitions: repetitions)
    }

    private static func engine(app: BenchApp, incremental: Bool) -> (
        engine: RestorationEngine, scheduler: ManualScheduler
    ) {
        var configuration = RestorationConfiguration(
            appName: "restoration-bench", appVersion: "1.0", interfaceIdiom: "bench",
            continuousPreservationDelay: .milliseconds(100), debugOutput: .off)
        configuration.incrementalSaves = incremental
        configuration.checksIncrementalSaves = false
        let scheduler = ManualScheduler()
        let engine = RestorationEngine(
            configuration: configuration, registry: RestorationRegistry([BenchNodeRestorer.self]),
            storage: InMemoryStorage(), scheduler: scheduler, delegate: app,
            roots: { [unowned app] in app.rootObjects })
        return (engine, scheduler)
    }

    /// `n` with a comma between groups of three digits.
    static func grouped(_ n: Int) -> String {
        var digits = String(n)
        var groups: [String] = []
        while digits.count > 3 {
            groups.insert(String(digits.suffix(3)), at: 0)
            digits.removeLast(3)
        }
        groups.insert(digits, at: 0)
        return groups.joined(separator: ",")
    }

    private static func report(_ cases: [Case], nodes: Int, repetitions: Int) -> String {
        let count = grouped(nodes)
        var lines = [
            "incremental saves (rule P1), \(count) objects, \(repetitions) saves each, interleaved; "
                + "main-actor time of a continuous save, median ms [min-max]; its write, off the main actor, median ms",
            "",
        ]
        for item in cases {
            let main = Statistics(item.main)
            let write = Statistics(item.write)
            let name = item.name.padding(toLength: 52, withPad: " ", startingAt: 0)
            lines.append(
                name
                    + String(
                        format: "%9.3f [%.3f-%.3f]   write %.3f", main.median, main.minimum, main.maximum,
                        write.median))
        }
        lines.append("")
        // Each repetition timed the four cases back to back: the goal is read from the median
        // of each repetition's ratio to its full save, as the engine's goals against the floor
        // are (the ratio of the medians is shown beside it).
        let fullMedian = Statistics(cases[0].main).median
        var medians: [String] = []
        var goals: [String] = []
        func goal(_ label: String, _ index: Int, _ limit: Double) {
            let ratios = zip(cases[index].main, cases[0].main).map { $0 / max($1, 1e-9) * 100 }
            let share = Statistics(ratios).median
            let ofMedians = Statistics(cases[index].main).median / max(fullMedian, 1e-9) * 100
            func percent(_ value: Double) -> String {
                value < 10 ? String(format: "%.1f", value) : String(format: "%.0f", value)
            }
            medians.append("\(percent(ofMedians))%")
            goals.append(
                "\(label): \(percent(share))% of a full save (goal ≤ \(Int(limit))%): "
                    + (share <= limit ? "met" : "NOT met"))
        }
        goal("incremental save, 1 changed of \(count)", 1, 10)
        goal("incremental save, 1,000 changed of \(count)", 2, 20)
        goal("full change, \(count) changed of \(count)", 3, 105)
        lines.append(
            "Goals, from the median of each repetition's ratio to its full save (the ratio of the medians: "
                + medians.joined(separator: ", ") + "):")
        lines.append(contentsOf: goals)
        return lines.joined(separator: "\n") + "\n"
    }
}
