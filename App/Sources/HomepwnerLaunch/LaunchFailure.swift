import ArgumentKit
import StateRestoration

/// A failure before a Homepwner app starts: what to tell the user, and the exit status.
public struct LaunchFailure: Error, Hashable, Sendable {
    /// The message, without the program's name or "error:".
    public var message: String
    /// The status the process exits with.
    public var status: ExitStatus
    /// What the user can do about it, printed on a line of its own after "hint:"; or nil.
    public var hint: String?

    /// Creates a failure.
    public init(message: String, status: ExitStatus, hint: String? = nil) {
        self.message = message
        self.status = status
        self.hint = hint
    }

    /// The failure to open this launch's session (rule S3): 75 when another running
    /// instance holds it, 64 for a name that cannot be a session's, 77 for a directory that
    /// is not safe, 73 when a file step failed.
    public init(opening error: SessionError) {
        let status: ExitStatus =
            switch error {
            case .held: .temporaryFailure
            case .invalidIdentifier: .usage
            case .storage(.refused): .noPermission
            case .storage: .cannotCreate
            }
        var hint: String?
        if case .held = error {
            hint = "start without --session for the newest free session, or with --fresh for a new one"
        }
        self.init(message: "\(error)", status: status, hint: hint)
    }
}
