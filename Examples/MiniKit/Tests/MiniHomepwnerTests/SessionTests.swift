import Foundation
import MiniHomepwner
import MiniKit
import RestorationTesting
import StateRestoration
import Testing

/// Sessions on a second toolkit (rule S8): nothing but the activity is MiniHomepwner's own.
@MainActor
@Suite("S8: sessions and the activity on MiniKit")
struct SessionTests {
    let directory = NSTemporaryDirectory() + "minikit-sessions-\(UInt32.random(in: 0...UInt32.max))"

    @Test("S8: two instances side by side each restore their own screen")
    func sideBySide() throws {
        defer { try? FileManager.default.removeItem(atPath: directory) }
        // snippet: sessions-test
        let store = ItemStore(names: ["Lamp", "Sofa"])
        let harness = SessionHarness(stateDirectory: directory, registry: AppDelegate.makeRegistry())
        harness.restorationContext = store
        let left = AppDelegate(store: store)
        let right = AppDelegate(store: store)
        let first = try harness.launch(left, session: .new)
        let second = try harness.launch(right, session: .new)
        (left.window.visibleViewController as? ItemsViewController)?.open(store.allItems[0])
        (right.window.visibleViewController as? ItemsViewController)?.open(store.allItems[1])
        try first.save()
        try second.save()
        first.kill()
        second.kill()

        // Each launch holds its session while it lives, so the second takes the other one.
        let again = try [AppDelegate(store: store), AppDelegate(store: store)].map { app in
            try harness.launch(app, session: .mostRecent)
        }
        let names = again.compactMap {
            ($0.app.window.visibleViewController as? DetailViewController)?.item.name
        }
        #expect(Set(names) == ["Lamp", "Sofa"])
        // end-snippet
    }

    @Test("S5: a corrupt archive goes back to the item through the activity")
    func activityFallback() throws {
        defer { try? FileManager.default.removeItem(atPath: directory) }
        let store = ItemStore(names: ["Lamp"])
        let session = try AppDelegate.openSession(in: directory)
        let app = AppDelegate(store: store)
        let engine = app.makeEngine(session: session)
        app.finishLaunching()
        (app.window.visibleViewController as? ItemsViewController)?.open(store.allItems[0])
        try engine.preserve(reason: .termination)
        session.release()

        let path = session.directory + "/restoration.archive"
        var bytes = [UInt8](try #require(FileManager.default.contents(atPath: path)))
        bytes[20] ^= 0xFF
        try Data(bytes).write(to: URL(fileURLWithPath: path))
        let next = AppDelegate(store: store)
        let nextSession = try AppDelegate.openSession(in: directory)
        #expect(nextSession.id == session.id)
        let report = next.makeEngine(session: nextSession).restoreApplicationState()
        #expect(report.restoredActivity?.type == "minihomepwner.viewItem")
        #expect((next.window.visibleViewController as? DetailViewController)?.item.name == "Lamp")
    }
}
