import Foundation

/// The built `restoration-bench` executable, run as a user runs it.
///
/// SwiftPM puts it in the products directory, next to the test executable (or next to the
/// `.xctest` bundle that holds it), so the directory is derived from this process's path.
enum BenchBinary {
    struct Outcome {
        let status: Int32
        let output: Data
        let errors: String

        var text: String { String(decoding: output, as: UTF8.self) }
    }

    struct NotFound: Error, CustomStringConvertible {
        let searched: [String]
        var description: String {
            "restoration-bench is not next to the tests; looked in: " + searched.joined(separator: ", ")
        }
    }

    /// The executable's location.
    static func location() throws -> URL {
        let me = (Bundle.main.executableURL ?? URL(fileURLWithPath: CommandLine.arguments[0]))
            .resolvingSymlinksInPath()
        var directory = me.deletingLastPathComponent()
        var searched: [String] = []
        // Up to the products directory from inside a macOS `.xctest` bundle (Contents/MacOS).
        for _ in 0..<4 {
            let candidate = directory.appendingPathComponent("restoration-bench")
            if FileManager.default.isExecutableFile(atPath: candidate.path) { return candidate }
            searched.append(directory.path)
            directory = directory.deletingLastPathComponent()
        }
        throw NotFound(searched: searched)
    }

    /// Runs the benchmark with `arguments` and waits for it.
    static func run(_ arguments: [String]) throws -> Outcome {
        let process = Process()
        process.executableURL = try location()
        process.arguments = arguments
        let output = Pipe()
        let errors = Pipe()
        process.standardOutput = output
        process.standardError = errors
        try process.run()
        // The output is read to its end before waiting, so a full pipe cannot block the child.
        let outputData = output.fileHandleForReading.readDataToEndOfFile()
        let errorData = errors.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        return Outcome(
            status: process.terminationStatus, output: outputData,
            errors: String(decoding: errorData, as: UTF8.self))
    }
}
