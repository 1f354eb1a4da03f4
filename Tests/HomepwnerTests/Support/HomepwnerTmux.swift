import Foundation
import Homepwner
import StateRestoration
import Testing

#if canImport(Glibc)
    import Glibc
#endif

/// A private tmux server running one shell, in which the real `homepwner` binary runs.
///
/// Each session has its own socket (`-L`), its own configuration (`-f`: no Escape delay,
/// no status line), `LANG=C.UTF-8`, and a fresh directory holding the data and state
/// directories, so tests never share anything. Reading the screen is by polling
/// `capture-pane` at short intervals; nothing waits a fixed time. ``close()`` kills the
/// server.
final class HomepwnerTmux {
    let socket: String
    let directory: String
    private let config: String
    private let tmux: String

    /// The data directory (`--data-dir`).
    var dataDirectory: String { directory + "/data" }
    /// The state directory (`--state-dir`).
    var stateDirectory: String { directory + "/state" }
    /// Both, as the library names them.
    var paths: HomepwnerPaths { HomepwnerPaths(dataDirectory: dataDirectory, stateDirectory: stateDirectory) }
    /// The archive file.
    var archivePath: String { stateDirectory + "/restoration.archive" }

    /// The `homepwner` binary next to this test bundle (the products directory), if built.
    static var binary: String? {
        let executable =
            (try? FileManager.default.destinationOfSymbolicLink(atPath: "/proc/self/exe"))
            ?? CommandLine.arguments[0]
        var directory = URL(fileURLWithPath: executable).deletingLastPathComponent()
        // The test runner may sit inside the .xctest bundle; the products are beside it.
        while directory.path != "/" && directory.path.contains(".xctest") {
            directory.deleteLastPathComponent()
        }
        let candidate = directory.appendingPathComponent("homepwner").path
        return FileManager.default.isExecutableFile(atPath: candidate) ? candidate : nil
    }

    /// The first `name` on the PATH, if any.
    static func tool(_ name: String) -> String? {
        let path = ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin"
        return path.split(separator: ":").map { "\($0)/\(name)" }.first {
            FileManager.default.isExecutableFile(atPath: $0)
        }
    }

    /// True when tmux, sqlite3 and the binary are all there.
    static var isAvailable: Bool { tool("tmux") != nil && tool("sqlite3") != nil && binary != nil }

    /// Starts a server with a `bash` of `width`x`height` in a new temporary directory.
    init(width: Int = 60, height: Int = 12) throws {
        guard let tmux = Self.tool("tmux") else { throw E2EFailure("tmux is not installed") }
        self.tmux = tmux
        let id = "\(getpid())-\(UInt32.random(in: 0...UInt32.max))"
        socket = "homepwner-e2e-\(id)"
        directory = NSTemporaryDirectory() + "homepwner-e2e-\(id)"
        config = directory + "/tmux.conf"
        try FileManager.default.createDirectory(
            atPath: directory + "/home", withIntermediateDirectories: true)
        try "set -g escape-time 0\nset -g status off\n".write(
            toFile: config, atomically: true, encoding: .utf8)
        try run([
            "new-session", "-d", "-s", "e2e", "-x", "\(width)", "-y", "\(height)", "-c", directory,
            "-e", "LANG=C.UTF-8", "-e", "LC_ALL=", "-e", "NO_COLOR=", "-e", "HOME=\(directory)/home",
            "-e", "PS1=$ ", "bash", "--norc", "--noprofile",
        ])
    }

    /// Kills the app and the shell this session started, then the server (by its process
    /// id if it has not gone within two seconds), and removes the directory.
    func close() {
        let app = try? appPID()
        let shell = (try? value("pane_pid")).flatMap { pid_t($0) }
        let server = (try? value("pid")).flatMap { pid_t($0) }
        // A shell that inherited an ignored SIGHUP would keep the server waiting for it.
        for pid in [app, shell].compactMap({ $0 }) { kill(pid, SIGKILL) }
        _ = try? run(["kill-server"])
        if let server {
            var waited = 0
            while Self.isAlive(server) && waited < 200 {
                usleep(10_000)
                waited += 1
            }
            if Self.isAlive(server) { kill(server, SIGKILL) }
        }
        try? FileManager.default.removeItem(atPath: directory)
    }

    /// True while `pid` runs: it exists and is not a zombie (which nothing may reap here,
    /// as the tmux server's parent is init).
    static func isAlive(_ pid: pid_t) -> Bool {
        guard let stat = try? String(contentsOfFile: "/proc/\(pid)/stat", encoding: .utf8),
            let end = stat.lastIndex(of: ")")
        else { return false }
        return stat[stat.index(after: end)...].trimmingCharacters(in: .whitespaces).first != "Z"
    }

    /// Runs a tmux command on this server and returns its output.
    @discardableResult
    func run(_ arguments: [String]) throws -> String {
        let tmuxArguments = [tmux, "-L", socket, "-f", config] + arguments
        guard arguments.first == "new-session" else {
            return try Self.execute(tmux, Array(tmuxArguments.dropFirst()), scratch: directory)
        }
        // The server this starts keeps every descriptor it inherits (Process's own exit
        // watch included, which would then never see the client exit): close them first.
        // Signals go back to their defaults (when `env` can), as in a terminal of one's own.
        let closeInherited =
            "for fd in /proc/$$/fd/*; do fd=${fd##*/}; [ \"$fd\" -gt 2 ] && eval \"exec $fd>&-\"; "
            + "done 2>/dev/null; env --default-signal true 2>/dev/null && exec env --default-signal \"$@\"; "
            + "exec \"$@\""
        return try Self.execute(
            "/bin/bash", ["-c", closeInherited, "bash"] + tmuxArguments, scratch: directory)
    }

    /// Runs a program and returns what it wrote; throws with it on failure.
    ///
    /// Output goes to a file, not a pipe: a tmux server started by the program keeps its
    /// output open, and a pipe would never end.
    @discardableResult
    static func execute(_ program: String, _ arguments: [String], scratch: String) throws -> String {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: program)
        process.arguments = arguments
        let outputPath = scratch + "/output-\(UInt32.random(in: 0...UInt32.max))"
        guard FileManager.default.createFile(atPath: outputPath, contents: nil) else {
            throw E2EFailure("cannot create \(outputPath)")
        }
        defer { try? FileManager.default.removeItem(atPath: outputPath) }
        let output = try FileHandle(forWritingTo: URL(fileURLWithPath: outputPath))
        defer { try? output.close() }
        process.standardOutput = output
        process.standardError = output
        try process.run()
        process.waitUntilExit()
        let text = (try? String(contentsOfFile: outputPath, encoding: .utf8)) ?? ""
        guard process.terminationStatus == 0 else {
            throw E2EFailure("\(program) \(arguments.joined(separator: " ")) failed: \(text)")
        }
        return text
    }

    /// Runs `sqlite3` on the items database: what a user does behind the app's back.
    @discardableResult
    func sqlite(_ sql: String) throws -> String {
        guard let sqlite3 = Self.tool("sqlite3") else { throw E2EFailure("sqlite3 is not installed") }
        return try Self.execute(sqlite3, [dataDirectory + "/items.sqlite", sql], scratch: directory)
    }

    // MARK: Keys and screen

    /// Sends keys by tmux name (`Enter`, `C-z`, `S-Down`).
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

    /// The screen's rows, trailing newline dropped.
    func lines() throws -> [String] {
        var lines = try screen().components(separatedBy: "\n")
        if lines.last == "" { lines.removeLast() }
        return lines
    }

    /// The text of the rows below the bar drawn in reverse video: the list's highlighted
    /// row, as a person sees the highlight.
    func highlightedRows() throws -> [String] {
        let styled = try run(["capture-pane", "-p", "-e", "-t", "e2e"]).components(separatedBy: "\n")
        return styled.dropFirst().filter { $0.hasPrefix("\u{1B}[7m") }.map(Self.stripEscapes)
    }

    private static func stripEscapes(_ line: String) -> String {
        var result = ""
        var escape = false
        for character in line {
            if escape {
                if character.isLetter { escape = false }
            } else if character == "\u{1B}" {
                escape = true
            } else {
                result.append(character)
            }
        }
        while result.last == " " { result.removeLast() }
        return result
    }

    /// A pane variable: `alternate_on`, `cursor_x`, `cursor_y`, `pane_pid`.
    func value(_ name: String) throws -> String {
        try run(["display-message", "-p", "-t", "e2e", "#{\(name)}"]).trimmingCharacters(
            in: .whitespacesAndNewlines)
    }

    /// The cursor, as (column, row).
    func cursor() throws -> [String] {
        [try value("cursor_x"), try value("cursor_y")]
    }

    /// Polls every 20 ms until `condition` holds for the screen, and returns that screen.
    /// - Throws: ``E2EFailure`` with the last screen when `timeout` passes first.
    @discardableResult
    func waitFor(_ what: String, timeout: Duration = .seconds(10), _ condition: (String) throws -> Bool)
        async throws -> String
    {
        let clock = ContinuousClock()
        let deadline = clock.now + timeout
        var last = ""
        while clock.now < deadline {
            last = try screen()
            if try condition(last) { return last }
            try await Task.sleep(for: .milliseconds(20))
        }
        throw E2EFailure("timed out waiting for \(what); the screen was:\n\(last)")
    }

    /// Polls every 20 ms until `condition` holds.
    func waitUntil(_ what: String, timeout: Duration = .seconds(10), _ condition: () throws -> Bool)
        async throws
    {
        let clock = ContinuousClock()
        let deadline = clock.now + timeout
        while clock.now < deadline {
            if try condition() { return }
            try await Task.sleep(for: .milliseconds(20))
        }
        throw E2EFailure("timed out waiting for \(what); the screen was:\n\(try screen())")
    }

    // MARK: The app

    /// Starts `homepwner` on this session's directories and waits for its first frame.
    /// - Parameters:
    ///   - arguments: Extra options.
    ///   - environment: Variables set for this run only (`RESTORATION_DEBUG=1`).
    ///   - ready: What the first frame must show.
    @discardableResult
    func launch(
        _ arguments: String = "", environment: String = "", ready: String = "Homepwner"
    ) async throws -> String {
        guard let binary = Self.binary else { throw E2EFailure("homepwner is not built next to the tests") }
        try shell(
            "clear; \(environment) '\(binary)' --data-dir '\(dataDirectory)' --state-dir '\(stateDirectory)' \(arguments)"
        )
        return try await waitFor("the app's first frame showing \(ready)") { screen in
            try screen.contains(ready) && isAlternateScreen()
        }
    }

    /// True while the app shows its alternate screen.
    func isAlternateScreen() throws -> Bool { try value("alternate_on") == "1" }

    /// The process id of the shell's foreground child (the app), if one runs.
    func appPID() throws -> pid_t? {
        let shell = try value("pane_pid")
        let children = try String(contentsOfFile: "/proc/\(shell)/task/\(shell)/children", encoding: .utf8)
        return children.split(separator: " ").first.flatMap { pid_t($0) }
    }

    /// Quits with `q` and waits for the shell; returns the app's exit status.
    func quit(key: String = "q") async throws -> String {
        try press(key)
        try await waitUntil("the shell after quitting") { try !isAlternateScreen() }
        try shell("echo status=$?")
        // The typed command shows "status=$?"; its output is a line of its own.
        let isStatus: (Substring) -> Bool = { $0.hasPrefix("status=") }
        let screen = try await waitFor("the exit status") {
            $0.split(separator: "\n").contains(where: isStatus)
        }
        let line = screen.split(separator: "\n").last(where: isStatus) ?? ""
        return String(line.dropFirst("status=".count))
    }

    /// `kill -9` the app, waits until it is gone, and gives the shell a sane terminal again
    /// (the app had no chance to restore it).
    func killApp() async throws {
        let pid = try #require(try appPID(), "the app is not running")
        #expect(kill(pid, SIGKILL) == 0)
        try await waitUntil("the app to die") { !Self.isAlive(pid) }
        try shell("stty sane; printf '\\033[?1049l\\033[?25h'; clear")
        try await waitUntil("the shell's normal screen") { try !isAlternateScreen() }
    }

    /// The saved archive, if it parses.
    func archive() -> Archive? {
        guard let data = FileManager.default.contents(atPath: archivePath) else { return nil }
        return try? Archive(bytes: Array(data))
    }

    /// The text a saved text field holds in the archive, by the end of its path.
    func archivedText(ofFieldEndingWith suffix: String) -> String? {
        guard let record = archive()?.records.first(where: { $0.path.description.hasSuffix(suffix) }) else {
            return nil
        }
        guard case .string(let text)? = record.entries.last(where: { $0.key == "text" })?.value else {
            return nil
        }
        return text
    }
}

/// A failure of the end-to-end machinery, with what it saw.
struct E2EFailure: Error, CustomStringConvertible {
    let description: String
    init(_ description: String) { self.description = description }
}
