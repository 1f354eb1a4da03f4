import Foundation
import RestorationTesting
import Testing

@testable import StateRestoration

/// Version 1 of a note screen: it stored its text under "title".
@MainActor
final class NoteV1: Node, ObjectRestoration {
    static var restorationClassName: String { "Note" }
    static var restorationStateVersion: Int { 1 }

    static func restoreObject(withRestorationPath path: RestorationPath, coder: StateDecoder)
        -> (any RestorableObject)?
    {
        NoteV1("Note")
    }

    override func encodeRestorableState(with coder: StateEncoder) throws {
        try coder.encode(value, forKey: "title")
    }
}

/// Version 2 renamed the key to "text" and migrates version 1 archives.
@MainActor
final class NoteV2: Node, ObjectRestoration {
    static var restorationClassName: String { "Note" }
    static var restorationStateVersion: Int { 2 }
    var versionSeenAtCreation: Int?

    static func restoreObject(withRestorationPath path: RestorationPath, coder: StateDecoder)
        -> (any RestorableObject)?
    {
        let note = NoteV2("Note")
        note.versionSeenAtCreation = coder.stateVersion
        return note
    }

    override func decodeRestorableState(with coder: StateDecoder) throws {
        decodedVersion = coder.stateVersion
        value = coder.stateVersion < 2 ? try coder.decode(forKey: "title") : try coder.decode(forKey: "text")
    }
}

@Suite("R19, R20: versions and continuous preservation")
@MainActor
struct VersionAndContinuityTests {
    @Test("R19: the stored state version is recorded and seen by decode, so old archives migrate")
    func migration() throws {
        let old = RestorationHarness(registry: RestorationRegistry([NoteV1.self]))
        try old.launch(root: NoteV1("Note", value: "written by v1").restored(by: NoteV1.self)).save()
        #expect(try Archive(bytes: try #require(old.storage[.archive])).records.first?.stateVersion == 1)

        let new = RestorationHarness(registry: RestorationRegistry([NoteV2.self]), storage: old.storage)
        let next = TestApp()
        let launch = new.launch(next)
        let restored = try #require(launch.report.roots.first as? NoteV2)
        #expect(restored.versionSeenAtCreation == 1)
        #expect(restored.decodedVersion == 1)
        #expect(restored.value == "written by v1")
        #expect(launch.report.diagnostics.isEmpty)
    }

    func continuousHarness() -> RestorationHarness {
        let harness = RestorationHarness.standard()
        harness.configuration.continuousPreservationDelay = .milliseconds(500)
        return harness
    }

    /// A root holding `value`, launched on a harness that saves 500 ms after the last change
    /// and, unless `maximumDelay` is nil, at least that often; and the writes made so far.
    func continuousLaunch(_ value: String, maximumDelay: Duration?) -> (
        harness: RestorationHarness, root: Node, launch: HarnessLaunch<TestApp>, writesBefore: Int
    ) {
        let harness = continuousHarness()
        harness.configuration.maximumPreservationDelay = maximumDelay
        let root = Node("Root", value: value)
        let launch = harness.launch(root: root)
        return (harness, root, launch, harness.storage.writeCount)
    }

    @Test("R20: a change is saved once input is idle for the debounce, not before (no maximum delay)")
    func debounce() throws {
        let (harness, root, launch, writesBefore) = continuousLaunch("one", maximumDelay: nil)
        for text in ["t", "ty", "typ", "typed"] {
            root.value = text
            launch.engine.stateDidChange()
            harness.scheduler.advance(by: .milliseconds(300))
        }
        launch.engine.waitForPendingWrites()
        #expect(harness.storage.writeCount == writesBefore)
        harness.scheduler.advance(by: .milliseconds(250))
        launch.engine.waitForPendingWrites()
        #expect(harness.storage.writeCount == writesBefore + 1)
        launch.kill()
        #expect(harness.restoredRootValue() == "typed")
    }

    @Test(
        "H15: changes that never pause are saved at least once a maximum delay, and a kill loses at most that"
    )
    func boundedLossUnderSteadyChanges() throws {
        let (harness, root, launch, writesBefore) = continuousLaunch("", maximumDelay: .seconds(1))
        // Ten seconds of typing at five keys a second: never a pause as long as the debounce.
        var typed = ""
        for step in 1...50 {
            typed += "x"
            root.value = typed
            launch.engine.stateDidChange()
            harness.scheduler.advance(by: .milliseconds(200))
            launch.engine.waitForPendingWrites()
            // At every moment, what is on disk is at most one second behind.
            if step % 5 == 0 {
                #expect(harness.storage.writeCount >= writesBefore + step / 5 - 1)
            }
        }
        #expect(harness.storage.writeCount >= writesBefore + 9)
        launch.kill()
        // Killed right after the 50th key: what came back lacks at most the last second (5 keys).
        let restored = harness.restoredRootValue() ?? ""
        #expect(restored.count >= typed.count - 5, "restored \(restored.count) of \(typed.count) keys")
    }

    @Test("R2, R20: a background pass with nothing new waits for a continuous write still in flight")
    func backgroundPassWaitsForTheWriteInFlight() throws {
        let storage = SlowStorage()
        let scheduler = ManualScheduler()
        var configuration = RestorationConfiguration(appName: "TestApp", appVersion: "1.0", debugOutput: .off)
        configuration.continuousPreservationDelay = .milliseconds(300)
        let app = TestApp()
        app.root = Node("Root", value: "typed")
        let engine = app.engine(storage: storage, configuration: configuration, scheduler: scheduler)
        // A continuous save starts (its write takes a while), and at once the app goes to the
        // background with nothing changed since: the pass must not return before the write
        // landed, or a process stopped next and killed has nothing on disk.
        engine.preserveInBackground()
        try engine.preserve(reason: .background)
        #expect(storage.archive != nil)
    }

    @Test("H15: without a maximum delay the same steady changes are never saved (the negative control)")
    func unboundedDebounceNeverSaves() throws {
        let (harness, root, launch, writesBefore) = continuousLaunch("", maximumDelay: nil)
        for _ in 1...50 {
            root.value += "x"
            launch.engine.stateDidChange()
            harness.scheduler.advance(by: .milliseconds(200))
        }
        launch.engine.waitForPendingWrites()
        #expect(harness.storage.writeCount == writesBefore)
        launch.kill()
    }

    @Test("R20: a kill loses at most the debounce window")
    func killInsideWindow() throws {
        let (harness, root, launch, _) = continuousLaunch("kept", maximumDelay: .seconds(1))
        launch.engine.stateDidChange()
        harness.scheduler.advance(by: .seconds(1))
        root.value = "lost"
        launch.engine.stateDidChange()
        harness.scheduler.advance(by: .milliseconds(100))
        launch.kill()
        #expect(harness.restoredRootValue() == "kept")
    }

    @Test("R20: without the policy, changes are not saved until a pass is asked for")
    func offByDefault() throws {
        let harness = RestorationHarness.standard()
        let launch = harness.launch(root: Node("Root"))
        launch.engine.stateDidChange()
        harness.scheduler.advance(by: .seconds(60))
        launch.engine.waitForPendingWrites()
        #expect(harness.storage[.archive] == nil)
        #expect(launch.engine.hasPendingSave == false)
    }

    /// A continuous launch saved once, then a disk that refuses writes and a change that
    /// schedules a save: what the two tests of a failed background write start from.
    private func launchThatWillFailToSave() throws -> (
        harness: RestorationHarness, app: TestApp, launch: HarnessLaunch<TestApp>, good: [UInt8]?
    ) {
        let (harness, root, launch, _) = continuousLaunch("good", maximumDelay: .seconds(1))
        try launch.save()
        let good = harness.storage[.archive]
        harness.storage.failingWrites = InMemoryStorage.diskFull
        root.value = "unsaved"
        launch.engine.stateDidChange()
        return (harness, launch.app, launch, good)
    }

    @Test("R10, R20: a failed background write is reported to the delegate; the old archive stays")
    func failedContinuousWrite() throws {
        let (harness, app, launch, good) = try launchThatWillFailToSave()
        harness.scheduler.advance(by: .seconds(1))
        launch.engine.waitForPendingWrites()
        #expect(app.failures == [InMemoryStorage.diskFull])
        #expect(harness.storage[.archive] == good)
        #expect(
            launch.engine.diagnostics.last?.description
                == "save failed: write 'memory/restoration.archive' failed: No space left on device; the previous archive is intact"
        )
    }

    @Test("R10, R20: a failed background write is reported soon after, without another change to wait for")
    func failedContinuousWriteIsReportedUnasked() throws {
        let (harness, app, launch, _) = try launchThatWillFailToSave()
        // The launch (and its engine) lives on; nothing else is asked of it.
        withExtendedLifetime(launch) {
            harness.scheduler.advance(by: .seconds(1))
            // No further change, save or wait, and the app's clock stands still (C1): the
            // write posts its outcome to the main actor when it finishes; nothing polls.
            let pending = harness.scheduler.pendingCount
            for _ in 0..<1000 where app.failures.isEmpty {
                Thread.sleep(forTimeInterval: 0.005)
                harness.scheduler.runPosted()
            }
            #expect(harness.scheduler.pendingCount == pending, "no timer was set to look for the outcome")
        }
        #expect(app.failures == [InMemoryStorage.diskFull])
    }

    @Test("R10, R20: after a failed write, the next one that works tells the delegate saving works again")
    func savingWorksAgain() throws {
        let (harness, app, launch, _) = try launchThatWillFailToSave()
        let before = app.preservedCount
        harness.scheduler.advance(by: .seconds(1))
        launch.engine.waitForPendingWrites()
        #expect(app.failures.count == 1)
        #expect(app.preservedCount == before)
        harness.storage.failingWrites = nil
        try launch.save()
        #expect(app.preservedCount == before + 1)
        app.root?.value = "saved in the background"
        launch.engine.stateDidChange()
        harness.scheduler.advance(by: .seconds(1))
        launch.engine.waitForPendingWrites()
        #expect(app.preservedCount == before + 2)
    }
}

/// Storage whose writes take 300 ms: a background write is still in flight when the next
/// pass begins.
final class SlowStorage: RestorationStorage, @unchecked Sendable {
    private let lock = NSLock()
    private var items: [StorageItem: [UInt8]] = [:]

    var location: String { "slow memory" }

    var archive: [UInt8]? { lock.withLock { items[.archive] } }

    func load(_ item: StorageItem) throws(RestorationError) -> [UInt8]? { lock.withLock { items[item] } }

    func store(_ bytes: [UInt8], as item: StorageItem) throws(RestorationError) {
        Thread.sleep(forTimeInterval: 0.3)
        lock.withLock { items[item] = bytes }
    }

    func remove(_ item: StorageItem) throws(RestorationError) {
        _ = lock.withLock { items.removeValue(forKey: item) }
    }
}
