import Foundation
import Testing
import TmuxTesting

#if canImport(Glibc)
    import Glibc
#endif

/// The demo's command line, run as a user runs it.
@Suite("terminalkit-demo's command line")
struct DemoCommandLineTests {
    struct Run {
        var status: Int32
        var output: String
        var errors: String
    }

    func run(_ arguments: [String]) throws -> Run {
        let run = try TmuxSession.runProduct("terminalkit-demo", arguments)
        return Run(
            status: run.status, output: String(decoding: run.output, as: UTF8.self),
            errors: String(decoding: run.errors, as: UTF8.self))
    }

    @Test("T2, T5 (demo): --help names the three tabs and the containers' keys, exit 0")
    func help() throws {
        let result = try run(["--help"])
        #expect(result.status == 0)
        for expected in [
            "Shopping (a split view", "Notes", "Tour (a scroll view", "Ctrl-T next tab",
            "Ctrl-O the other pane",
            "Alt-c copy, Alt-x cut", "Alt-v paste",
        ] {
            #expect(result.output.contains(expected), "missing \(expected)")
        }
    }

    @Test("H10: --version names the demo and the engine, exit 0")
    func version() throws {
        let result = try run(["--version"])
        #expect(result.status == 0)
        #expect(result.output.hasPrefix("terminalkit-demo 1.0 (StateRestoration "))
    }

    @Test(
        "H10: a wrong command line is an 'error:' with a hint, exit 64, as in the other tools",
        arguments: [
            (["--bogus"], "terminalkit-demo: error: unknown option '--bogus'"),
            (["--state-dir"], "terminalkit-demo: error: --state-dir needs a directory"),
            (
                ["--state-dir", ""],
                "terminalkit-demo: error: --state-dir needs a directory, not an empty string"
            ),
        ])
    func usageErrors(_ arguments: [String], _ message: String) throws {
        let result = try run(arguments)
        #expect(result.status == 64)
        #expect(result.errors == message + "\nhint: run 'terminalkit-demo --help' for usage\n")
    }

    @Test("R10: a launch that fails for want of a terminal writes nothing: no directory, no items.json")
    func failedLaunchWritesNothing() throws {
        let directory = NSTemporaryDirectory() + "demo-noterm-\(UUID().uuidString)"
        defer { try? FileManager.default.removeItem(atPath: directory) }
        let result = try run(["--state-dir", directory + "/state"])
        #expect(result.status == 1)
        #expect(result.errors.contains("is not a terminal"))
        #expect(!FileManager.default.fileExists(atPath: directory + "/state/items.json"))
    }

    @Test("R36: a state directory that others can write is refused before anything is read, exit 77")
    func untrustedDirectory() throws {
        let directory = NSTemporaryDirectory() + "demo-r36-\(UUID().uuidString)"
        #expect(mkdir(directory, 0o700) == 0)
        defer { try? FileManager.default.removeItem(atPath: directory) }
        #expect(chmod(directory, 0o777) == 0)
        let result = try run(["--state-dir", directory])
        #expect(result.status == 77)
        #expect(
            result.errors.hasPrefix(
                "terminalkit-demo: error: the state directory '\(directory)' can be written"))
        #expect(result.errors.contains("run: chmod go-w '\(directory)'"))
    }
}
