import Foundation
import HomepwnerLaunch
import TestSupport
import Testing
import TmuxTesting

/// `homepwner-gtk`'s command line, run as a program (rules G1, G7).
@Suite("G1: homepwner-gtk's command line")
struct CommandLineTests {
    @Test("G1: --help lists every option homepwner takes")
    func sameOptions() throws {
        let run = try ProgramRun.run(try binary(), ["--help"])
        #expect(run.status == 0)
        #expect(run.output.hasPrefix("OVERVIEW: An inventory of your possessions, on the desktop"))
        for option in LaunchCommandLine.options {
            #expect(run.output.contains("--\(option.name)"), "--\(option.name) is missing from the help")
        }
    }

    @Test("G7: without a display it exits 69, says why, and creates nothing")
    func noDisplay() throws {
        let scratch = TemporaryDirectory(prefix: "desktop-no-display")
        let data = scratch.file("data")
        let run = try ProgramRun.run(
            try binary(), ["--data-dir", data, "--state-dir", scratch.file("state")],
            environment: ["DISPLAY": "", "WAYLAND_DISPLAY": ""])
        #expect(run.status == 69)
        #expect(run.errors.hasPrefix("homepwner-gtk: error: cannot open a display"))
        #expect(run.errors.contains("xvfb-run"))
        #expect(!FileManager.default.fileExists(atPath: data))
    }

    @Test("G1: a wrong option is exit 64, with the terminal app's message")
    func usageError() throws {
        let run = try ProgramRun.run(try binary(), ["--random-items", "many"])
        #expect(run.status == 64)
        #expect(run.errors.contains("--random-items <count>"))
        #expect(run.errors.contains("expected a whole number from 0 to 1000000"))
    }

    private func binary() throws -> String {
        try #require(TmuxSession.builtProduct("homepwner-gtk"), "build homepwner-gtk with the tests")
    }
}
