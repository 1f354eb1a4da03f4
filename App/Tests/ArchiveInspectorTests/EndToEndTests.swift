import ArchiveInspector
import Foundation
import TestSupport
import Testing

/// The built `restoration-archive` binary, run as a process.
@Suite("restoration-archive end to end: the real binary")
@MainActor
struct EndToEndTests {
    /// A directory of its own for each test, removed with the suite instance when the test ends.
    let scratch = TemporaryDirectory(prefix: "archive-inspector-tests")

    struct Result {
        var status: Int32
        var output: String
        var errors: String
    }

    /// The executable `swift build` put next to this test bundle.
    static var binary: String {
        let products = URL(fileURLWithPath: CommandLine.arguments[0]).resolvingSymlinksInPath()
            .deletingLastPathComponent()
        // On Linux the tests run as `<products>/<Package>PackageTests.xctest`; on macOS the
        // runner is inside `<products>/<Package>PackageTests.xctest/Contents/MacOS/`.
        let candidates = [
            products,
            products.deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent(),
        ]
        let found = candidates.map { $0.appendingPathComponent("restoration-archive").path }
            .first { FileManager.default.isExecutableFile(atPath: $0) }
        return found ?? products.appendingPathComponent("restoration-archive").path
    }

    /// Runs the binary with `arguments`, feeding `input` on standard input; output goes to
    /// files, so a large output cannot fill a pipe, and a run over 60 s is killed and fails.
    func run(_ arguments: [String], input: [UInt8] = [], environment: [String: String] = [:]) throws -> Result
    {
        let binary = Self.binary
        try #require(
            FileManager.default.isExecutableFile(atPath: binary), "build the package first: \(binary)")
        let inputFile = try scratch.write(input, to: "stdin")
        let outputFile = try scratch.write([], to: "stdout")
        let errorFile = try scratch.write([], to: "stderr")
        let process = Process()
        process.executableURL = URL(fileURLWithPath: binary)
        process.arguments = arguments
        process.environment = environment
        process.standardInput = try FileHandle(forReadingFrom: URL(fileURLWithPath: inputFile))
        process.standardOutput = try FileHandle(forWritingTo: URL(fileURLWithPath: outputFile))
        process.standardError = try FileHandle(forWritingTo: URL(fileURLWithPath: errorFile))
        try process.run()
        let deadline = Date().addingTimeInterval(60)
        while process.isRunning && Date() < deadline { usleep(10_000) }
        if process.isRunning {
            process.terminate()
            Issue.record("restoration-archive \(arguments) did not finish in 60 s")
        }
        process.waitUntilExit()
        return Result(
            status: process.terminationStatus,
            output: try String(contentsOfFile: outputFile, encoding: .utf8),
            errors: try String(contentsOfFile: errorFile, encoding: .utf8))
    }

    @Test("A1: the binary's show prints what the library renders, without colour when not a terminal")
    func show() throws {
        let bytes = try SampleArchives.homepwner()
        let file = try scratch.write(bytes, to: "restoration.archive")
        let result = try run(["show", file])
        #expect(result.status == 0)
        #expect(result.errors == "")
        #expect(result.output == ToolRun.run(["show", file]).output)
        #expect(!result.output.contains("\u{1B}"))
    }

    @Test("A3: the binary reads standard input for '-', and exits 65 or 66 on bad input")
    func verify() throws {
        let bytes = try SampleArchives.homepwner()
        let valid = try run(["verify", "-"], input: bytes)
        #expect(valid.status == 0)
        #expect(valid.output.hasPrefix("(standard input): valid restoration archive (format 1"))

        let corrupt = try run(["verify", "-"], input: Array(bytes.dropLast(7)))
        #expect(corrupt.status == 65)
        #expect(corrupt.errors.hasPrefix("error: (standard input): invalid archive: truncated archive"))

        let missing = try run(["verify", "/nonexistent/restoration.archive"])
        #expect(missing.status == 66)
    }

    @Test("A5: the binary finds --app through its environment, and usage errors exit 64")
    func appAndUsage() throws {
        try scratch.write(try SampleArchives.homepwner(), to: "state/homepwner/restoration.archive")
        let found = try run(
            ["verify", "--app", "homepwner"], environment: ["XDG_STATE_HOME": scratch.path + "/state"])
        #expect(found.status == 0, "\(found.errors)")

        let usage = try run(["shw"])
        #expect(usage.status == 64)
        #expect(
            usage.errors
                == "error: unknown subcommand 'shw'\nhint: did you mean 'show'? (run 'restoration-archive --help' for usage)\n"
        )
    }

    @Test("A1, A3, A4: the binary escapes a crafted archive's OSC 0, ESC[2J, OSC 52, C1 and U+202E")
    func escapes() throws {
        let old = try scratch.write(ArchiveBytes.encode(EscapeTests.poisoned()), to: "old.archive")
        let new = try scratch.write(
            ArchiveBytes.encode(EscapeTests.poisoned(value: EscapeTests.clipboard)), to: "new.archive")
        let runs = [
            try run(["show", old]), try run(["show", "--color=always", old]), try run(["verify", old]),
            try run(["diff", "--color=always", old, new]), try run(["show", "--json", old]),
        ]
        for result in runs {
            #expect(EscapeTests.unsafeScalars(result.output + result.errors) == [])
        }
        #expect(runs[0].output.contains("\n  app              \\u{1b}]0;pwned\\u{7}App 1\\u{1b}[2J\n"))
        #expect(runs[0].output.contains("\n\(EscapeTests.escapedRootPath)  App.Nav\\u{202e}\n"))
        #expect(
            runs[2].output.hasSuffix("; \\u{1b}]0;pwned\\u{7}App 1\\u{1b}[2J, saved 2023-11-14T22:13:20Z\n"))
        #expect(runs[3].status == 1)
        #expect(runs[3].output.contains("launch\\u{9b}"))
    }

    @Test("the binary reads a stream only while it can be an archive: /dev/zero ends at once")
    func endlessInput() throws {
        let result = try run(["verify", "/dev/zero"])
        #expect(result.status == 65)
        #expect(result.errors == "error: /dev/zero: not a restoration archive (bad magic at offset 0)\n")
    }
}
