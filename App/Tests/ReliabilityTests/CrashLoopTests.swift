import Foundation
import Testing

#if canImport(Glibc)
    import Glibc
#endif

/// Crash-loop protection with real processes that really die (restoration-crasher), the
/// diagnostics read from the log that `RESTORATION_DEBUG=1` and `RESTORATION_DEBUG_LOG`
/// name. LaunchGuardTests covers the same rules in-process.
@Suite("R18: crash-loop protection, end to end")
struct CrashLoopTests {
    let scratch = Scratch()
    var state: String { scratch.file("state") }
    var log: String { scratch.file("debug.log") }

    func crasher(_ arguments: [String]) throws -> Tools.Run {
        try Tools.run(
            Tools.crasher, [arguments[0], state] + arguments.dropFirst(),
            environment: ["RESTORATION_DEBUG": "1", "RESTORATION_DEBUG_LOG": log])
    }

    var logLines: [String] {
        (try? String(contentsOfFile: log, encoding: .utf8))?.split(separator: "\n").map(String.init) ?? []
    }

    static func signal(_ how: String) -> Int32 { how == "kill" ? SIGKILL : SIGABRT }

    @Test(
        "R18: an app that crashes during restoration launches fresh on the next launch, saying why",
        arguments: ["abort", "kill"])
    func crashDuringRestoration(how: String) throws {
        #expect(try crasher(["save", "ledger"]).lines == ["saved ledger"])

        let dying = try crasher(["launch", "--crash", "during-restore", "--how", how])
        #expect(dying.signalled && dying.status == Self.signal(how), "\(dying)")
        #expect(dying.lines.isEmpty, "it died before it could show anything: \(dying)")
        #expect(FileManager.default.fileExists(atPath: state + "/restoration.restoring"))

        let next = try crasher(["launch"])
        #expect(next.exitedNormally, "\(next)")
        #expect(next.lines == ["fresh"])
        #expect(
            logLines == [
                "restoration: archive discarded: the previous launch died during restoration (the in-progress marker is still there); it was set aside as restoration.archive.discarded in \(state)"
            ])
        #expect(!FileManager.default.fileExists(atPath: state + "/restoration.restoring"))
        #expect(
            FileManager.default.fileExists(atPath: state + "/restoration.archive.discarded"),
            "R35: kept aside")

        // Healthy again: the fresh launch's own state comes back next time.
        #expect(try crasher(["launch"]).lines == ["restored new with detail detail of new"])
    }

    @Test(
        "R18: an app that crashes twice soon after restoring launches fresh on the third launch, saying why",
        arguments: ["abort", "kill"])
    func crashLoop(how: String) throws {
        #expect(try crasher(["save", "ledger"]).lines == ["saved ledger"])
        for launch in 1...2 {
            let dying = try crasher(["launch", "--crash", "after-restore", "--how", how])
            #expect(dying.signalled && dying.status == Self.signal(how), "launch \(launch): \(dying)")
            #expect(dying.lines == ["restored ledger with detail detail of ledger"], "launch \(launch)")
        }
        #expect(logLines.isEmpty, "\(logLines)")

        let third = try crasher(["launch"])
        #expect(third.exitedNormally, "\(third)")
        #expect(third.lines == ["fresh"])
        #expect(
            logLines == [
                "restoration: archive discarded: the last 2 launches died within 5.0 seconds of restoring it (crash-loop protection); it was set aside as restoration.archive.discarded in \(state)"
            ])
        #expect(try crasher(["launch"]).lines == ["restored new with detail detail of new"])
    }

    @Test(
        "R18: crashes that come after the crash-loop window are not a loop: the third launch still restores")
    func crashesAfterTheWindow() throws {
        #expect(try crasher(["save", "ledger"]).lines == ["saved ledger"])
        for launch in 1...2 {
            let dying = try crasher([
                "launch", "--crash", "after-restore", "--window-ms", "200", "--stay-ms", "600",
            ])
            #expect(dying.signalled && dying.status == SIGABRT, "launch \(launch): \(dying)")
            #expect(dying.lines == ["restored ledger with detail detail of ledger"], "launch \(launch)")
        }
        let third = try crasher(["launch", "--window-ms", "200"])
        #expect(third.lines == ["restored ledger with detail detail of ledger"], "\(third)")
        #expect(logLines.isEmpty, "\(logLines)")
    }
}
