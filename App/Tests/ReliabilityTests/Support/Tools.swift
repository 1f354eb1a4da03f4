import Foundation
import TestSupport

#if canImport(Glibc)
    import Glibc
#endif

/// The helper executables, built beside the test bundle, and a way to run them.
enum Tools {
    static var directory: String {
        URL(fileURLWithPath: CommandLine.arguments[0]).resolvingSymlinksInPath().deletingLastPathComponent()
            .path
    }

    static var soak: String { directory + "/restoration-soak" }
    static var crasher: String { directory + "/restoration-crasher" }
    static var archiveTool: String { directory + "/restoration-archive" }

    /// How a child ended, and what it wrote to standard output and standard error.
    struct Run: CustomStringConvertible {
        var status: Int32
        var signalled: Bool
        var output: String
        var errors: String

        var lines: [String] { output.split(separator: "\n").map(String.init) }
        var exitedNormally: Bool { !signalled && status == 0 }

        /// The `key=value` words of the line starting with `result ` (the storms' figures).
        var figures: [String: Int] {
            guard let line = lines.last(where: { $0.hasPrefix("result ") }) else { return [:] }
            var result: [String: Int] = [:]
            for word in line.split(separator: " ").dropFirst() {
                let parts = word.split(separator: "=")
                if parts.count == 2, let value = Int(parts[1]) { result[String(parts[0])] = value }
            }
            return result
        }

        var description: String {
            "\(signalled ? "signal" : "exit status") \(status); output:\n\(output)\nstandard error:\n\(errors)"
        }
    }

    /// Runs `path` to its end. The Swift runtime's crash backtraces are turned off: the
    /// crashes here are on purpose.
    static func run(_ path: String, _ arguments: [String], environment: [String: String] = [:]) throws -> Run
    {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: path)
        process.arguments = arguments
        process.environment = ProcessInfo.processInfo.environment.merging(
            ["SWIFT_BACKTRACE": "enable=no"].merging(environment) { $1 }
        ) { $1 }
        let errorFile = FileManager.default.temporaryDirectory.appendingPathComponent(
            "stderr-\(UUID().uuidString)")
        guard FileManager.default.createFile(atPath: errorFile.path, contents: nil) else {
            throw CocoaError(.fileWriteUnknown, userInfo: [NSFilePathErrorKey: errorFile.path])
        }
        defer { try? FileManager.default.removeItem(at: errorFile) }
        let errors = try FileHandle(forWritingTo: errorFile)
        let pipe = Pipe()
        process.standardOutput = pipe
        process.standardError = errors
        try process.run()
        let data = pipe.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        try errors.close()
        return Run(
            status: process.terminationStatus, signalled: process.terminationReason == .uncaughtSignal,
            output: String(decoding: data, as: UTF8.self),
            errors: (try? String(contentsOf: errorFile, encoding: .utf8)) ?? "")
    }

    /// Runs a shell script.
    static func shell(_ script: String, environment: [String: String] = [:]) throws -> Run {
        try run("/bin/sh", ["-c", script], environment: environment)
    }
}

/// A fresh temporary directory for one test, removed when the test lets go of it
/// (TestSupport's ``TemporaryDirectory``).
final class Scratch: TemporaryDirectory {
    init() {
        super.init(prefix: "reliability-tests")
    }
}
