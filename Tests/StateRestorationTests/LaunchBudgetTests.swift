import Foundation
import RestorationTesting
import Synchronization
import Testing

@testable import StateRestoration

/// A clock that only the objects under test move: what a restore's budget cuts then does
/// not depend on the machine.
final class ObjectWorkClock: Sendable {
    private let base = ContinuousClock.now
    private let offset = Mutex<Duration>(.zero)

    /// Time spent so far.
    var elapsed: Duration { offset.withLock { $0 } }

    /// The clock's reading, for ``RestorationConfiguration/restoreClock``.
    var now: ContinuousClock.Instant { base + elapsed }

    func advance(by duration: Duration) { offset.withLock { $0 += duration } }
}

/// A node whose app-side work costs time on ``ObjectWorkClock``: to be created by its
/// restoration class, decoded, or finished.
@MainActor
final class CostlyNode: Node {
    /// The clock the work advances, and what each step costs.
    static var clock = ObjectWorkClock()
    static var costs: [String: Duration] = [:]

    override func decodeRestorableState(with coder: StateDecoder) throws {
        Self.clock.advance(by: Self.costs["decode"] ?? .zero)
        try super.decodeRestorableState(with: coder)
    }

    override func applicationFinishedRestoringState() {
        Self.clock.advance(by: Self.costs["finish"] ?? .zero)
        super.applicationFinishedRestoringState()
    }
}

/// Creates a ``CostlyNode``, spending what ``CostlyNode/costs`` says creating one costs.
@MainActor
enum CostlyRestorer: ObjectRestoration {
    static func restoreObject(withRestorationPath path: RestorationPath, coder: StateDecoder)
        -> (any RestorableObject)?
    {
        CostlyNode.clock.advance(by: CostlyNode.costs["create"] ?? .zero)
        return CostlyNode(path.last?.identifier).restored(by: CostlyRestorer.self)
    }
}

/// A restoration class that says it creates at most three objects in one restore.
@MainActor
enum BoundedRestorer: ObjectRestoration {
    static var maximumRestoredObjects: Int? { 3 }

    static func restoreObject(withRestorationPath path: RestorationPath, coder: StateDecoder)
        -> (any RestorableObject)?
    {
        Node(path.last?.identifier).restored(by: BoundedRestorer.self)
    }
}

@Suite("P3: a launch's restore is bounded, whatever the app does per object", .serialized)
@MainActor
struct LaunchBudgetTests {
    /// A harness with a 1.5 s budget on a fresh ``ObjectWorkClock``, where each object costs
    /// `costs` (by phase: create, decode, finish).
    func makeHarness(costs: [String: Duration]) -> RestorationHarness {
        CostlyNode.clock = ObjectWorkClock()
        CostlyNode.costs = costs
        let harness = RestorationHarness(
            registry: RestorationRegistry([CostlyRestorer.self, BoundedRestorer.self, NodeRestorer.self]))
        harness.configuration.restoreTimeBudget = .milliseconds(1500)
        harness.configuration.restoreClock = { [clock = CostlyNode.clock] in clock.now }
        return harness
    }

    /// Saves `root` (built by `tree`, after the costs are set) and relaunches it on a fresh
    /// clock, each object costing `costs`.
    func relaunch(costs: [String: Duration], _ tree: () -> Node) throws -> HarnessLaunch<TestApp> {
        let harness = makeHarness(costs: costs)
        try harness.saveAndKill(tree())
        CostlyNode.clock = ObjectWorkClock()
        harness.configuration.restoreClock = { [clock = CostlyNode.clock] in clock.now }
        return harness.relaunch()
    }

    /// `count` costly siblings under a root.
    func siblings(_ count: Int) -> Node {
        Node("Root", children: (0..<count).map { CostlyNode("N\($0)").restored(by: CostlyRestorer.self) })
    }

    /// The budget's diagnostics of a launch.
    func budgetNotes(_ launch: HarnessLaunch<TestApp>) -> [String] {
        launch.report.diagnostics.map(\.reason).filter { $0.contains("time budget") }
    }

    @Test(
        "P3: 10,000 siblings whose restoration class costs 1 ms each: creation stops at a third of the 1.5 s budget, and says so"
    )
    func flatSiblings() throws {
        let launch = try relaunch(costs: ["create": .milliseconds(1)]) { siblings(10_000) }
        // Records 1... cost 1 ms each: the one starting past 500 ms is not created; those
        // created are decoded and finished, and the root holds them.
        #expect(launch.app.root?.children.count == 501)
        #expect(launch.app.root?.children.allSatisfy { $0.finishedAt != nil } == true)
        #expect(CostlyNode.clock.elapsed == .milliseconds(501))
        #expect(
            budgetNotes(launch) == [
                "the restore's time budget of 1500 ms (RestorationConfiguration.restoreTimeBudget, rule P3) gives "
                    + "objects until 500 ms to create; that ran out: 9499 of 10001 records are not restored, so "
                    + "that the first frame comes in time"
            ])
    }

    @Test(
        "P3: a chain 60 deep whose objects cost 100 ms to decode: decoding stops at the budget; the rest keep their created state"
    )
    func deepChain() throws {
        let launch = try relaunch(costs: ["decode": .milliseconds(100)]) {
            var chain: Node = CostlyNode("C59", value: "saved").restored(by: CostlyRestorer.self)
            for level in (0..<59).reversed() {
                chain = CostlyNode("C\(level)", value: "saved", children: [chain]).restored(
                    by: CostlyRestorer.self)
            }
            return Node("Root", children: [chain])
        }
        // The root (free) and 11 links decoded within 1,100 ms; the 12th starts past 1,000 ms.
        var decoded = 0
        var node = launch.app.root?.children.first
        while let current = node, current.value == "saved" {
            decoded += 1
            node = current.children.first
        }
        #expect(decoded == 11)
        #expect(CostlyNode.clock.elapsed == .milliseconds(1100))
        #expect(
            budgetNotes(launch) == [
                "the restore's time budget of 1500 ms (RestorationConfiguration.restoreTimeBudget, rule P3) gives "
                    + "objects until 1000 ms to decode; that ran out: 49 of 61 restored objects keep the state "
                    + "they were created with, so that the first frame comes in time"
            ])
    }

    @Test("P3: 200 objects that cost 10 ms each to finish: finishing stops at the budget")
    func costlyFinish() throws {
        let launch = try relaunch(costs: ["finish": .milliseconds(10)]) { siblings(200) }
        let finished = launch.app.root?.children.filter { $0.finishedAt != nil }.count
        // The root is free; then 151 children take 1,510 ms, and the rest wait.
        #expect(finished == 151)
        #expect(launch.app.root?.children.count == 200, "every object is created and decoded")
        #expect(
            budgetNotes(launch) == [
                "the restore's time budget of 1500 ms (RestorationConfiguration.restoreTimeBudget, rule P3) gives "
                    + "objects until 1500 ms to finish; that ran out: 49 of 201 restored objects are not told "
                    + "applicationFinishedRestoringState, so that the first frame comes in time"
            ])
    }

    @Test(
        "P3: a restoration class bounded to 3 objects, asked for 100: 3 are restored, one diagnostic names the bound"
    )
    func classBound() throws {
        let harness = makeHarness(costs: [:])
        let children = (0..<100).map { Node("B\($0)").restored(by: BoundedRestorer.self) }
        try harness.saveAndKill(Node("Root", children: children))
        let launch = harness.relaunch()
        #expect(launch.app.root?.children.map { $0.restorationIdentifier ?? "" } == ["B0", "B1", "B2"])
        let notes = launch.report.diagnostics.map(\.reason).filter { $0.contains("maximumRestoredObjects") }
        #expect(
            notes == [
                "restoration class 'BoundedRestorer' creates at most 3 objects in one restore (its "
                    + "maximumRestoredObjects, rule P3); the archive asked for 100, so the 97 after the first 3 "
                    + "are left out, with what is below them"
            ])
        #expect(budgetNotes(launch).isEmpty)
    }

    @Test("P3: within the budget and the bounds, everything is restored and nothing is said")
    func withinBudget() throws {
        let harness = makeHarness(costs: ["create": .milliseconds(1), "decode": .milliseconds(1)])
        let children = (0..<100).map {
            CostlyNode("N\($0)", value: "v\($0)").restored(by: CostlyRestorer.self) as Node
        }
        try harness.saveAndKill(Node("Root", children: children))
        let launch = harness.relaunch()
        #expect(launch.app.root?.children.map(\.value) == (0..<100).map { "v\($0)" })
        #expect(launch.report.diagnostics.isEmpty, "\(launch.report.diagnostics)")
    }
}
