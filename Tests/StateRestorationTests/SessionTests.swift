import Foundation
import RestorationTesting
import TestSupport
import Testing

@testable import StateRestoration

/// Sessions (rules S1–S5, S8): several instances of one app on one state directory.
@Suite("S1–S8: sessions and activities")
@MainActor
struct SessionTests {
    let directory = TemporaryDirectory(prefix: "sessions")

    func harness(policy: SessionPolicy = SessionPolicy()) -> SessionHarness {
        SessionHarness(
            stateDirectory: directory.path + "/state",
            registry: RestorationRegistry([NodeRestorer.self, RefusingRestorer.self]), policy: policy)
    }

    /// An app that saves a root with `value` and the activity "viewing `item`".
    func app(_ value: String, item: String? = nil) -> TestApp {
        let app = TestApp()
        app.root = Node("Root", value: value)
        if let item {
            app.activity = RestorationActivity(
                type: "test.viewItem", title: "Viewing \(item)", userInfo: ["item": item])
        }
        return app
    }

    /// A fresh app that takes whatever is restored.
    func relaunchApp() -> TestApp {
        let app = TestApp()
        app.factory = { _ in Node("Root") }
        return app
    }

    /// Session "a" after an app saved "full state" and the activity "viewing `item`" in it and
    /// was killed; returns the path of the session's archive file, for a test to damage.
    func savedWithActivity(_ harness: SessionHarness, item: String) throws -> String {
        try harness.saveAndKill(app("full state", item: item), session: .named("a"))
        return harness.sessions.directory(of: "a") + "/restoration.archive"
    }

    /// Writes `bytes` to the file at `path`.
    func write(_ bytes: [UInt8], to path: String) throws {
        try Data(bytes).write(to: URL(fileURLWithPath: path))
    }

    @Test("S1: each session has its own directory, archive and lock, under <state>/sessions")
    func ownDirectory() throws {
        let harness = harness()
        let launch = try harness.launch(app("one"), session: .new)
        try launch.save()
        let session = try #require(launch.session)
        #expect(session.directory == directory.path + "/state/sessions/" + session.id)
        #expect(FileManager.default.fileExists(atPath: session.directory + "/restoration.archive"))
        #expect(FileManager.default.fileExists(atPath: session.directory + "/session.lock"))
        #expect(!FileManager.default.fileExists(atPath: directory.path + "/state/restoration.archive"))
        #expect(RestorationSessions.isValidIdentifier(session.id))
    }

    @Test("S1: the single archive from before sessions moves into the first session and restores")
    func migration() throws {
        let state = directory.path + "/state"
        // Saved by the engine as it was before sessions: the archive in the state directory.
        let legacy = RestorationHarness.standard()
        try legacy.launch(app("before sessions")).save()
        try FileManager.default.createDirectory(atPath: state, withIntermediateDirectories: true)
        try write(try #require(legacy.storage[.archive]), to: state + "/restoration.archive")
        try write(Array("1\n".utf8), to: state + "/restoration.launches")

        let harness = harness()
        let app = relaunchApp()
        let launch = try harness.launch(app, session: .mostRecent)
        #expect(app.root?.value == "before sessions")
        #expect(launch.session?.isNew == false)
        #expect(!FileManager.default.fileExists(atPath: state + "/restoration.archive"))
        #expect(!FileManager.default.fileExists(atPath: state + "/restoration.launches"))
        #expect(harness.sessions.sessions().count == 1)
    }

    @Test("S2: a session held by a running instance is never given to another")
    func heldIsRefused() throws {
        let harness = harness()
        let first = try harness.launch(app("first"), session: .named("work"))
        try first.save()
        #expect(throws: SessionError.held("work")) {
            _ = try harness.launch(relaunchApp(), session: .named("work"))
        }
        // The most recent session is held, so another launch gets a new one.
        let second = try harness.launch(relaunchApp(), session: .mostRecent)
        #expect(second.session?.id != "work")
        #expect(second.session?.isNew == true)
        #expect(harness.sessions.info(of: "work")?.isHeld == true)
        first.kill()
        #expect(harness.sessions.info(of: "work")?.isHeld == false)
        let third = try harness.launch(relaunchApp(), session: .named("work"))
        #expect(third.app.root?.value == "first")
    }

    @Test(
        "S2: a crash while restoring one session, or a crash loop in it, never counts against another",
        arguments: ["died while restoring", "crash loop"])
    func crashStaysInItsSession(crash: String) throws {
        let harness = harness()
        for side in ["left", "right"] { try harness.saveAndKill(app(side), session: .named(side)) }
        let left = harness.sessions.directory(of: "left")
        let discarded: String
        if crash == "died while restoring" {
            // The left session's last launch died while restoring.
            try write(Array("restoring\n".utf8), to: left + "/restoration.restoring")
            discarded = "archive discarded: the previous launch died"
        } else {
            // The left session's last two launches died soon after restoring.
            try write(Array("2\n".utf8), to: left + "/restoration.launches")
            discarded =
                "archive discarded: the last 2 launches died within 5.0 seconds of restoring it "
                + "(crash-loop protection)"
        }
        let leftAgain = try harness.launch(relaunchApp(), session: .named("left"))
        let rightAgain = try harness.launch(relaunchApp(), session: .named("right"))
        #expect(leftAgain.app.root == nil)
        #expect(leftAgain.restoreDiagnostics.first?.hasPrefix(discarded) == true)
        #expect(rightAgain.app.root?.value == "right")
        #expect(rightAgain.report.diagnostics.isEmpty)
    }

    @Test("S3: two killed instances relaunched get both screens back, one each, newest first")
    func relaunchBoth() throws {
        let harness = harness()
        let left = try harness.launch(app("left"), session: .mostRecent)
        let right = try harness.launch(app("right"), session: .mostRecent)
        #expect(left.session?.id != right.session?.id)
        try left.save()
        // The right one saves a moment later: the newest.
        Thread.sleep(forTimeInterval: 0.02)
        try right.save()
        left.kill()
        right.kill()
        let first = try harness.launch(relaunchApp(), session: .mostRecent)
        let second = try harness.launch(relaunchApp(), session: .mostRecent)
        #expect(first.app.root?.value == "right")
        #expect(second.app.root?.value == "left")
        let third = try harness.launch(relaunchApp(), session: .mostRecent)
        #expect(third.app.root == nil)
        #expect(third.session?.isNew == true)
    }

    @Test(
        "S3: a name that cannot be a directory's is refused", arguments: ["", ".hidden", "a/b", "../x", "é"])
    func invalidNames(name: String) {
        let harness = harness()
        #expect(throws: SessionError.invalidIdentifier(name)) {
            _ = try harness.launch(relaunchApp(), session: .named(name))
        }
    }

    @Test("S4: quit and forget ends this session only, and keeps its state aside once")
    func quitAndForget() throws {
        let harness = harness()
        let keep = try harness.launch(app("keep"), session: .named("keep"))
        let forget = try harness.launch(app("forget"), session: .named("forget"))
        try keep.save()
        try forget.save()
        try forget.quitAndForget()
        keep.kill()
        #expect(harness.sessions.sessions().map(\.id) == ["keep"])
        #expect(FileManager.default.fileExists(atPath: harness.sessions.discardedArchivePath))
        // The kept session is still there for whoever names it (a plain launch starts anew: S9).
        let again = try harness.launch(relaunchApp(), session: .named("keep"))
        #expect(again.app.root?.value == "keep")
    }

    @Test("S9: after quit and forget, a plain launch starts anew instead of taking an older session")
    func forgetMeansForget() throws {
        let harness = harness()
        try harness.saveAndKill(app("left days ago"), session: .named("older"))
        let forget = try harness.launch(app("forget"), session: .new)
        try forget.save()
        try forget.quitAndForget()
        #expect(harness.sessions.lastEnded != nil)

        let plain = try harness.launch(relaunchApp(), session: .mostRecent)
        #expect(plain.app.root == nil)
        #expect(plain.session?.isNew == true)
        #expect(plain.session?.id != "older")
        // The older session stays listed and resumable by name.
        #expect(harness.sessions.info(of: "older") != nil)
        // A session used after the forgetting is resumed by the next plain launch, as before.
        plain.app.root = Node("Root", value: "after")
        try plain.save()
        plain.kill()
        let next = try harness.launch(relaunchApp(), session: .mostRecent)
        #expect(next.app.root?.value == "after")
    }

    @Test("S9: a session in use when another was forgotten is still resumed after it stops")
    func inUseAtForgetIsResumed() throws {
        let harness = harness()
        try harness.saveAndKill(app("left days ago"), session: .named("older"))
        let running = try harness.launch(app("still running"), session: .named("running"))
        try running.save()
        let forget = try harness.launch(app("forget"), session: .new)
        try forget.save()
        try forget.quitAndForget()
        #expect(harness.sessions.sessionsInUseAtLastEnd == ["running"])
        running.kill()
        let plain = try harness.launch(relaunchApp(), session: .mostRecent)
        #expect(plain.session?.id == "running")
        #expect(plain.app.root?.value == "still running")
    }

    @Test("R32: a FIFO planted as the sessions' end stamp is neither read nor written, and stops no launch")
    func fifoEndStamp() throws {
        let harness = harness()
        try harness.saveAndKill(app("kept"), session: .named("kept"))
        let stamp = harness.sessions.sessionsDirectory + "/.ended"
        try #require(mkfifo(stamp, 0o600) == 0)
        // The test holds both ends with a line in the pipe, so that opening the FIFO does not
        // block: a launch that took it for the stamp would read the line (and find no end time
        // in it) instead of hanging the test.
        let pipe = open(stamp, O_RDWR | O_NONBLOCK)
        try #require(pipe >= 0)
        defer { close(pipe) }
        try #require(Glibc.write(pipe, "kept\n", 5) == 5)
        #expect(harness.sessions.lastEnded == nil)
        let plain = try harness.launch(relaunchApp(), session: .mostRecent)
        #expect(plain.session?.id == "kept")
        #expect(plain.app.root?.value == "kept")
        // Quit and forget stamps a regular file in its place, and writes nothing into the pipe.
        try plain.quitAndForget()
        var buffer = [UInt8](repeating: 0, count: 64)
        let count = read(pipe, &buffer, buffer.count)
        #expect(String(decoding: buffer[..<max(count, 0)], as: UTF8.self) == "kept\n")
        var status = stat()
        #expect(lstat(stamp, &status) == 0 && status.st_mode & S_IFMT == S_IFREG)
        #expect(harness.sessions.lastEnded != nil)
    }

    @Test("R32: a session's lock or end stamp that has another name is never written through")
    func hardLinkedStamps() throws {
        let harness = harness()
        try harness.saveAndKill(app("kept"), session: .named("a"))
        let outside = directory.path + "/outside"
        try write(Array("keep me\n".utf8), to: outside)
        let lock = harness.sessions.directory(of: "a") + "/session.lock"
        try #require(unlink(lock) == 0 && link(outside, lock) == 0)
        #expect {
            _ = try harness.sessions.open(.named("a"))
        } throws: { error in
            guard case .storage(.refused(let path, _))? = error as? SessionError else { return false }
            return path == lock
        }
        let stamp = harness.sessions.sessionsDirectory + "/.ended"
        try #require(link(outside, stamp) == 0)
        let forget = try harness.launch(app("forget"), session: .new)
        try forget.quitAndForget()
        #expect(FileManager.default.contents(atPath: outside) == Data("keep me\n".utf8))
        #expect(harness.sessions.lastEnded != nil)
    }

    @Test("S4: --fresh (a new session) leaves the others alone")
    func freshLeavesOthers() throws {
        let harness = harness()
        try harness.saveAndKill(app("old"), session: .mostRecent)
        let fresh = try harness.launch(relaunchApp(), session: .new)
        #expect(fresh.app.root == nil)
        fresh.kill()
        let back = try harness.launch(relaunchApp(), session: .mostRecent)
        #expect(back.app.root?.value == "old")
    }

    @Test("S4: sessions beyond the count go, oldest first, never a held one")
    func pruneByCount() throws {
        let harness = harness(policy: SessionPolicy(maximumCount: 3))
        var held: [HarnessLaunch<TestApp>] = []
        for index in 0..<3 {
            let launch = try harness.launch(app("s\(index)"), session: .named("s\(index)"))
            try launch.save()
            Thread.sleep(forTimeInterval: 0.02)
            if index == 0 { held.append(launch) } else { launch.kill() }
        }
        // s0 is the oldest but held; a fourth and a fifth session push the count over 3.
        try harness.saveAndKill(relaunchApp(), session: .named("s3"))
        Thread.sleep(forTimeInterval: 0.02)
        let fifth = try harness.launch(relaunchApp(), session: .named("s4"))
        let ids = Set(harness.sessions.sessions().map(\.id))
        #expect(ids == ["s0", "s3", "s4"])
        #expect(held.count == 1)
        _ = fifth
    }

    @Test("S4: sessions unused for longer than the age go at launch")
    func pruneByAge() throws {
        let harness = harness()
        try harness.saveAndKill(app("old"), session: .named("old"))
        try harness.saveAndKill(app("young"), session: .named("young"))
        let later = Date().addingTimeInterval(31 * 24 * 3600)
        var sessions = harness.sessions
        sessions.policy.maximumAge = .seconds(30 * 24 * 3600)
        // Only "old" is made old: its files' times are set back 40 days.
        let past = Date().addingTimeInterval(-40 * 24 * 3600)
        for name in ["", "/restoration.archive", "/session.lock"] {
            try FileManager.default.setAttributes(
                [.modificationDate: past], ofItemAtPath: sessions.directory(of: "old") + name)
        }
        #expect(sessions.prune(now: Date()) == ["old"])
        #expect(sessions.sessions().map(\.id) == ["young"])
        // Held sessions stay whatever their age.
        let holding = try sessions.open(.named("young"))
        #expect(sessions.prune(now: later) == [])
        _ = holding
    }

    @Test("S5: the activity is saved in the archive file, checksummed apart, and read back")
    func activityRoundTrip() throws {
        let activity = RestorationActivity(
            type: "test.viewItem", version: 3, title: "Viewing ソファ",
            userInfo: ["item": "K1", "field": "name"])
        let footer = ActivityFooter.encode(activity)
        let harness = RestorationHarness.standard()
        try harness.launch(app("x")).save()
        let archive = try #require(harness.storage[.archive])
        let (length, found) = ActivityFooter.split(archive + footer)
        #expect(length == archive.count)
        #expect(found == .activity(activity))
        #expect(ActivityFooter.split(archive) == (archive.count, .none))
        var damaged = archive + footer
        damaged[archive.count + 2] ^= 0x01
        #expect(ActivityFooter.split(damaged).found == .damaged("the activity's checksum does not match"))
        #expect(ActivityFooter.split(damaged).archiveLength == archive.count)
    }

    @Test("S5: a corrupt archive restores from the activity instead, and says so")
    func corruptArchiveUsesActivity() throws {
        let harness = harness()
        let path = try savedWithActivity(harness, item: "K7")
        var bytes = try #require(TemporaryDirectory.bytes(of: path))
        bytes[40] ^= 0xFF  // inside the archive's body: its checksum fails
        try write(bytes, to: path)
        let app = relaunchApp()
        let again = try harness.launch(app, session: .named("a"))
        #expect(app.interactionActivity?.userInfo == ["item": "K7"])
        #expect(app.root?.value == "from activity K7")
        #expect(again.report.restoredActivity?.type == "test.viewItem")
        #expect(again.restoreDiagnostics.first?.hasPrefix("archive discarded: ") == true)
        #expect(
            again.restoreDiagnostics.last
                == "restored from activity: went back to Viewing K7 from the saved activity")
    }

    @Test("S5: a crash loop and a newer format also fall back to the activity", arguments: ["loop", "newer"])
    func otherDiscardsUseActivity(kind: String) throws {
        let harness = harness()
        let path = try savedWithActivity(harness, item: "K9")
        if kind == "loop" {
            try write(Array("2\n".utf8), to: harness.sessions.directory(of: "a") + "/restoration.launches")
        } else {
            let bytes = try #require(TemporaryDirectory.bytes(of: path))
            let (length, _) = ActivityFooter.split(bytes)
            var archive = Array(bytes[..<length])
            archive[8] = 9
            try write(ArchiveSealing.resealed(archive) + bytes[length...], to: path)
        }
        let app = relaunchApp()
        let again = try harness.launch(app, session: .named("a"))
        #expect(app.root?.value == "from activity K9")
        #expect(again.report.restoredActivity != nil)
    }

    @Test("S5: a damaged activity leaves a good archive restoring, and is named when both fail")
    func damagedActivity() throws {
        let harness = harness()
        let path = try savedWithActivity(harness, item: "K2")
        var bytes = try #require(TemporaryDirectory.bytes(of: path))
        bytes[bytes.count - 20] ^= 0x01  // inside the activity's payload
        try write(bytes, to: path)
        let app = relaunchApp()
        let again = try harness.launch(app, session: .named("a"))
        #expect(app.root?.value == "full state")
        #expect(again.report.diagnostics.isEmpty)
        again.kill()
        bytes[30] ^= 0xFF  // now the archive too
        try write(bytes, to: path)
        let app2 = relaunchApp()
        let third = try harness.launch(app2, session: .named("a"))
        #expect(app2.root == nil)
        #expect(app2.interactionActivity == nil)
        #expect(
            third.restoreDiagnostics.last
                == "not restored: the saved activity was not used either: the activity's checksum does not match"
        )
    }

    @Test("S5: the footer reader never traps on hostile bytes")
    func hostileFooters() {
        var random = SplitMix64(seed: 5)
        let footer = ActivityFooter.encode(RestorationActivity(type: "t", userInfo: ["k": "v"]))
        for _ in 0..<2000 {
            var bytes = (0..<Int(random.next() % 64)).map { _ in UInt8(truncatingIfNeeded: random.next()) }
            if random.next() % 2 == 0 { bytes += footer }
            if !bytes.isEmpty, random.next() % 2 == 0 {
                bytes[Int(random.next() % UInt64(bytes.count))] ^= UInt8(
                    truncatingIfNeeded: random.next() | 1)
            }
            let (length, _) = ActivityFooter.split(bytes)
            #expect((0...bytes.count).contains(length))
        }
    }

    @Test("S8: two sessions side by side in one harness, each restoring its own")
    func sideBySide() throws {
        let harness = harness()
        let left = try harness.launch(app("left", item: "L"), session: .new)
        let right = try harness.launch(app("right", item: "R"), session: .new)
        try left.save()
        try right.save()
        let leftID = try #require(left.session?.id)
        let rightID = try #require(right.session?.id)
        left.kill()
        right.kill()
        let leftAgain = try harness.launch(relaunchApp(), session: .named(leftID))
        let rightAgain = try harness.launch(relaunchApp(), session: .named(rightID))
        #expect(leftAgain.app.root?.value == "left")
        #expect(rightAgain.app.root?.value == "right")
        #expect(harness.sessions.sessions().allSatisfy { $0.isHeld })
    }
}

@MainActor
extension SessionHarness {
    /// Launches `app` in the session `choice` takes, saves, and ends the launch as a kill does.
    func saveAndKill(_ app: TestApp, session choice: SessionChoice) throws {
        let launch = try launch(app, session: choice)
        try launch.save()
        launch.kill()
    }
}
