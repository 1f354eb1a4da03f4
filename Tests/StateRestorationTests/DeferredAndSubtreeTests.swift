import Foundation
import RestorationTesting
import TestSupport
import Testing

@testable import StateRestoration

/// A node whose state waits for data that comes later: it takes a restoration extension
/// while it decodes (rule R27), and records what the marker said then.
@MainActor
final class DeferringNode: Node {
    static var tokens: [RestorationExtension] = []
    static var markerDuringDecode: InProgressMarker?
    static weak var storage: InMemoryStorage?

    override func decodeRestorableState(with coder: StateDecoder) throws {
        try super.decodeRestorableState(with: coder)
        DeferringNode.markerDuringDecode = DeferringNode.storage?[.restoringMarker].flatMap(
            InProgressMarker.init)
        DeferringNode.tokens.append(coder.extendStateRestoration(reason: "loading \(value)"))
    }
}

/// Creates a ``DeferringNode`` for any path.
@MainActor
enum DeferringRestorer: NamingRestorer {
    static func make(_ identifier: String?) -> (any RestorableObject)? {
        DeferringNode(identifier).restored(by: DeferringRestorer.self)
    }
}

@Suite("R27, R28: deferred restoration, and a death that costs one subtree", .serialized)
@MainActor
struct DeferredAndSubtreeTests {
    /// A harness the deferring nodes watch, with nothing deferred yet.
    func watchedHarness() -> RestorationHarness {
        let harness = harness()
        DeferringNode.storage = harness.storage
        DeferringNode.tokens = []
        return harness
    }

    func harness() -> RestorationHarness {
        var configuration = RestorationConfiguration(
            appName: "TestApp", appVersion: "1.0", interfaceIdiom: "test", debugOutput: .off)
        configuration.deferredRestorationTimeout = .seconds(3)
        return RestorationHarness(
            registry: RestorationRegistry([NodeRestorer.self, DeferringRestorer.self]),
            configuration: configuration)
    }

    /// `harness`, holding Root with two subtrees, A (deferring) and B, saved.
    func saved(_ harness: RestorationHarness) throws -> RestorationHarness {
        let deferring = DeferringNode("A", value: "a").restored(by: DeferringRestorer.self)
        let leaf = Node("Leaf", value: "leaf").restored(by: NodeRestorer.self)
        let b = Node("B", value: "b", children: [leaf]).restored(by: NodeRestorer.self)
        try harness.saveAndKill(Node("Root", value: "root", children: [deferring, b]))
        return harness
    }

    @Test("R27: a token keeps the in-progress marker until it is completed; then the launch is as any other")
    func tokenKeepsMarker() throws {
        let harness = try saved(watchedHarness())
        let launch = harness.relaunch()
        #expect(launch.app.root?.children.count == 2)
        let token = try #require(DeferringNode.tokens.first)
        #expect(token.subtree == "Root/A")
        #expect(launch.engine.isRestorationExtended)
        let marker = try #require(harness.storage[.restoringMarker].flatMap(InProgressMarker.init))
        #expect(marker == InProgressMarker(phase: "deferred", subtree: "Root/A"))
        token.complete()
        #expect(harness.storage[.restoringMarker] == nil)
        #expect(!launch.engine.isRestorationExtended)
        #expect(launch.restoreDiagnostics.isEmpty)
    }

    @Test("R27: a token not completed in time is completed by the engine, with a diagnostic naming it")
    func tokenTimesOut() throws {
        let harness = try saved(watchedHarness())
        let launch = harness.relaunch()
        harness.scheduler.advance(by: .seconds(2))
        #expect(harness.storage[.restoringMarker] != nil)
        harness.scheduler.advance(by: .seconds(2))
        #expect(harness.storage[.restoringMarker] == nil)
        #expect(DeferringNode.tokens.first?.isComplete == true)
        #expect(
            launch.engine.diagnostics.map(\.description).contains(
                "warning: Root/A: restoration extended for 'loading a' was not completed within 3.0 seconds; "
                    + "it is taken as complete (R27)"))
    }

    @Test("R27: a clean quit while a token is open removes the marker; the next launch restores everything")
    func cleanQuitWhileDeferred() throws {
        let harness = try saved(watchedHarness())
        let first = harness.relaunch()
        #expect(first.engine.isRestorationExtended)
        try first.save(reason: .termination)
        #expect(harness.storage[.restoringMarker] == nil)
        first.kill()
        // The token completing after the quit changes nothing on disk.
        DeferringNode.tokens.first?.complete()
        #expect(harness.storage[.restoringMarker] == nil)
        let second = harness.relaunch()
        #expect(second.app.root?.children.map(\.restorationIdentifier) == ["A", "B"])
        #expect(second.restoreDiagnostics.isEmpty)
    }

    @Test("R27, R28: a death before the token completes costs that subtree at the next launch, not the rest")
    func deathWhileDeferred() throws {
        let harness = try saved(watchedHarness())
        harness.relaunch().kill()  // the token never completes
        let second = harness.relaunch()
        let root = second.app.root
        #expect(root?.value == "root")
        #expect(root?.children.map(\.restorationIdentifier) == ["B"])
        #expect(root?.children.first?.children.first?.value == "leaf")
        #expect(
            second.restoreDiagnostics == [
                "not restored: Root/A: the last launch died while restoring this subtree (R28); it is left out "
                    + "this time, and everything else is restored"
            ])
    }

    @Test("R28: the marker names the subtree being decoded, and the phase")
    func markerNamesSubtree() throws {
        let harness = try saved(watchedHarness())
        _ = harness.relaunch()
        #expect(DeferringNode.markerDuringDecode == InProgressMarker(phase: "decode", subtree: "Root/A"))
    }

    @Test("R28: a death in a subtree leaves it out once; a second death throws the archive away as before")
    func secondDeathDiscards() throws {
        let harness = try saved(harness())
        // The previous launch died creating Root/B.
        harness.storage[.restoringMarker] = InProgressMarker(phase: "create", subtree: "Root/B").bytes
        let launch = harness.relaunch()
        #expect(launch.app.root?.children.map(\.restorationIdentifier) == ["A"])
        #expect(
            launch.restoreDiagnostics.first?.hasPrefix("not restored: Root/B: the last launch died") == true)
        for token in DeferringNode.tokens { token.complete() }
        launch.kill()
        // This one dies too, with Root/B left out: the archive goes, as before R28.
        harness.storage[.restoringMarker] =
            InProgressMarker(
                phase: "decode", subtree: "Root/A", excluding: "Root/B"
            ).bytes
        let third = harness.relaunch()
        #expect(third.app.root == nil)
        #expect(
            third.restoreDiagnostics.first?.hasPrefix(
                "archive discarded: the previous launch died during restoration again, after leaving out 'Root/B'"
            )
                == true)
    }

    @Test(
        "R28: a marker naming a subtree goes with a launch that finds no archive; a later archive restores whole"
    )
    func markerWithoutArchive() throws {
        let harness = try saved(harness())
        let archive = harness.storage[.archive]
        harness.storage[.restoringMarker] = InProgressMarker(phase: "create", subtree: "Root/B").bytes
        harness.storage[.archive] = nil
        harness.relaunch().kill()
        #expect(harness.storage[.restoringMarker] == nil)
        // The archive the next save writes is not cut by the old marker.
        harness.storage[.archive] = archive
        let launch = harness.relaunch()
        #expect(launch.app.root?.children.map(\.restorationIdentifier) == ["A", "B"])
    }

    @Test("R28: a bare or torn marker still throws the archive away, as before R28")
    func bareMarker() throws {
        for bytes in [Array("restoring\n".utf8), Array("restoring\nphase decode\nsubtree Ro".utf8)] {
            let harness = try saved(harness())
            harness.storage[.restoringMarker] = bytes
            #expect(harness.relaunch().app.root == nil)
        }
    }

    @Test("R28: the marker's text reads back, whatever a path holds")
    func markerRoundTrip() {
        let marker = InProgressMarker(phase: "finish", subtree: "Nav/A\\b\nc\r\n", excluding: "x y")
        #expect(InProgressMarker(bytes: marker.bytes) == marker)
        #expect(InProgressMarker(bytes: marker.bytes + Array("stale tail".utf8)) == marker)
        #expect(InProgressMarker(bytes: Array("restoring\nphase x\nbogus\nend\n".utf8)) == nil)
        // Text beyond ASCII, with combining marks and joined emoji, next to escaped bytes.
        for path in ["Liste/Détail\u{301}", "👩‍👩‍👧/\\\n👍🏽", "\r\n中文\\", ""] {
            let unicode = InProgressMarker(phase: "create", subtree: path, excluding: path)
            #expect(InProgressMarker(bytes: unicode.bytes) == unicode)
            #expect(unicode.bytes.filter { $0 == 0x0A }.count == 5)
        }
    }

    @Test("R27: outside a restore from storage a token comes back complete")
    func tokenOutsideRestore() throws {
        let launch = harness().launch(root: nil)
        let token = launch.engine.extendStateRestoration(reason: "nothing to extend")
        #expect(token.isComplete)
        #expect(!launch.engine.isRestorationExtended)
    }
}

@Suite("R28: a marker that cannot be moved")
@MainActor
struct MarkerProgressFailureTests {
    @Test("R28: a restore whose marker cannot be rewritten in place restores anyway, and says so once")
    func progressFailureIsSaidOnce() throws {
        let harness = RestorationHarness(registry: RestorationRegistry([NodeRestorer.self]))
        let app = TestApp()
        let leaves = (0..<5).map { index -> Node in
            let leaf = Node("Leaf\(index)", value: "\(index)")
            leaf.restorationClass = NodeRestorer.self
            return leaf
        }
        app.root = Node("Root", value: "root", children: leaves)
        try harness.launch(app).save()
        harness.storage.failingOverwrites = InMemoryStorage.diskFull
        let next = TestApp()
        next.factory = { _ in Node("Root") }
        let launch = harness.launch(next)
        #expect(next.root?.children.map(\.value) == ["0", "1", "2", "3", "4"])
        let warnings = launch.engine.diagnostics.filter {
            $0.description.contains("could not note the restore's place")
        }
        #expect(warnings.count == 1, "one warning per restore, not one per subtree")
        #expect(harness.storage[.restoringMarker] == nil, "the marker is removed at the end as usual")
    }
}
