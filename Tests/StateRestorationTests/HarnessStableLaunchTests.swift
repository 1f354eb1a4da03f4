import RestorationTesting
import StateRestoration
import Testing

/// The harness and the crash-loop guard: a test that relaunches without saving trips it,
/// unless it says the launch was fine.
@MainActor
@Suite("R24, R35: the harness and the crash-loop guard")
struct HarnessStableLaunchTests {
    /// A harness holding an archive of `Root` with the value "saved".
    private func savedHarness() throws -> RestorationHarness {
        let harness = RestorationHarness()
        try harness.launch(root: Node("Root", value: "saved")).save()
        return harness
    }

    /// Launches an app whose root exists, as one built in `willFinishLaunching` does (R13c).
    private func relaunch(_ harness: RestorationHarness) -> (TestApp, HarnessLaunch<TestApp>) {
        let app = TestApp()
        app.buildInWillFinish = { $0.root = Node("Root") }
        return (app, harness.launch(app))
    }

    @Test("R35: relaunching three times without saving throws the archive away")
    func unconfirmedRelaunches() throws {
        let harness = try savedHarness()
        for _ in 0..<2 {
            let (app, launch) = relaunch(harness)
            #expect(app.root?.value == "saved")
            launch.kill()
        }
        let (app, launch) = relaunch(harness)
        #expect(app.root?.value == "")
        #expect(launch.report.diagnostics.map(\.kind) == [.archiveDiscarded])
    }

    @Test("R24: a launch the test confirms as fine does not count, however many relaunches follow")
    func confirmedRelaunches() throws {
        let harness = try savedHarness()
        for round in 0..<4 {
            let (app, launch) = relaunch(harness)
            #expect(app.root?.value == "saved", "round \(round)")
            #expect(launch.restoreDiagnostics == [], "round \(round)")
            launch.confirmLaunchIsStable()
            launch.kill()
        }
    }
}
