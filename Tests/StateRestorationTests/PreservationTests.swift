import Foundation
import RestorationTesting
import Testing

@testable import StateRestoration

@Suite("Preservation: opt-in, the walk, paths, uniqueness, records")
@MainActor
struct PreservationTests {
    @Test("R1: nothing is saved unless shouldSaveApplicationState returns true")
    func saveOptIn() throws {
        let harness = RestorationHarness.standard()
        let launch = harness.launch(root: Node("Root", value: "v"))
        launch.app.saves = false
        let report = try launch.save()
        #expect(report.saved == false)
        #expect(harness.storage[.archive] == nil)
        #expect(
            launch.engine.diagnostics.map(\.description).contains {
                $0.contains("declined") && $0.contains("shouldSaveApplicationState")
            })
    }

    @Test("R1: nothing is restored unless shouldRestoreApplicationState returns true")
    func restoreOptIn() throws {
        let harness = RestorationHarness.standard()
        try harness.launch(root: Node("Root", value: "saved")).save()

        let second = TestApp()
        second.restores = false
        let launch = harness.launch(second)
        #expect(launch.report.restored == false)
        #expect(second.root == nil)
        #expect(launch.restoreDiagnostics.contains { $0.contains("shouldRestoreApplicationState is false") })
    }

    @Test("R1: the restore coder exposes the archive's metadata, so an app can refuse an old archive")
    func metadata() throws {
        let harness = RestorationHarness.standard()
        let saveTime = Date(timeIntervalSince1970: 1_800_000_000)
        harness.configuration = RestorationConfiguration(
            appName: "Homepwner", appVersion: "1.2", interfaceIdiom: "terminal", debugOutput: .off,
            now: { saveTime })
        try harness.launch(root: Node("Root")).save()

        harness.configuration.appVersion = "2.0"
        let second = TestApp()
        second.refuseOlderThan = "2.0"
        let launch = harness.launch(second)
        let metadata = try #require(second.seenMetadata)
        #expect(metadata.appName == "Homepwner")
        #expect(metadata.appVersion == "1.2")
        #expect(metadata.timestamp == saveTime)
        #expect(metadata.interfaceIdiom == "terminal")
        #expect(metadata.formatVersion == ArchiveFormat.currentVersion)
        #expect(metadata.systemVersion.contains("StateRestoration \(ArchiveFormat.engineVersion)"))
        #expect(launch.report.restored == false)
        #expect(second.root == nil)
    }

    @Test("R2, R20: a change starts a continuous pass only after the debounce, and the report says so")
    func continuousPassAfterDebounce() throws {
        let harness = RestorationHarness.standard()
        harness.configuration.continuousPreservationDelay = .milliseconds(300)
        let launch = harness.launch(root: Node("Root", value: "v1"))
        launch.engine.stateDidChange()
        harness.scheduler.advance(by: .milliseconds(299))
        #expect(launch.engine.lastPreservationReport == nil)
        #expect(harness.storage[.archive] == nil)
        harness.scheduler.advance(by: .milliseconds(1))
        launch.engine.waitForPendingWrites()
        let report = try #require(launch.engine.lastPreservationReport)
        #expect(report.reason == .continuous)
        #expect(report.saved)
        #expect(report.savedPaths == [RestorationPath("Root")])
        #expect(harness.storage[.archive] != nil)
        // The reasons of Ctrl-Z, quitting and the debounce through a real UI layer:
        // App/Tests/TerminalKitTests/PreservationTriggerTests.swift.
    }

    @Test("R1, R2: a declined pass is reported with its reason and nothing saved")
    func declinedPassReported() throws {
        let harness = RestorationHarness.standard()
        let launch = harness.launch(root: Node("Root"))
        launch.app.saves = false
        let report = try launch.save(reason: .termination)
        #expect(report.saved == false)
        #expect(launch.engine.lastPreservationReport?.reason == .termination)
        #expect(launch.engine.lastPreservationReport?.saved == false)
        #expect(
            launch.engine.diagnostics.map(\.description).contains {
                $0.contains("nothing saved (termination)")
            })
        #expect(harness.storage[.archive] == nil)
    }

    @Test("R3: an object without an identifier prunes its whole subtree, even identified descendants")
    func pruning() throws {
        let container = Node(nil, children: [Node("A1"), Node("A2", children: [Node("Deep")])])
        let empty = Node("", children: [Node("E1")])
        let root = Node(
            "Root",
            children: [container, Node("B", children: [Node("B1")]), empty, Node("C", children: [Node(nil)])])
        let report = try RestorationHarness.standard().launch(root: root).save()
        #expect(report.savedPaths.map(\.description) == ["Root", "Root/B", "Root/B/B1", "Root/C"])
        let notes = report.diagnostics.map(\.description)
        #expect(
            notes.contains(
                "not saved: Root/<Node>: it has no restoration identifier, so its subtree is not saved either"
            ))
        #expect(
            notes.contains(
                "not saved: Root/C/<Node>: it has no restoration identifier, so its subtree is not saved either"
            ))
        #expect(notes.contains("not saved: Root/<Node>/A1: ancestor '<Node>' has no restoration identifier"))
        #expect(
            notes.contains("not saved: Root/<Node>/A2/Deep: ancestor '<Node>' has no restoration identifier"))
        #expect(
            notes.contains { $0.hasPrefix("not saved: Root/<Node>: its restoration identifier is empty") })
        #expect(notes.contains("not saved: Root/<Node>/E1: ancestor '<Node>' has no restoration identifier"))
    }

    @Test("R3: the walk starts at the root; a root without an identifier saves nothing")
    func rootWithoutIdentifier() throws {
        let report = try RestorationHarness.standard().launch(root: Node(nil, children: [Node("Child")]))
            .save()
        #expect(report.savedPaths.isEmpty)
        #expect(
            report.diagnostics.map(\.description).contains(
                "not saved: <Node>/Child: ancestor '<Node>' has no restoration identifier"))
    }

    @Test("R3: a view is saved only if it has an identifier and its controller is saved")
    func views() throws {
        let saved = Node("List")
        saved.views = [Node("Table"), Node(nil)]
        let pruned = Node(nil)
        pruned.views = [Node("Field")]
        let report = try RestorationHarness.standard().launch(root: Node("Root", children: [saved, pruned]))
            .save()
        #expect(report.savedPaths.map(\.description) == ["Root", "Root/List", "Root/List/Table"])
    }

    @Test("R4: a presented controller is a child of its presenter; an embedded one of its container")
    func paths() throws {
        let root = Node("Nav", children: [Node("List")])
        root.presented = Node("Modal", children: [Node("Detail")])
        let report = try RestorationHarness.standard().launch(root: root).save()
        #expect(report.savedPaths.map(\.description) == ["Nav", "Nav/List", "Nav/Modal", "Nav/Modal/Detail"])
    }

    @Test("R5: siblings sharing an identifier: the first is saved, the second skipped, with a diagnostic")
    func duplicates() throws {
        let second = OtherObjectNode("Twin")
        second.children = [Node("Below")]
        let root = Node("Root", children: [Node("Twin", value: "first"), second])
        let report = try RestorationHarness.standard().launch(root: root).save()
        #expect(report.savedPaths.map(\.description) == ["Root", "Root/Twin"])
        #expect(
            report.diagnostics.map(\.description).contains(
                "not saved: Root/Twin: duplicate identifier 'Twin' among the children of 'Root': "
                    + "Node (child 1) is saved, OtherObjectNode (child 2) is skipped with its subtree"))
    }

    @Test("R5: navigation-stack children may share an identifier and are told apart by position")
    func positionalDuplicates() throws {
        let harness = RestorationHarness.standard()
        let details = ["one", "two"].map { Node("Detail", value: $0).restored(by: NodeRestorer.self) }
        let report = try harness.launch(root: StackNode("Nav", children: details)).save()
        #expect(report.savedPaths.map(\.description) == ["Nav", "Nav/Detail", "Nav/Detail#2"])

        let next = harness.relaunch(root: { StackNode("Nav") })
        next.kill()
        let restored = try #require(next.app.root)
        #expect(restored.children.map(\.value) == ["one", "two"])
    }

    @Test("R6: each object encodes into its own keyed space")
    func keyedSpaces() throws {
        let harness = RestorationHarness.standard()
        let a = Node("A", value: "alpha").restored(by: NodeRestorer.self)
        let b = Node("B", value: "beta").restored(by: NodeRestorer.self)
        try harness.launch(root: Node("Root", value: "root", children: [a, b])).save()
        let next = harness.relaunch()
        next.kill()
        let root = try #require(next.app.root)
        #expect(root.value == "root")
        #expect(root.children.map(\.value) == ["alpha", "beta"])
    }

    @Test("R6: writing a reserved key is a thrown error")
    func reservedKeys() throws {
        let node = Node("Root", value: "x")
        node.attemptReservedKey = true
        let report = try RestorationHarness.standard().launch(root: node).save()
        #expect(node.encodeError == .reservedKey(path: RestorationPath("Root"), key: "$class"))
        #expect(report.diagnostics.map(\.description).contains { $0.contains("key '$class' is reserved") })
    }

    @Test("R7: each record holds path, type, restoration class and version, in preorder")
    func records() throws {
        let harness = RestorationHarness.standard()
        let list = Node("List").restored(by: NodeRestorer.self)
        try harness.launch(root: Node("Nav", children: [list, Node("Other")])).save()
        let archive = try Archive(bytes: try #require(harness.storage[.archive]))
        #expect(archive.records.map(\.path.description) == ["Nav", "Nav/List", "Nav/Other"])
        #expect(archive.records.map(\.typeName) == Array(repeating: "StateRestorationTests.Node", count: 3))
        #expect(archive.records.map(\.restorationClassName) == [nil, "NodeRestorer", nil])
        #expect(archive.records.map(\.parentIndex) == [nil, 0, 0])
        #expect(archive.records[1].entries.first == ArchiveEntry(key: "value", value: .string("")))
    }

    @Test("R9: the delegate's willEncodeRestorableState runs first in a save")
    func appStateFirst() throws {
        let harness = RestorationHarness.standard()
        let node = TimedNode("Root")
        let launch = harness.launch(root: node)
        launch.app.note = "app-level"
        try launch.save()
        let willEncode = try #require(launch.app.willEncodeAt)
        let encoded = try #require(node.encodedAt)
        #expect(willEncode < encoded)
        let archive = try Archive(bytes: try #require(harness.storage[.archive]))
        #expect(archive.applicationState == [ArchiveEntry(key: "note", value: .string("app-level"))])
    }
}

/// A node of another type, for diagnostics that name types.
@MainActor
final class OtherObjectNode: Node {}

/// A node that notes when it was encoded.
@MainActor
final class TimedNode: Node {
    var encodedAt: Int?
    override func encodeRestorableState(with coder: StateEncoder) throws {
        encodedAt = Ticks.next()
        try super.encodeRestorableState(with: coder)
    }
}
