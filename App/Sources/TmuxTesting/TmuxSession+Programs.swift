import Foundation

extension TmuxSession {
    /// The first executable `name` in a directory of the `PATH`, if any.
    public static func programOnPath(_ name: String) -> String? {
        let path = ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin"
        return path.split(separator: ":").map { "\($0)/\(name)" }.first {
            FileManager.default.isExecutableFile(atPath: $0)
        }
    }

    /// The product `name` (an executable target of this package) next to the running test
    /// bundle, in the products directory, if it was built (`swift build --build-tests`
    /// builds those a test target depends on).
    ///
    /// The test runner is found through `/proc/self/exe`; when it sits inside an `.xctest`
    /// bundle, the products directory is the bundle's.
    public static func builtProduct(_ name: String) -> String? {
        let executable =
            (try? FileManager.default.destinationOfSymbolicLink(atPath: "/proc/self/exe"))
            ?? CommandLine.arguments[0]
        var directory = URL(fileURLWithPath: executable).deletingLastPathComponent()
        while directory.path != "/" && directory.path.contains(".xctest") {
            directory.deleteLastPathComponent()
        }
        let candidate = directory.appendingPathComponent(name).path
        return FileManager.default.isExecutableFile(atPath: candidate) ? candidate : nil
    }

    /// What a product printed and how it ended, run without a terminal.
    public struct ProductRun: Sendable {
        public let status: Int32
        public let output: Data
        public let errors: Data
    }

    /// Runs the built product `name` (see ``builtProduct(_:)``) with `arguments`, standard
    /// input from `/dev/null`, and waits for it. Meant for short outputs: the two pipes are
    /// read one after the other.
    /// - Parameter environment: The process's variables; nil inherits the test's.
    public static func runProduct(
        _ name: String, _ arguments: [String], environment: [String: String]? = nil
    ) throws -> ProductRun {
        guard let binary = builtProduct(name) else {
            throw TmuxError.notFound(program: name, place: "next to the tests (build it with them)")
        }
        return try runProgram(binary, arguments, environment: environment)
    }

    /// Runs the executable at `path` as ``runProduct(_:_:environment:)`` runs a product.
    public static func runProgram(
        _ path: String, _ arguments: [String], environment: [String: String]? = nil
    ) throws -> ProductRun {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: path)
        process.arguments = arguments
        if let environment { process.environment = environment }
        let output = Pipe()
        let errors = Pipe()
        process.standardOutput = output
        process.standardError = errors
        process.standardInput = FileHandle.nullDevice
        try process.run()
        let out = output.fileHandleForReading.readDataToEndOfFile()
        let err = errors.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        return ProductRun(status: process.terminationStatus, output: out, errors: err)
    }
}
