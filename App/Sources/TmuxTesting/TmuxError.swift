/// Why a ``TmuxSession`` could not do what a test asked, with what it saw.
public enum TmuxError: Error, CustomStringConvertible {
    /// A program is not where it was looked for (`tmux`, `on the PATH`).
    case notFound(program: String, place: String)
    /// A program exited with a failure status; `output` is what it wrote.
    case failed(command: [String], status: Int32, output: String)
    /// A file for a program's output could not be made.
    case cannotCreate(path: String)
    /// tmux answered something that could not be read.
    case unexpectedOutput(command: [String], output: String)
    /// A wait ran out of time; `screen` is the last one seen.
    case timedOut(waitingFor: String, after: Duration, screen: String)

    public var description: String {
        switch self {
        case .notFound(let program, let place):
            return "\(program) is not found \(place)"
        case .failed(let command, let status, let output):
            return "\(command.joined(separator: " ")) failed with status \(status): \(output)"
        case .cannotCreate(let path):
            return "cannot create \(path)"
        case .unexpectedOutput(let command, let output):
            return "\(command.joined(separator: " ")) printed something unexpected: \(output)"
        case .timedOut(let what, let timeout, let screen):
            return "timed out after \(timeout) waiting for \(what); the screen was:\n\(screen)"
        }
    }
}
