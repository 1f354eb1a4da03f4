import Foundation
import Testing
import TmuxTesting

/// `scripts/bench-homepwner-launch` (rule P2's measurement) run against the built binary, so
/// that it cannot rot unseen (rule C8): it broke once when sessions moved the archive. No
/// timing is asserted; the script must run, check each launch's first frame, and report.
@Suite("C8, P2: the launch benchmark script runs against the built homepwner")
struct LaunchBenchmarkScriptTests {
    @Test(
        "C8: bench-homepwner-launch prepares a restored detail screen, launches it and --fresh in pairs, and prints both medians",
        .enabled(if: TmuxSession.programOnPath("python3") != nil, "needs python3"))
    func runs() throws {
        let binary = try #require(TmuxSession.builtProduct("homepwner"), "build homepwner with the tests")
        var root = URL(fileURLWithPath: #filePath)
        for _ in 0..<4 { root.deleteLastPathComponent() }
        let process = Process()
        process.executableURL = URL(fileURLWithPath: root.path + "/scripts/bench-homepwner-launch")
        process.arguments = ["--binary", binary, "--items", "300", "--runs", "7"]
        let output = Pipe()
        process.standardOutput = output
        process.standardError = output
        try process.run()
        let text = String(decoding: output.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        process.waitUntilExit()
        #expect(process.terminationStatus == 0, "\(text)")
        #expect(text.contains("300 items; saved state: the detail screen of"), "\(text)")
        #expect(text.contains("restored / fresh (medians):"), "\(text)")
    }
}
