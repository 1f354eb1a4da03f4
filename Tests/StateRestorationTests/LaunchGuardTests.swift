import Foundation
import RestorationTesting
import TestSupport
import Testing

@testable import StateRestoration

@Suite("R18: when the archive is thrown away")
@MainActor
struct LaunchGuardTests {
    /// A harness holding a saved tree `Root` with value "saved".
    func savedHarness() throws -> RestorationHarness {
        let harness = RestorationHarness.standard()
        try harness.saveAndKill(Node("Root", value: "saved"))
        return harness
    }

    /// Relaunches `times` times; each launch runs `during`, lives `lifetime` on the harness's
    /// clock, and is killed.
    func relaunchAndKill(
        _ harness: RestorationHarness, times: Int, after lifetime: Duration,
        during: (HarnessLaunch<TestApp>) -> Void = { _ in }
    ) {
        for _ in 0..<times {
            let launch = harness.relaunch()
            during(launch)
            harness.scheduler.advance(by: lifetime)
            launch.kill()
        }
    }

    @Test(
        "R18: a corrupt archive launches fresh, with a diagnostic, and is kept aside",
        arguments: [
            "flip", "truncate", "random", "empty",
        ])
    func corrupt(kind: String) throws {
        let harness = try savedHarness()
        var bytes = try #require(harness.storage[.archive])
        switch kind {
        case "flip": bytes[bytes.count / 2] ^= 0x40
        case "truncate": bytes.removeLast(bytes.count / 3)
        case "random": bytes = (0..<bytes.count).map { UInt8(truncatingIfNeeded: $0 &* 131 &+ 7) }
        default: bytes = []
        }
        harness.storage[.archive] = bytes
        let launch = harness.relaunch()
        #expect(launch.app.root == nil)
        #expect(launch.report.restored == false)
        let note = try #require(launch.restoreDiagnostics.first)
        #expect(note.hasPrefix("archive discarded: "))
        #expect(harness.storage[.archive] == nil)
        #expect(harness.storage[.discardedArchive] == bytes)
    }

    @Test("R18: an archive of a newer format launches fresh, naming the versions")
    func newerFormat() throws {
        let harness = try savedHarness()
        harness.storage[.archive] = ArchiveSealing.resealed(
            (try #require(harness.storage[.archive])).enumerated().map { $0.offset == 8 ? 2 : $0.element })
        let launch = harness.relaunch()
        #expect(launch.app.root == nil)
        #expect(
            launch.restoreDiagnostics == [
                "archive discarded: format version 2 is newer than this engine reads (1...1), and no migration applies; it was set aside as restoration.archive.discarded in memory"
            ])
    }

    @Test("R18: a launch that died during restoration leaves a marker; the next launch starts fresh")
    func diedDuringRestoration() throws {
        let harness = try savedHarness()
        CrashingNode.harnessStorage = harness.storage
        let died = harness.relaunch(making: { _ in CrashingNode("Root") })
        // The crash happened inside decode: the marker is what a killed process leaves.
        #expect(CrashingNode.markerSeenDuringDecode)
        died.kill()
        harness.storage[.restoringMarker] = Array("restoring\n".utf8)
        let launch = harness.relaunch()
        #expect(launch.app.root == nil)
        #expect(
            launch.restoreDiagnostics == [
                "archive discarded: the previous launch died during restoration (the in-progress marker is still there); it was set aside as restoration.archive.discarded in memory"
            ])
        #expect(harness.storage[.restoringMarker] == nil)
        #expect(harness.storage[.discardedArchive] != nil, "R35: the thrown-away state is kept aside")
    }

    @Test(
        "R18, R35: two launches that died soon after restoring make the third launch fresh; a copy is kept aside"
    )
    func crashLoop() throws {
        let harness = try savedHarness()
        let saved = harness.storage[.archive]
        relaunchAndKill(harness, times: 2, after: .seconds(1)) { #expect($0.app.root?.value == "saved") }
        let launch = harness.relaunch()
        #expect(launch.app.root == nil)
        #expect(
            launch.restoreDiagnostics == [
                "archive discarded: the last 2 launches died within 5.0 seconds of restoring it (crash-loop protection); it was set aside as restoration.archive.discarded in memory"
            ])
        #expect(harness.storage[.discardedArchive] == saved)
        #expect(harness.storage[.archive] == nil)
    }

    @Test(
        "R35: a restore the app confirmed by saving again does not count against it, even killed within the window"
    )
    func confirmedRestoreForgiven() throws {
        let harness = try savedHarness()
        harness.configuration.continuousPreservationDelay = .milliseconds(500)
        for round in 0..<3 {
            let launch = harness.relaunch()
            #expect(launch.app.root?.value == (round == 0 ? "saved" : "typed \(round - 1)"), "round \(round)")
            #expect(launch.restoreDiagnostics == [])
            // The user types; the debounced save runs; then kill -9, 1 s after launch.
            launch.app.root?.value = "typed \(round)"
            launch.engine.stateDidChange()
            harness.scheduler.advance(by: .milliseconds(600))
            launch.kill()
            #expect(harness.storage[.launchHistory] == nil, "round \(round): the save confirmed the restore")
        }
    }

    @Test("R35: without a save, two quick deaths still throw the archive away (the guard still works)")
    func unconfirmedRestoreCounted() throws {
        let harness = try savedHarness()
        harness.configuration.continuousPreservationDelay = .milliseconds(500)
        // Each launch is killed 100 ms after its change, before the debounce.
        relaunchAndKill(harness, times: 2, after: .milliseconds(100)) { launch in
            #expect(launch.app.root?.value == "saved")
            launch.engine.stateDidChange()
        }
        #expect(harness.relaunch().app.root == nil)
    }

    @Test("R18: a launch that lives past the window resets the crash-loop count")
    func stableLaunch() throws {
        let harness = try savedHarness()
        relaunchAndKill(harness, times: 3, after: .seconds(6)) { #expect($0.app.root?.value == "saved") }
        #expect(harness.storage[.launchHistory] == nil)
    }

    @Test("R18: the crash-loop window is configurable")
    func configurableWindow() throws {
        let harness = try savedHarness()
        harness.configuration.crashLoopWindow = .seconds(30)
        relaunchAndKill(harness, times: 2, after: .seconds(10))
        #expect(harness.relaunch().app.root == nil)
    }

    @Test("R18: the user can quit and forget the state")
    func forget() throws {
        let harness = try savedHarness()
        let launch = harness.relaunch()
        #expect(launch.app.root?.value == "saved")
        launch.engine.discardState(reason: "the user quit and asked to forget the state")
        launch.kill()
        #expect(harness.storage[.archive] == nil)
        #expect(
            launch.engine.diagnostics.last?.description
                == "archive discarded: the user quit and asked to forget the state; it was set aside as restoration.archive.discarded in memory"
        )
        #expect(harness.relaunch().app.root == nil)
    }
}

/// A node whose decode checks that the in-progress marker exists, as a crash would find it.
@MainActor
final class CrashingNode: Node {
    static var markerSeenDuringDecode = false

    override func decodeRestorableState(with coder: StateDecoder) throws {
        try super.decodeRestorableState(with: coder)
        CrashingNode.markerSeenDuringDecode = CrashingNode.harnessStorage?[.restoringMarker] != nil
    }

    static weak var harnessStorage: InMemoryStorage?
}
