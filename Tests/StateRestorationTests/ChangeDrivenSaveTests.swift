import Foundation
import RestorationTesting
import Testing

@testable import StateRestoration

@Suite("R26: saves driven by change")
@MainActor
struct ChangeDrivenSaveTests {
    func harness() -> RestorationHarness {
        RestorationHarness(
            registry: RestorationRegistry([NodeRestorer.self]),
            configuration: RestorationConfiguration(
                appName: "TestApp", appVersion: "1.0", interfaceIdiom: "test",
                continuousPreservationDelay: .milliseconds(300), debugOutput: .off))
    }

    @Test("R26: invalidateRestorableState saves after the debounce, with no input event")
    func invalidateSaves() throws {
        let harness = harness()
        let app = TestApp()
        let node = Node("Root", value: "before")
        app.root = node
        let launch = harness.launch(app)
        try launch.save()
        // A timer, say, changes the state; nothing else happens.
        node.value = "after"
        node.invalidateRestorableState()
        #expect(launch.engine.hasPendingSave)
        harness.scheduler.advance(by: .milliseconds(400))
        launch.engine.waitForPendingWrites()
        let archive = try Archive(fileBytes: try #require(harness.storage[.archive]))
        #expect(archive.records.first?.entries.first { $0.key == "value" }?.value == .string("after"))
    }

    @Test("R26: a pass over an unchanged tree writes nothing, continuous or not")
    func unchangedWritesNothing() throws {
        let harness = harness()
        let app = TestApp()
        app.root = Node("Root", value: "same")
        let launch = harness.launch(app)
        try launch.save()
        let writes = harness.storage.writeCount
        try launch.save(reason: .background)
        launch.engine.stateDidChange()
        harness.scheduler.advance(by: .seconds(1))
        launch.engine.waitForPendingWrites()
        #expect(harness.storage.writeCount == writes)
        app.root?.value = "changed"
        launch.engine.stateDidChange()
        harness.scheduler.advance(by: .seconds(1))
        launch.engine.waitForPendingWrites()
        #expect(harness.storage.writeCount == writes + 1)
        #expect(launch.engine.lastPreservationReport?.reason == .continuous)
    }

    @Test("R26: state thrown away is written again by the next save, even if unchanged")
    func discardedIsWrittenAgain() throws {
        let harness = harness()
        let app = TestApp()
        app.root = Node("Root", value: "same")
        let launch = harness.launch(app)
        try launch.save()
        launch.engine.discardState(reason: "test")
        #expect(harness.storage[.archive] == nil)
        try launch.save()
        #expect(harness.storage[.archive] != nil)
    }
}
