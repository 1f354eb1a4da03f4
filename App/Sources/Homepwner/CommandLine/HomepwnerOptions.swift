/// What the `homepwner` command line asks for, once parsed and checked.
struct HomepwnerOptions: Hashable, Sendable {
    /// `--fresh`: throw the saved screen state away and start from the list.
    var startsFresh = false
    /// `--data-dir`: where the database and photos live, or nil for the XDG default.
    var dataDirectory: String?
    /// `--state-dir`: where the restoration archive lives, or nil for the XDG default.
    var stateDirectory: String?
    /// `--random-items`: how many of the book's random items to add first; nil when not
    /// given (without a terminal, the option alone makes a run that only adds them).
    var randomItems: Int?
}
