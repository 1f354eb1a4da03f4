import Foundation

#if canImport(Glibc)
    import Glibc
#endif

/// A private tmux server with one pane, for end-to-end tests that drive a real binary in a
/// real terminal: type with ``press(_:)`` and ``type(_:)``, read with ``screen(styled:)``,
/// and poll with ``waitFor(_:timeout:_:)`` until the screen shows what a person would see.
///
/// Each session is sealed off from everything else:
/// - its own socket (`tmux -L`), so tests never see each other's panes or a user's tmux;
/// - its own configuration (`tmux -f`): `escape-time 0`, so Escape arrives at once, and
///   `status off`, so the pane is the whole window;
/// - a fresh temporary ``directory``, the pane's working directory, with `HOME` in it;
/// - `LANG=C.UTF-8`, an empty `LC_ALL` and `NO_COLOR`, and the prompt `$ `.
///
/// Nothing here sleeps a fixed time: every wait checks first, then polls every 20 ms until
/// its condition holds or its timeout passes. Call ``close()`` when done (`defer`): it
/// stops the server within milliseconds and removes the directory.
///
/// The class is open so that a test target can add what its app needs (a launch command,
/// its data directories) in a subclass. It is not `Sendable`: a test uses it from one task.
open class TmuxSession {
    /// The shell a session runs when not given a command: bash, without any user's rc files.
    public static let plainShell = ["bash", "--norc", "--noprofile"]

    /// The tmux session (and so the target of every command) inside this private server.
    public static let target = "e2e"

    /// How often the waits look again.
    static let pollInterval = Duration.milliseconds(20)

    /// The server's socket name (`tmux -L`), unique to this session.
    public let socket: String
    /// A new directory for this session alone: the pane's working directory, holding its
    /// `HOME` (`home/`) and anything a test writes. ``close()`` removes it.
    public let directory: String
    private let config: String
    private let tmux: String
    private var isClosed = false

    /// Starts a private tmux server whose one pane is `width` columns by `height` rows and
    /// runs `command`, in a new temporary directory.
    ///
    /// - Parameters:
    ///   - label: The start of the socket and directory names, to tell a lingering server
    ///     or directory apart (`homepwner-e2e`).
    ///   - width: Columns.
    ///   - height: Rows.
    ///   - command: The program and its arguments; by default ``plainShell``, in which a
    ///     test types commands with ``shell(_:)``.
    /// - Throws: ``TmuxError/notFound(program:place:)`` without tmux on the `PATH`, or the
    ///   error that stopped the directory or the server from being made.
    public init(
        label: String = "tmux-e2e", width: Int = 80, height: Int = 24,
        command: [String] = TmuxSession.plainShell
    ) throws {
        guard let tmux = Self.programOnPath("tmux") else {
            throw TmuxError.notFound(program: "tmux", place: "on the PATH")
        }
        self.tmux = tmux
        let id = "\(getpid())-\(UInt32.random(in: 0...UInt32.max))"
        socket = "\(label)-\(id)"
        directory = NSTemporaryDirectory() + "\(label)-\(id)"
        config = directory + "/tmux.conf"
        do {
            try FileManager.default.createDirectory(
                atPath: directory + "/home", withIntermediateDirectories: true)
            try "set -g escape-time 0\nset -g status off\n".write(
                toFile: config, atomically: true, encoding: .utf8)
            try startServer(
                [
                    "new-session", "-d", "-s", Self.target, "-x", "\(width)", "-y", "\(height)",
                    "-c", directory, "-e", "LANG=C.UTF-8", "-e", "LC_ALL=", "-e", "NO_COLOR=",
                    "-e", "HOME=\(directory)/home", "-e", "PS1=$ ",
                ] + command)
        } catch {
            try? FileManager.default.removeItem(atPath: directory)
            throw error
        }
    }

    /// Stops everything this session started and removes its directory. Safe to call twice.
    ///
    /// The pane's process and its child (the app) are killed first, with `SIGKILL`: the test
    /// runner may ignore `SIGHUP`, and a shell that inherited that would outlive
    /// `kill-server`, keeping the server up about two seconds more. Then the server is told
    /// to go, and killed by its process id if it has not gone within two seconds. Its
    /// socket file, which tmux leaves behind, is removed too.
    public func close() {
        guard !isClosed else { return }
        isClosed = true
        let child = try? childPID()
        let pane = try? panePID()
        let server = try? serverPID()
        let socketPath = try? run(["display-message", "-p", "#{socket_path}"])
            .trimmingCharacters(in: .whitespacesAndNewlines)
        for pid in [child, pane].compactMap({ $0 }) { kill(pid, SIGKILL) }
        _ = try? run(["kill-server"])
        if let server {
            var waited = 0
            while Self.isAlive(server) && waited < 200 {
                usleep(10_000)
                waited += 1
            }
            if Self.isAlive(server) { kill(server, SIGKILL) }
        }
        // tmux leaves its socket behind (in /tmp/tmux-UID/), one per session.
        if let socketPath, !socketPath.isEmpty { try? FileManager.default.removeItem(atPath: socketPath) }
        try? FileManager.default.removeItem(atPath: directory)
    }

    /// Runs a tmux command on this server (`["send-keys", "-t", "e2e", "-N", "10", "Up"]`).
    /// - Returns: What tmux wrote.
    /// - Throws: ``TmuxError/failed(command:status:output:)`` if tmux fails.
    @discardableResult
    public func run(_ arguments: [String]) throws -> String {
        try execute(tmux, ["-L", socket, "-f", config] + arguments)
    }

    /// Runs the tmux command that starts the server.
    ///
    /// The server keeps every descriptor it inherits, Process's own exit watch included,
    /// which would then never see the client exit: a small bash closes them first. Signals
    /// go back to their defaults (where `env` can), as in a terminal of one's own.
    private func startServer(_ arguments: [String]) throws {
        let closeInherited =
            "for fd in /proc/$$/fd/*; do fd=${fd##*/}; [ \"$fd\" -gt 2 ] && eval \"exec $fd>&-\"; "
            + "done 2>/dev/null; env --default-signal true 2>/dev/null && exec env --default-signal \"$@\"; "
            + "exec \"$@\""
        try execute(
            "/bin/bash", ["-c", closeInherited, "bash", tmux, "-L", socket, "-f", config] + arguments)
    }

    /// Runs a program to its end and returns what it wrote to standard output and error.
    ///
    /// The output goes to a file in ``directory``, not to a pipe: a tmux server started by
    /// the program keeps its output open, and reading a pipe would then never end.
    ///
    /// - Parameters:
    ///   - program: The path of the program (see ``programOnPath(_:)``).
    ///   - arguments: Its arguments.
    /// - Returns: What it wrote.
    /// - Throws: ``TmuxError/failed(command:status:output:)`` with that output if it
    ///   exits with a failure status; the error of starting it if it cannot start.
    @discardableResult
    public func execute(_ program: String, _ arguments: [String]) throws -> String {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: program)
        process.arguments = arguments
        let outputPath = directory + "/output-\(UInt32.random(in: 0...UInt32.max))"
        guard FileManager.default.createFile(atPath: outputPath, contents: nil) else {
            throw TmuxError.cannotCreate(path: outputPath)
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
            throw TmuxError.failed(
                command: [program] + arguments, status: process.terminationStatus, output: text)
        }
        return text
    }
}
