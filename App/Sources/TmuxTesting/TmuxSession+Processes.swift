import Foundation

#if canImport(Glibc)
    import Glibc
#endif

extension TmuxSession {
    /// The process id of the pane's process: the shell, or the command the session runs.
    public func panePID() throws -> pid_t {
        let text = try value("pane_pid")
        guard let pid = pid_t(text) else {
            throw TmuxError.unexpectedOutput(command: ["display-message", "#{pane_pid}"], output: text)
        }
        return pid
    }

    /// The process id of the tmux server.
    public func serverPID() throws -> pid_t {
        let text = try value("pid")
        guard let pid = pid_t(text) else {
            throw TmuxError.unexpectedOutput(command: ["display-message", "#{pid}"], output: text)
        }
        return pid
    }

    /// The process id of the pane process's first child: the app a shell runs, or nil
    /// while the shell runs nothing. Reads `/proc` (Linux).
    public func childPID() throws -> pid_t? {
        let pane = try panePID()
        let children = try String(contentsOfFile: "/proc/\(pane)/task/\(pane)/children", encoding: .utf8)
        return children.split(separator: " ").first.flatMap { pid_t($0) }
    }

    /// True while `pid` runs: it exists and is not a zombie. A zombie counts as gone, as
    /// nothing here may reap it (a tmux server's parent is init). Reads `/proc` (Linux).
    public static func isAlive(_ pid: pid_t) -> Bool {
        guard let stat = try? String(contentsOfFile: "/proc/\(pid)/stat", encoding: .utf8),
            let end = stat.lastIndex(of: ")")
        else { return false }
        return stat[stat.index(after: end)...].trimmingCharacters(in: .whitespaces).first != "Z"
    }
}
