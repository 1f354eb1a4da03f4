import StateRestoration

/// What a Homepwner command line asks for, once parsed and checked: the options that
/// `homepwner` and `homepwner-gtk` share (rule G1), read by ``LaunchCommandLine``.
public struct LaunchOptions: Hashable, Sendable {
    /// `--fresh`: start a new session, from the list, leaving the others alone (rule S4).
    public var startsFresh = false
    /// `--session`: the session to use, or nil for the most recently saved free one (S3).
    public var session: String?
    /// `--open`: the serial number or key of an item to show in a new session (S6).
    public var openItem: String?
    /// `--data-dir`: where the database and photos live, or nil for the XDG default.
    public var dataDirectory: String?
    /// `--state-dir`: where the sessions live, or nil for the XDG default.
    public var stateDirectory: String?
    /// `--random-items`: how many of the book's random items to add first; nil when not
    /// given (without a terminal, the option alone makes a run that only adds them).
    public var randomItems: Int?
    /// `--keep-sessions` and `--session-days`: when sessions are pruned.
    public var sessionPolicy = SessionPolicy()

    /// Options as a command line with none would give.
    public init() {}

    /// Which session this launch asks for (rule S3).
    public var sessionChoice: SessionChoice {
        if let session { return .named(session) }
        return startsFresh || openItem != nil ? .new : .mostRecent
    }
}
