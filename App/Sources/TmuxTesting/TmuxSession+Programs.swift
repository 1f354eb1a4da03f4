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
}
