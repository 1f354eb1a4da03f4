import Foundation
import Testing

#if canImport(Glibc)
    import Glibc
#endif

/// A private tmux server running one shell, for end-to-end tests of the real binary.
///
/// Its socket name is unique, so tests never see each other's panes or a user's tmux; its
/// configuration turns off the Escape delay and the status line. Reading is by polling
/// `capture-pane`; nothing waits a fixed time.
final class TmuxSession {
    let socket: String
    let directory: String
    private let config: String
    private let tmux: String

    /// The `terminalkit-demo` binary next to this test bundle, if it was built.
    static var demoBinary: String? {
        let executable =
            (try? FileManager.default.destinationOfSymbolicLink(atPath: "/proc/self/exe"))
            ?? CommandLine.arguments[0]
        let candidate = URL(fileURLWithPath: executable).deletingLastPathComponent()
            .appendingPathComponent("terminalkit-demo").path
        return FileManager.default.isExecutableFile(atPath: candidate) ? candidate : nil
    }

    /// The tmux binary on the PATH, if any.
    static var tmuxBinary: String? {
        let path = ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin"
        return path.split(separator: ":").map { "\($0)/tmux" }.first {
            FileManager.default.isExecutableFile(atPath: $0)
        }
    }

    /// Starts a server with a `bash` of `width`x`height` in a new temporary directory.
    init(width: Int = 60, height: Int = 16) throws {
        guard let tmux = Self.tmuxBinary else { throw E2EError("tmux is not installed") }
        self.tmux = tmux
        let id = "\(getpid())-\(UInt32.random(in: 0...UInt32.max))"
        socket = "terminalkit-e2e-\(id)"
        directory = NSTemporaryDirectory() + "terminalkit-e2e-\(id)"
        config = directory + "/tmux.conf"
        try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
        try "set -g escape-time 0\nset -g status off\n".write(
            toFile: config, atomically: true, encoding: .utf8)
        try run([
            "new-session", "-d", "-s", "e2e", "-x", "\(width)", "-y", "\(height)", "-c", directory,
            "-e", "LANG=C.UTF-8", "-e", "LC_ALL=", "-e", "NO_COLOR=", "bash", "--norc", "--noprofile",
        ])
    }

    /// Kills the server (and, if it does not go within two seconds, its process and the
    /// app it runs), and removes the directory.
    func close() {
        let app = try? childPID()
        let server = (try? value("pid")).flatMap { pid_t($0) }
        _ = try? run(["kill-server"])
        for pid in [app, server].compactMap({ $0 }) {
            var waited = 0
            while kill(pid, 0) == 0 && waited < 200 {
                usleep(10_000)
                waited += 1
            }
            if kill(pid, 0) == 0 { kill(pid, SIGKILL) }
        }
        try? FileManager.default.removeItem(atPath: directory)
    }

    /// Runs a tmux command on this server and returns its output.
    @discardableResult
    func run(_ arguments: [String]) throws -> String {
        let process = Process()
        let tmuxArguments = [tmux, "-L", socket, "-f", config] + arguments
        if arguments.first == "new-session" {
            // The server this starts keeps every descriptor it inherits, Process's own exit
            // watch included, which would then never see the client exit: close them first.
            process.executableURL = URL(fileURLWithPath: "/bin/bash")
            process.arguments =
                [
                    "-c",
                    "for fd in /proc/$$/fd/*; do fd=${fd##*/}; [ \"$fd\" -gt 2 ] && eval \"exec $fd>&-\"; "
                        + "done 2>/dev/null; exec \"$@\"",
                    "bash",
                ] + tmuxArguments
        } else {
            process.executableURL = URL(fileURLWithPath: tmux)
            process.arguments = Array(tmuxArguments.dropFirst())
        }
        // A file, not a pipe: the server keeps its output open, so a pipe would never end.
        let outputPath = directory + "/tmux-output"
        _ = FileManager.default.createFile(atPath: outputPath, contents: nil)
        let output = try FileHandle(forWritingTo: URL(fileURLWithPath: outputPath))
        defer { try? output.close() }
        process.standardOutput = output
        process.standardError = output
        try process.run()
        process.waitUntilExit()
        let text = (try? String(contentsOfFile: outputPath, encoding: .utf8)) ?? ""
        guard process.terminationStatus == 0 else {
            throw E2EError("tmux \(arguments.joined(separator: " ")) failed: \(text)")
        }
        return text
    }

    /// Sends keys by tmux name (`Enter`, `C-z`, `a`).
    func press(_ keys: String...) throws {
        try run(["send-keys", "-t", "e2e"] + keys)
    }

    /// Types text literally.
    func type(_ text: String) throws {
        try run(["send-keys", "-t", "e2e", "-l", text])
    }

    /// Types a shell command and Enter.
    func shell(_ command: String) throws {
        try type(command)
        try press("Enter")
    }

    /// The visible pane.
    func screen() throws -> String {
        try run(["capture-pane", "-p", "-t", "e2e"])
    }

    /// A pane variable: `alternate_on`, `cursor_flag`, `cursor_x`, `pane_pid`.
    func value(_ name: String) throws -> String {
        try run(["display-message", "-p", "-t", "e2e", "#{\(name)}"]).trimmingCharacters(
            in: .whitespacesAndNewlines)
    }

    /// True while the application shows its alternate screen.
    func isAlternateScreen() throws -> Bool { try value("alternate_on") == "1" }

    /// Polls until `condition` holds for the screen, and returns that screen.
    /// - Throws: ``E2EError`` with the last screen when `timeout` passes first.
    @discardableResult
    func waitFor(
        _ what: String, timeout: Duration = .seconds(10), _ condition: (String) throws -> Bool
    ) async throws -> String {
        let clock = ContinuousClock()
        let deadline = clock.now + timeout
        var last = ""
        while clock.now < deadline {
            last = try screen()
            if try condition(last) { return last }
            try await Task.sleep(for: .milliseconds(20))
        }
        throw E2EError("timed out waiting for \(what); the screen was:\n\(last)")
    }

    /// The process id of the shell's foreground child (the app), if one runs.
    func childPID() throws -> pid_t? {
        let shell = try value("pane_pid")
        let children = try String(contentsOfFile: "/proc/\(shell)/task/\(shell)/children", encoding: .utf8)
        return children.split(separator: " ").first.flatMap { pid_t($0) }
    }
}

/// A failure of the end-to-end machinery, with what it saw.
struct E2EError: Error, CustomStringConvertible {
    let description: String
    init(_ description: String) { self.description = description }
}
