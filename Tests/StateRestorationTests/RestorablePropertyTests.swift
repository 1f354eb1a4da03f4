import Foundation
import RestorationTesting
import Testing

@testable import StateRestoration

/// A screen with declared state beside hand-written state (rule R25).
@MainActor
final class DeclaredNode: Node {
    @Restorable("draft") var draft = ""
    @Restorable("tags") var tags: [String] = []
    let scroll = RestorableProperty("scroll", 0)
    /// What the hand-written decode saw of the declared state.
    var draftSeenByDecode: String?
    /// Hand-written code that writes a declared key: the mistake R25 catches.
    var writesDraftByHand = false

    override func encodeRestorableState(with coder: StateEncoder) throws {
        try super.encodeRestorableState(with: coder)
        if writesDraftByHand { try coder.encode("by hand", forKey: "draft") }
    }

    override func decodeRestorableState(with coder: StateDecoder) throws {
        draftSeenByDecode = draft
        try super.decodeRestorableState(with: coder)
    }
}

/// A subclass adds its own declared state to its superclass's.
@MainActor
final class DeclaredChild: Node {
    @Restorable("selected") var selected = UUID(uuidString: "00000000-0000-0000-0000-000000000000")!
}

@Suite("R25: restorable properties")
@MainActor
struct RestorablePropertyTests {
    func harness() -> RestorationHarness { .continuous() }

    /// Launches a ``TestApp`` whose window holds a fresh `DeclaredNode` "Root": a first launch,
    /// or a relaunch that finds its root already built (R13c).
    func launchDeclared(on harness: RestorationHarness) -> (DeclaredNode, HarnessLaunch<TestApp>) {
        let node = DeclaredNode("Root")
        return (node, harness.launch(root: node))
    }

    @Test("R25: declared properties are saved under their keys and back before decodeRestorableState")
    func roundTrip() throws {
        let harness = harness()
        let node = DeclaredNode("Root", value: "by hand")
        node.draft = "half-typed"
        node.tags = ["a", "b"]
        node.scroll.value = 42
        try harness.saveAndKill(node)
        let archive = try Archive(fileBytes: try #require(harness.storage[.archive]))
        let keys = Set(try #require(archive.records.first).entries.map(\.key))
        #expect(keys.isSuperset(of: ["draft", "tags", "scroll", "value"]))

        let (restored, launch) = launchDeclared(on: harness)
        #expect(restored.draft == "half-typed")
        #expect(restored.tags == ["a", "b"])
        #expect(restored.scroll.value == 42)
        #expect(restored.value == "by hand")
        #expect(restored.draftSeenByDecode == "half-typed")
        #expect(launch.restoreDiagnostics.isEmpty)
        // A restored value is not a change: nothing waits to be saved.
        #expect(!launch.engine.hasPendingSave)
    }

    @Test("R25: a key written by hand and declared too is an error at the first save, naming it")
    func duplicateKey() throws {
        let node = DeclaredNode("Root")
        node.writesDraftByHand = true
        let report = try harness().launch(root: node).save()
        #expect(
            report.diagnostics.map(\.description) == [
                "not saved: Root: its state failed to encode and is saved empty: 'Root': key 'draft' is written "
                    + "by encodeRestorableState and is also a restorable property's key: rename one (rule R25)"
            ])
    }

    @Test("R25: a subclass's declared state and its superclass's are both saved")
    func subclass() throws {
        let harness = harness()
        let child = DeclaredChild("Root")
        let key = UUID()
        child.selected = key
        try harness.saveAndKill(child)
        let restored = DeclaredChild("Root")
        _ = harness.launch(root: restored)
        #expect(restored.selected == key)
    }

    /// Sets `node`'s draft to `text` and expects that alone to schedule a save on `launch`'s
    /// engine; runs the save and relaunches, and expects the relaunch to restore the draft.
    /// Returns the relaunch's node and launch.
    @discardableResult
    func setDraft(
        _ text: String, of node: DeclaredNode, in launch: HarnessLaunch<TestApp>,
        on harness: RestorationHarness,
        sourceLocation: SourceLocation = #_sourceLocation
    ) -> (DeclaredNode, HarnessLaunch<TestApp>) {
        node.draft = text
        #expect(launch.engine.hasPendingSave, sourceLocation: sourceLocation)
        harness.scheduler.advance(by: .seconds(1))
        launch.engine.waitForPendingWrites()
        let (restored, relaunch) = launchDeclared(on: harness)
        #expect(restored.draft == text, sourceLocation: sourceLocation)
        return (restored, relaunch)
    }

    @Test("R25, R26: setting a declared property schedules a save, with no input event")
    func settingSchedules() throws {
        let harness = harness()
        let (node, launch) = launchDeclared(on: harness)
        #expect(!launch.engine.hasPendingSave)
        let (restored, relaunch) = setDraft("typed by a timer", of: node, in: launch, on: harness)
        // After a restore, the restored object's property tells the relaunched engine.
        setDraft("typed after the relaunch", of: restored, in: relaunch, on: harness)
    }

    @Test("R25: a missing key keeps the declared value; one of another type is a diagnostic")
    func missingAndWrongType() throws {
        let harness = harness()
        harness.registry.register(DeclaredNode.self)
        try harness.saveAndKill(IntDraftNode("Root").restored(by: DeclaredNode.self))
        // The restoration class makes today's type, which reads the old state (R19).
        let launch = harness.launch(TestApp())
        let restored = try #require(launch.app.root as? DeclaredNode)
        #expect(restored.draft == "")
        #expect(restored.tags == [])
        #expect(
            launch.restoreDiagnostics == [
                "not decoded: Root: 'Root': key 'draft': expected String, found Int (7)"
            ])
    }
}

extension DeclaredNode: NamingRestorer {
    static func make(_ identifier: String?) -> (any RestorableObject)? { DeclaredNode(identifier) }
}

/// Saved "draft" as an Int, by hand: what an older version might have written.
@MainActor
final class IntDraftNode: Node {
    override func encodeRestorableState(with coder: StateEncoder) throws {
        try super.encodeRestorableState(with: coder)
        try coder.encode(7, forKey: "draft")
    }
}
