import ArchiveInspector
import Foundation

/// What one in-process run of the tool printed and returned.
struct ToolRun {
    var status: Int32
    var output: String
    var errors: String

    /// Runs `restoration-archive` with `arguments` in this process.
    /// - Parameters:
    ///   - environment: The variables the tool sees; none by default, so that the host's
    ///     `NO_COLOR` or `XDG_STATE_HOME` cannot change the result.
    ///   - terminal: Whether standard output is a terminal.
    ///   - standardInput: The descriptor read for `-`.
    static func run(
        _ arguments: [String], environment: [String: String] = [:], terminal: Bool = false,
        standardInput: Int32 = 0
    ) -> ToolRun {
        final class Sink {
            var text = ""
        }
        let output = Sink()
        let errors = Sink()
        let context = ToolContext(
            environment: environment, standardOutputIsTerminal: terminal, standardInput: standardInput,
            standardOutput: { output.text += $0 }, standardError: { errors.text += $0 })
        let status = RestorationArchiveTool.run(arguments, context: context)
        return ToolRun(status: status.rawValue, output: output.text, errors: errors.text)
    }
}

/// A directory under the system's temporary directory, removed by ``remove()``.
struct TemporaryDirectory {
    let path: String

    init() throws {
        path = NSTemporaryDirectory() + "archive-inspector-tests-" + UUID().uuidString
        try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
    }

    /// Writes `bytes` to `name` inside the directory and returns the file's path.
    @discardableResult
    func write(_ bytes: [UInt8], to name: String) throws -> String {
        let file = (path as NSString).appendingPathComponent(name)
        try FileManager.default.createDirectory(
            atPath: (file as NSString).deletingLastPathComponent, withIntermediateDirectories: true)
        try Data(bytes).write(to: URL(fileURLWithPath: file))
        return file
    }

    func remove() {
        try? FileManager.default.removeItem(atPath: path)
    }
}
