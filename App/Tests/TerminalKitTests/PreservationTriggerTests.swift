import RestorationTesting
import StateRestoration
import Testing

@testable import TerminalKit

/// Rule R2 through TerminalKit's ``Application``: each real trigger starts a preservation
/// pass with its own reason, seen in the engine's last report and in the storage.
@Suite("R2, R20: what starts a save of the state, and with which reason")
@MainActor
struct PreservationTriggerTests {
    /// The fruit app with `q` quitting, as Homepwner's list does.
    private func launch(
        _ storage: InMemoryStorage, continuousDelay: Duration? = nil
    ) -> FruitLaunch {
        let launch = FruitLaunch(
            fruits: 30, storage: storage,
            scheduler: continuousDelay == nil ? ManualScheduler() : nil, continuousDelay: continuousDelay)
        let application = launch.application
        application.globalKeyCommands = [
            KeyCommand(.character("q"), title: "Quit") { [weak application] in application?.quit() }
        ]
        #expect(launch.application.engine.lastPreservationReport == nil)
        return launch
    }

    @Test("R2: Ctrl-Z saves with the reason background")
    func controlZ() throws {
        let storage = InMemoryStorage()
        let app = launch(storage)
        app.press(.down, times: 3)
        #expect(storage[.archive] == nil)
        app.press(.ctrl("z"))
        let report = try #require(app.application.engine.lastPreservationReport)
        #expect(report.reason == .background)
        #expect(report.saved)
        #expect(app.delegate.events.contains("didEnterBackground"))
        #expect(storage[.archive] != nil)
        #expect(app.application.state == .active)
    }

    @Test("R2: q and Ctrl-C save with the reason termination", arguments: [Key.character("q"), .ctrl("c")])
    func quitting(key: Key) throws {
        let storage = InMemoryStorage()
        let app = launch(storage)
        app.press(.down, times: 3)
        #expect(storage[.archive] == nil)
        app.press(key)
        let report = try #require(app.application.engine.lastPreservationReport)
        #expect(report.reason == .termination)
        #expect(report.saved)
        #expect(app.application.state == .terminated)
        #expect(app.delegate.events.last == "willTerminate")
        #expect(storage[.archive] != nil)
    }

    @Test("R2, R20: a key, then the debounce on the run loop's clock, saves with the reason continuous")
    func debounce() throws {
        let storage = InMemoryStorage()
        let app = launch(storage, continuousDelay: .milliseconds(300))
        app.press(.down)
        app.terminal.advanceTime(by: .milliseconds(299))
        app.application.processEvents()
        #expect(app.application.engine.lastPreservationReport == nil)
        app.terminal.advanceTime(by: .milliseconds(1))
        app.application.processEvents()
        let report = try #require(app.application.engine.lastPreservationReport)
        #expect(report.reason == .continuous)
        #expect(report.saved)
        app.application.engine.waitForPendingWrites()
        #expect(storage[.archive] != nil)
        #expect(app.application.state == .active)
    }
}
