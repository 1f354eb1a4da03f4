/// Why ``HomepwnerPaths/resolve(environment:dataDirectory:stateDirectory:currentDirectory:)``
/// could not find a directory.
public enum HomepwnerPathsError: Error, Hashable, Sendable, CustomStringConvertible {
    /// `variable` is unset (or not absolute), and so is `HOME`.
    case noHomeDirectory(variable: String)
    /// `--data-dir ""` or `--state-dir ""`.
    case emptyOverride(option: String)

    /// One line for a person: what failed, where, and why.
    public var description: String {
        switch self {
        case .noHomeDirectory(let variable):
            "cannot find a directory: \(variable) and HOME are both unset or not absolute paths"
        case .emptyOverride(let option):
            "\(option) needs a directory, not an empty string"
        }
    }
}
