import Foundation
import RestorationTesting
import TestSupport
import Testing

@testable import StateRestoration

/// Rule R34: every archive the engine writes, it reads; what it would not read, it does not
/// write, and the previous archive stays.
@Suite("R34: the writer and the reader agree")
@MainActor
struct WriterReaderAgreementTests {
    /// Saves `root` through the harness, relaunches, and returns the restored tree's text
    /// and the restore's diagnostics.
    func roundTrip(
        _ root: Node, harness: RestorationHarness = RestorationHarness.standard()
    ) throws -> (saved: String, restored: String, diagnostics: [String], root: Node?) {
        let app = TestApp()
        app.root = root
        let first = harness.launch(app)
        try first.save()
        let saved = first.treeDescription
        first.kill()
        let again = TestApp()
        let rootIsStack = root is StackNode
        again.factory = { path in
            path.count == 1 && rootIsStack ? StackNode(path.last?.identifier) : Node(path.last?.identifier)
        }
        let second = harness.launch(again)
        return (saved, second.treeDescription, second.restoreDiagnostics, again.root)
    }

    /// A navigation-like stack of `count` screens that all have one identifier, as a
    /// drill-down app that pushes the same controller again and again makes.
    func stack(of count: Int) -> Node {
        StackNode("Nav", children: (0..<count).map { Node("Screen", value: "screen \($0)") })
    }

    @Test(
        "R34: a stack of identical siblings reads back, however deep the stack",
        arguments: [2, 6, 200, 1_000])
    func identicalSiblings(count: Int) throws {
        let result = try roundTrip(stack(of: count))
        #expect(result.diagnostics == [])
        #expect(result.restored == result.saved)
        #expect(result.root?.children.map(\.value) == (0..<count).map { "screen \($0)" })
    }

    @Test("R34: a chain at the depth limit reads back; a deeper one is cut at the limit, with a diagnostic")
    func depthLimit() throws {
        func chain(_ depth: Int) -> Node {
            var node = Node("Level\(depth)", value: "\(depth)")
            for level in stride(from: depth - 1, through: 1, by: -1) {
                node = Node("Level\(level)", value: "\(level)", children: [node])
            }
            return node
        }
        let atLimit = try roundTrip(chain(ArchiveLimits.default.maxDepth))
        #expect(atLimit.diagnostics == [])
        #expect(atLimit.restored == atLimit.saved)
        var deepest = atLimit.root
        while let next = deepest?.children.first { deepest = next }
        #expect(deepest?.value == "64")

        let harness = RestorationHarness.standard()
        let app = TestApp()
        app.root = chain(ArchiveLimits.default.maxDepth + 1)
        let launch = harness.launch(app)
        let report = try launch.save()
        #expect(
            report.diagnostics.map(\.description) == [
                "not saved: " + (1...65).map { "Level\($0)" }.joined(separator: "/")
                    + ": deeper than the limit of 64 levels",
                "not saved: Level65: a reference to it was encoded as nil: its path would be deeper than 64 levels",
            ])
        let bytes = try #require(harness.storage[.archive])
        #expect(throws: Never.self) { _ = try ArchiveReader(bytes: bytes, limits: .default).view() }
    }

    @Test("R34: a save over the byte limit is refused as an error to the app, and the previous archive stays")
    func overByteLimit() throws {
        let harness = RestorationHarness.standard()
        harness.configuration.limits.maxTotalBytes = 64 << 10
        let app = TestApp()
        app.root = Node("Root", value: "small")
        let launch = harness.launch(app)
        try launch.save()
        let previous = try #require(harness.storage[.archive])
        app.root = Node("Root", value: String(repeating: "x", count: 70 << 10))
        #expect(throws: RestorationError.self) { try launch.save() }
        #expect(harness.storage[.archive] == previous)
        let note = try #require(launch.engine.diagnostics.last?.description)
        #expect(note.hasPrefix("save failed: invalid archive: "))
        #expect(note.contains("is over the limit of 65536 bytes"))
        #expect(note.hasSuffix("; the previous archive is intact"))

        // Just under the limit, it is written and reads back.
        app.root = Node("Root", value: String(repeating: "x", count: 60 << 10))
        try launch.save()
        launch.kill()
        let again = TestApp()
        again.factory = { _ in Node("Root") }
        _ = harness.launch(again)
        #expect(again.root?.value.count == 60 << 10)
    }

    @Test(
        "R34: a continuous save that would not read back is refused off the main actor, reported, and changes nothing"
    )
    func continuousOverLimit() throws {
        let harness = RestorationHarness.standard()
        harness.configuration.limits.maxTotalBytes = 64 << 10
        harness.configuration.continuousPreservationDelay = .milliseconds(100)
        let app = TestApp()
        app.root = Node("Root", value: "small")
        let launch = harness.launch(app)
        try launch.save()
        let previous = try #require(harness.storage[.archive])
        app.root?.value = String(repeating: "y", count: 80 << 10)
        launch.engine.stateDidChange()
        harness.scheduler.advance(by: .milliseconds(200))
        launch.engine.waitForPendingWrites()
        #expect(harness.storage[.archive] == previous)
        #expect(app.failures.count == 1)
    }

    @Test(
        "R34: random trees with repeated identifiers, up to the depth limit, all read back", arguments: 0..<40
    )
    func randomTrees(seed: UInt64) throws {
        var random = SplitMix64(seed: 0xA6EE_0000 + seed)
        let identifiers = ["A", "B", "Screen", "非常に長い名前", String(repeating: "long", count: 200)]
        var budget = 400
        func make(depth: Int) -> Node {
            let identifier = identifiers[Int(random.next() % UInt64(identifiers.count))]
            let value = String(repeating: "v", count: Int(random.next() % 40))
            let isStack = random.next() % 3 == 0
            let node = Node(identifier, value: value)
            node.positional = isStack
            guard depth < ArchiveLimits.default.maxDepth else { return node }
            let width = random.next() % 4 == 0 ? Int(random.next() % 12) : Int(random.next() % 2)
            var children: [Node] = []
            for _ in 0..<width where budget > 0 {
                budget -= 1
                // Siblings of a plain node need distinct identifiers (R5); a stack's need not.
                let child = make(depth: depth + 1)
                if !isStack
                    && children.contains(where: { $0.restorationIdentifier == child.restorationIdentifier })
                {
                    continue
                }
                children.append(child)
            }
            node.children = children
            return node
        }
        let root = make(depth: 1)
        let harness = RestorationHarness(registry: RestorationRegistry([NodeRestorer.self]))
        let app = TestApp()
        app.root = root
        let launch = harness.launch(app)
        let report = try launch.save()
        #expect(report.diagnostics.map(\.description) == [], "seed \(seed)")
        let bytes = try #require(harness.storage[.archive])
        let view = try ArchiveReader(bytes: bytes, limits: .default).view()
        #expect(view.records.count == report.savedPaths.count)
        // And restored, by the engine that wrote it.
        launch.kill()
        let again = TestApp()
        again.factory = { path in Node(path.last?.identifier) }
        let restoredLaunch = harness.launch(again)
        #expect(restoredLaunch.restoreDiagnostics == [], "seed \(seed)")
        #expect(restoredLaunch.report.restoredPaths.count == report.savedPaths.count, "seed \(seed)")
    }
}
