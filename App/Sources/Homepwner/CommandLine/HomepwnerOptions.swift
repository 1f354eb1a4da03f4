import StateRestoration

/// What the `homepwner` command line asks for, once parsed and checked.
struct HomepwnerOptions: Hashable, Sendable {
    /// `--fresh`: start a new session, from the list, leaving the others alone (rule S4).
    var startsFresh = false
    /// `--session`: the session to use, or nil for the most recently saved free one (S3).
    var session: String?
    /// `--open`: the serial number or key of an item to show in a new session (S6).
    var openItem: String?
    /// `--data-dir`: where the database and photos live, or nil for the XDG default.
    var dataDirectory: String?
    /// `--state-dir`: where the sessions live, or nil for the XDG default.
    var stateDirectory: String?
    /// `--random-items`: how many of the book's random items to add first; nil when not
    /// given (without a terminal, the option alone makes a run that only adds them).
    var randomItems: Int?
    /// `--keep-sessions` and `--session-days`: when sessions are pruned.
    var sessionPolicy = SessionPolicy()

    /// Which session this launch asks for (rule S3).
    var sessionChoice: SessionChoice {
        if let session { return .named(session) }
        return startsFresh || openItem != nil ? .new : .mostRecent
    }
}
