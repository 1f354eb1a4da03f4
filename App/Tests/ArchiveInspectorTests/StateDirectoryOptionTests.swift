import ArchiveInspector
import Foundation
import StateRestoration
import TestSupport
import Testing

/// `--state-dir` for every command that takes `--app`: an app started with
/// `homepwner --state-dir DIR` is inspected there; a directory that is not there is an
/// error, not an empty answer.
@Suite("A5: --state-dir with --app")
@MainActor
struct StateDirectoryOptionTests {
    @Test("A5: show, verify and diff read the app's newest session in the --state-dir given")
    func readsTheGivenDirectory() throws {
        let directory = TemporaryDirectory(prefix: "archive-inspector-tests")
        let state = directory.path + "/custom-state"
        let session = try RestorationSessions(stateDirectory: state).open(.new).session
        let bytes = try SampleArchives.homepwner(name: "Laptop")
        try session.storage.store(bytes, as: .archive)
        session.release()
        let archivePath = session.storage.path(of: .archive)
        // No XDG_STATE_HOME or HOME: only the option tells where to look.
        let show = ToolRun.run(["show", "--state-dir", state, "--app", "homepwner"], environment: [:])
        #expect(show.status == 0, "\(show.errors)")
        #expect(show.output.hasPrefix("restoration archive: \(archivePath)\n"), "\(show.output)")
        let verify = ToolRun.run(["verify", "--app", "homepwner", "--state-dir", state], environment: [:])
        #expect(verify.status == 0, "\(verify.errors)")
        #expect(verify.output.hasPrefix("\(archivePath): valid restoration archive"))
        let old = try directory.write(bytes, to: "old.archive")
        let diff = ToolRun.run(["diff", "--app", "homepwner", "--state-dir", state, old], environment: [:])
        #expect(diff.status == 0, "the same state: \(diff.errors)")
    }

    @Test("A5: a --state-dir that does not exist is an error (66) for show, verify, diff and sessions")
    func mistypedDirectory() {
        for arguments in [
            ["show", "--app", "homepwner"], ["verify", "--app", "homepwner"],
            ["diff", "--app", "homepwner", "old.archive"], ["sessions", "--app", "homepwner"],
        ] {
            let run = ToolRun.run(arguments + ["--state-dir", "/nonexistent/stat"], environment: [:])
            #expect(run.status == 66, "\(arguments): \(run.errors)")
            #expect(
                run.errors.contains("the state directory '/nonexistent/stat' does not exist"), "\(run.errors)"
            )
        }
    }

    @Test("A5: --state-dir without --app is a usage error")
    func needsApp() throws {
        let run = ToolRun.run(["show", "--state-dir", "/tmp", "some.archive"], environment: [:])
        #expect(run.status == 64)
        #expect(run.errors.contains("--state-dir goes with --app <name>"))
    }
}

/// `--json` promises JSON: a command that fails prints its error as JSON too.
@Suite("A5: errors as JSON")
@MainActor
struct JSONErrorTests {
    @Test("A5: show --json of a corrupt file prints one JSON object with the error, and exits 65")
    func corruptFile() throws {
        let directory = TemporaryDirectory(prefix: "archive-inspector-tests")
        let path = try directory.write(Array("not an archive at all".utf8), to: "bad.archive")
        let run = ToolRun.run(["show", "--json", path], environment: [:])
        #expect(run.status == 65)
        let object = try #require(
            try JSONSerialization.jsonObject(with: Data(run.output.utf8)) as? [String: Any], "\(run.output)")
        #expect((object["error"] as? String)?.contains("bad.archive") == true, "\(object)")
        #expect(object["exit_status"] as? Int == 65)
    }

    @Test("A5: sessions --json with a --state-dir that is not there prints the error as JSON, exit 66")
    func missingStateDirectory() throws {
        let run = ToolRun.run(["sessions", "--json", "--app", "homepwner", "--state-dir", "/nonexistent/x"])
        #expect(run.status == 66)
        let object = try #require(
            try JSONSerialization.jsonObject(with: Data(run.output.utf8)) as? [String: Any], "\(run.output)")
        #expect(object["hint"] as? String != nil)
    }
}
