import Glibc

/// A child process whose standard output (and, if asked, standard error) comes back
/// through a pipe, line by line: the storms' way to start, watch and kill their children.
struct ChildProcess {
    /// How a child ended.
    enum Ending: Equatable, CustomStringConvertible {
        case exited(Int32)
        case signalled(Int32)

        var description: String {
            switch self {
            case .exited(let status): "exit status \(status)"
            case .signalled(let signal): "signal \(signal) (\(String(cString: strsignal(signal))))"
            }
        }
    }

    let pid: pid_t
    private let output: Int32
    private var buffer: [UInt8] = []
    /// Complete lines read so far.
    private(set) var lines: [String] = []

    /// Starts `path` with `arguments`.
    /// - Parameter mergeErrors: Also send the child's standard error into the pipe.
    init(_ path: String, _ arguments: [String], mergeErrors: Bool = false) throws(SpawnError) {
        var descriptors: [Int32] = [-1, -1]
        guard pipe(&descriptors) == 0 else { throw SpawnError(path: path, code: errno) }
        // Only the child's copy on descriptor 1 (and 2) survives the exec.
        for descriptor in descriptors { _ = fcntl(descriptor, F_SETFD, FD_CLOEXEC) }
        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        posix_spawn_file_actions_adddup2(&actions, descriptors[1], 1)
        if mergeErrors { posix_spawn_file_actions_adddup2(&actions, descriptors[1], 2) }
        let argv: [UnsafeMutablePointer<CChar>?] = ([path] + arguments).map { strdup($0) } + [nil]
        defer { for argument in argv { free(argument) } }
        var child: pid_t = 0
        let code = posix_spawn(&child, path, &actions, nil, argv, environ)
        close(descriptors[1])
        guard code == 0 else {
            close(descriptors[0])
            throw SpawnError(path: path, code: code)
        }
        pid = child
        output = descriptors[0]
    }

    /// Reads what is available, waiting at most `timeout` (nil: until something arrives or
    /// the pipe closes).
    /// - Returns: False once the pipe is closed (the child and its inheritors are gone).
    @discardableResult
    mutating func read(waitingAtMost timeout: Duration?) -> Bool {
        var descriptor = pollfd(fd: output, events: Int16(POLLIN), revents: 0)
        let milliseconds = timeout.map { Int32(clamping: Int(($0 / .milliseconds(1)).rounded(.up))) } ?? -1
        let ready = poll(&descriptor, 1, milliseconds)
        if ready < 0 { return errno == EINTR }
        if ready == 0 { return true }
        var chunk = [UInt8](repeating: 0, count: 65_536)
        let count = chunk.withUnsafeMutableBytes { Glibc.read(output, $0.baseAddress, $0.count) }
        if count < 0 { return errno == EINTR || errno == EAGAIN }
        if count == 0 { return false }
        buffer += chunk[0..<count]
        while let newline = buffer.firstIndex(of: UInt8(ascii: "\n")) {
            lines.append(String(decoding: buffer[..<newline], as: UTF8.self))
            buffer.removeSubrange(...newline)
        }
        return true
    }

    /// Reads for `duration`, then returns.
    mutating func read(for duration: Duration) {
        let deadline = ContinuousClock.now + duration
        while true {
            let left = deadline - ContinuousClock.now
            guard left > .zero, read(waitingAtMost: left) else { return }
        }
    }

    /// Reads until a line satisfies `condition` or `timeout` passes.
    /// - Returns: True if such a line arrived.
    mutating func read(until condition: (String) -> Bool, timeout: Duration) -> Bool {
        let deadline = ContinuousClock.now + timeout
        var checked = 0
        while true {
            if lines[checked...].contains(where: condition) { return true }
            checked = lines.count
            let left = deadline - ContinuousClock.now
            guard left > .zero, read(waitingAtMost: left) else { return false }
        }
    }

    /// Sends `signal`.
    func send(_ signal: Int32) {
        kill(pid, signal)
    }

    /// Reads to the end of the output, then reaps the child. Closes the pipe.
    mutating func finish() -> Ending {
        while read(waitingAtMost: nil) {}
        close(output)
        var status: Int32 = 0
        while waitpid(pid, &status, 0) < 0 && errno == EINTR {}
        // WIFEXITED / WTERMSIG, which Swift does not import as functions.
        let signal = status & 0x7f
        return signal == 0 ? .exited((status >> 8) & 0xff) : .signalled(signal)
    }

    /// Runs `path` to its end and returns how it ended and what it printed.
    static func run(_ path: String, _ arguments: [String]) throws(SpawnError) -> (Ending, [String]) {
        var child = try ChildProcess(path, arguments, mergeErrors: true)
        let ending = child.finish()
        return (ending, child.lines)
    }
}

/// A child process could not be started.
struct SpawnError: Error, CustomStringConvertible {
    var path: String
    var code: Int32

    var description: String { "cannot start \(path): \(String(cString: strerror(code)))" }
}
