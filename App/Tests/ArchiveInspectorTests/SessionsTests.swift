import Foundation
import RestorationTesting
import StateRestoration
import TestSupport
import Testing

@testable import ArchiveInspector

/// `restoration-archive` and sessions (rule S7).
@Suite("S7: restoration-archive sessions, and --session")
@MainActor
struct SessionsTests {
    let directory = TemporaryDirectory(prefix: "archive-inspector-sessions")
    var state: String { directory.path + "/state" }
    var environment: [String: String] { ["XDG_STATE_HOME": state, "HOME": "/nonexistent"] }

    /// An app whose activity is "viewing `name`".
    final class ActivityApp: HarnessApp {
        let sample: SampleApp
        let name: String
        init(name: String, showsDetail: Bool = true) {
            self.name = name
            sample = SampleApp(showsDetail: showsDetail, name: name)
        }
        var rootObjects: [any RestorableObject] { sample.rootObjects }
        func shouldSaveApplicationState(_ coder: StateEncoder) -> Bool { true }
        func stateRestorationActivity() -> RestorationActivity? {
            RestorationActivity(type: "sample.view", title: "Viewing \(name)", userInfo: ["name": name])
        }
    }

    /// Saves a session `id` of the app "sample"; returns the launch, which holds it.
    @discardableResult
    func save(_ id: String, name: String, showsDetail: Bool = true) throws -> HarnessLaunch<ActivityApp> {
        let harness = SessionHarness(
            stateDirectory: state + "/sample", configuration: SampleArchives.configuration())
        let launch = try harness.launch(
            ActivityApp(name: name, showsDetail: showsDetail), session: .named(id))
        try launch.save()
        return launch
    }

    @Test("S7: sessions --state-dir lists the sessions of an app given its own state directory")
    func givenStateDirectory() throws {
        let launch = try save("mine", name: "Desk")
        defer { launch.kill() }
        // Not under $XDG_STATE_HOME: the app was started with --state-dir.
        let elsewhere = ["XDG_STATE_HOME": directory.path + "/nothing-here", "HOME": "/nonexistent"]
        let missed = ToolRun.run(["sessions", "--app", "sample"], environment: elsewhere)
        #expect(!missed.output.contains("mine"))
        let run = ToolRun.run(
            ["sessions", "--app", "sample", "--state-dir", state + "/sample"], environment: elsewhere)
        #expect(run.status == 0, "\(run.errors)")
        #expect(
            run.output.split(separator: "\n").contains {
                $0.hasPrefix("mine ") && $0.hasSuffix("Viewing Desk")
            })
    }

    @Test(
        "S7: the text says where each session's archive is, and the command that shows one (with the --state-dir given), which works as printed"
    )
    func archivePathAndCommand() throws {
        let launch = try save("mine", name: "Desk")
        defer { launch.kill() }
        let elsewhere = ["XDG_STATE_HOME": directory.path + "/nothing-here", "HOME": "/nonexistent"]
        let run = ToolRun.run(
            ["sessions", "--app", "sample", "--state-dir", state + "/sample"], environment: elsewhere)
        let lines = run.output.split(separator: "\n").map(String.init)
        #expect(
            lines.contains("Each session's archive: \(state)/sample/sessions/SESSION/restoration.archive"))
        #expect(FileManager.default.fileExists(atPath: "\(state)/sample/sessions/mine/restoration.archive"))
        let command = try #require(lines.first { $0.hasPrefix("Show one: restoration-archive ") })
        #expect(command.hasSuffix(" --session SESSION"))
        // The command, as printed, for the session "mine".
        let arguments = command.dropFirst("Show one: restoration-archive ".count)
            .replacingOccurrences(of: "SESSION", with: "mine").split(separator: " ").map(String.init)
        #expect(
            arguments == ["show", "--app", "sample", "--state-dir", state + "/sample", "--session", "mine"])
        let shown = ToolRun.run(arguments, environment: elsewhere)
        #expect(shown.status == 0, "\(shown.errors)")
        #expect(shown.output.contains("Desk"))
    }

    @Test("S7: sessions lists each session, newest first: id, last saved, in use, top of stack, activity")
    func listing() throws {
        let older = try save("older", name: "Lamp", showsDetail: false)
        older.kill()
        Thread.sleep(forTimeInterval: 0.02)
        let newer = try save("newer", name: "Sofa")
        let run = ToolRun.run(["sessions", "--app", "sample"], environment: environment)
        #expect(run.status == 0, "\(run.errors)")
        let lines = run.output.split(separator: "\n").map(String.init)
        #expect(lines.count == 5)
        #expect(lines[0].hasPrefix("SESSION  LAST SAVED"))
        #expect(lines[1].hasPrefix("newer "))
        #expect(lines[1].contains(" yes "))
        #expect(lines[1].contains(" DetailViewController "), "the screen's own name, not its path")
        #expect(!lines[1].contains("UINavigationController/"))
        #expect(lines[1].hasSuffix("Viewing Sofa"))
        #expect(lines[2].hasPrefix("older "))
        #expect(lines[2].contains(" no "))
        #expect(lines[2].contains(" ItemsViewController "))
        #expect(lines[2].hasSuffix("Viewing Lamp"))
        _ = newer
    }

    @Test("S7: the text shows the local time (TZ), and on a terminal a line fits its width, cut with …")
    func localTimeAndWidth() throws {
        let launch = try save("mine", name: String(repeating: "Very long item name ", count: 6))
        defer { launch.kill() }
        let saved = try #require(
            RestorationSessions(stateDirectory: state + "/sample").info(of: "mine")?.lastSaved)
        for zone in ["UTC", "Asia/Tokyo"] {
            let formatter = DateFormatter()
            formatter.timeZone = TimeZone(identifier: zone)
            formatter.dateFormat = "yyyy-MM-dd HH:mm"
            let run = ToolRun.run(
                ["sessions", "--app", "sample"], environment: environment.merging(["TZ": zone]) { $1 })
            #expect(run.output.contains(" \(formatter.string(from: saved)) "), "\(zone): \(run.output)")
            #expect(!run.output.contains("Z "), "no UTC timestamp in the text")
        }
        let narrow = ToolRun.run(
            ["sessions", "--app", "sample"], environment: environment.merging(["COLUMNS": "80"]) { $1 },
            terminal: true)
        // The table's rows fit; the archive's path and the command under it may wrap.
        let rows = try #require(narrow.output.components(separatedBy: "\n\n").first)
        for line in rows.split(separator: "\n") { #expect(line.count <= 80, "\(line)") }
        #expect(narrow.output.contains("…"))
        let piped = ToolRun.run(["sessions", "--app", "sample"], environment: environment)
        #expect(
            piped.output.contains("Very long item name Very long item name Very long item name"),
            "a pipe gets it all")
    }

    @Test(
        "S7, T5: the top of the stack is the screen shown: the selected tab, the split's secondary column unless collapsed, the stack's top, what is presented",
        arguments: [false, true])
    func shownScreenThroughContainers(collapsed: Bool) {
        func record(_ parent: Int?, _ identifiers: [String], _ type: String, _ entries: [ArchiveEntry] = [])
            -> ArchiveRecord
        {
            ArchiveRecord(
                parentIndex: parent, path: RestorationPath(identifiers: identifiers), typeName: type,
                restorationClassName: nil, stateVersion: 0, entries: entries)
        }
        let tabs = ["TabBarController"]
        let split = tabs + ["SplitViewController"]
        let primaryStack: [StateValue] = collapsed ? [.reference(3), .reference(4)] : [.reference(3)]
        let records = [
            record(
                nil, tabs, "TerminalKit.TabBarController",
                [ArchiveEntry(key: "selectedIndex", value: .int(0))]),
            record(
                0, split, "TerminalKit.SplitViewController",
                collapsed ? [ArchiveEntry(key: "collapsed", value: .bool(true))] : []),
            record(
                1, split + ["primary"], "TerminalKit.NavigationController",
                [ArchiveEntry(key: "stack", value: .array(primaryStack))]),
            record(2, split + ["primary", "ItemsViewController"], "Homepwner.ItemsViewController"),
            record(
                collapsed ? 2 : 5, split + [collapsed ? "primary" : "secondary", "DetailViewController"],
                "Homepwner.DetailViewController"),
            record(
                1, split + ["secondary"], "TerminalKit.NavigationController",
                [ArchiveEntry(key: "stack", value: .array(collapsed ? [] : [.reference(4)]))]),
            record(0, tabs + ["SummaryNavigationController"], "TerminalKit.NavigationController"),
        ]
        let archive = Archive(
            metadata: ArchiveMetadata(
                appName: "A", appVersion: "1", systemVersion: "S", timestamp: SampleArchives.savedAt,
                interfaceIdiom: "t"),
            applicationState: [], records: records, byteCount: 0, stringCount: 0)
        #expect(SessionListing.shownRecord(in: archive) == 4)
        // The Summary tab selected: its navigation controller, the last saved of that tab.
        var summary = archive
        summary.records[0].entries = [ArchiveEntry(key: "selectedIndex", value: .int(1))]
        #expect(SessionListing.shownRecord(in: summary) == 6)
    }

    @Test("S7: sessions --json gives each session's fields, the activity whole")
    func json() throws {
        let launch = try save("only", name: "Desk")
        let run = ToolRun.run(["sessions", "--json", "--app", "sample"], environment: environment)
        #expect(run.status == 0)
        let parsed = try JSONSerialization.jsonObject(with: Data(run.output.utf8)) as? [[String: Any]]
        let session = try #require(parsed?.first)
        #expect(session["id"] as? String == "only")
        #expect(session["held"] as? Bool == true)
        #expect(session["directory"] as? String == state + "/sample/sessions/only")
        #expect(session["top"] as? String == "UINavigationController/DetailViewController")
        let activity = try #require(session["activity"] as? [String: Any])
        #expect(activity["type"] as? String == "sample.view")
        #expect(activity["userInfo"] as? [String: String] == ["name": "Desk"])
        #expect(session["problem"] is NSNull)
        _ = launch
    }

    @Test("S7: show, verify and diff take --session; without it --app reads the newest saved session")
    func sessionOption() throws {
        try save("a", name: "Lamp").kill()
        Thread.sleep(forTimeInterval: 0.02)
        try save("b", name: "Sofa").kill()
        let show = ToolRun.run(["show", "--app", "sample", "--session", "a"], environment: environment)
        #expect(show.status == 0, "\(show.errors)")
        #expect(
            show.output.hasPrefix("restoration archive: \(state)/sample/sessions/a/restoration.archive\n"))
        #expect(show.output.contains("  activity         sample.view v1 \"Viewing Lamp\" name=Lamp\n"))
        let verify = ToolRun.run(["verify", "--app", "sample"], environment: environment)
        #expect(verify.output.hasPrefix("\(state)/sample/sessions/b/restoration.archive: valid"))
        #expect(verify.output.hasSuffix("; activity sample.view v1 \"Viewing Sofa\" name=Sofa\n"))
        let diff = ToolRun.run(
            ["diff", "--app", "sample", "--session", "b", state + "/sample/sessions/a/restoration.archive"],
            environment: environment)
        #expect(diff.status == 1)
        #expect(diff.output.contains("Lamp") && diff.output.contains("Sofa"))
        let json = ToolRun.run(
            ["show", "--json", "--app", "sample", "--session", "a"], environment: environment)
        #expect(json.output.contains("\"activity\": {"))
    }

    @Test("S7: an unknown --session is exit 66 and names the sessions there are; no sessions says so")
    func unknownSession() throws {
        try save("a", name: "Lamp").kill()
        let run = ToolRun.run(["show", "--app", "sample", "--session", "zz"], environment: environment)
        #expect(run.status == 66)
        #expect(
            run.errors
                == "error: 'sample' has no session 'zz'\nhint: its sessions: a; 'restoration-archive sessions --app sample' lists them\n"
        )
        let empty = ToolRun.run(["sessions", "--app", "other"], environment: environment)
        #expect(empty.status == 0)
        #expect(empty.output == "other has no sessions in \(state)/other\n")
        let file = ToolRun.run(["show", "--session", "a", "x.archive"], environment: environment)
        #expect(file.status == 64)
    }

    @Test("S7: a session whose archive is corrupt is listed with the reason, and its activity")
    func corruptSession() throws {
        try save("bad", name: "Lamp").kill()
        let path = state + "/sample/sessions/bad/restoration.archive"
        var bytes = [UInt8](try #require(FileManager.default.contents(atPath: path)))
        bytes[30] ^= 0xFF
        try Data(bytes).write(to: URL(fileURLWithPath: path))
        let run = ToolRun.run(["sessions", "--app", "sample"], environment: environment)
        #expect(run.status == 0)
        #expect(run.output.contains("invalid archive: checksum mismatch"), "\(run.output)")
        #expect(run.output.contains("Viewing Lamp\n\n"))
    }
}
