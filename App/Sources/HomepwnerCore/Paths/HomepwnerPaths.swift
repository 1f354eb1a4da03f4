import Foundation

/// Where Homepwner keeps its files, resolved from the XDG base-directory variables.
///
/// | what | path |
/// |---|---|
/// | items database | `<data>/items.sqlite` |
/// | photos | `<data>/images/<item-key>` |
/// | restoration archive | `<state>/restoration.archive` |
///
/// `<data>` is `$XDG_DATA_HOME/homepwner` (default `~/.local/share/homepwner`), and
/// `<state>` is `$XDG_STATE_HOME/homepwner` (default `~/.local/state/homepwner`). As the XDG
/// specification says, a variable that is empty or not an absolute path is ignored.
/// `--data-dir` and `--state-dir` name the final directories themselves: nothing is
/// appended to an override.
///
/// Resolving touches nothing on disk. The stores create their directories (mode 0700)
/// when they open.
public struct HomepwnerPaths: Sendable, Hashable {
    /// Holds the database and the `images` directory.
    public var dataDirectory: String
    /// Holds the restoration archive and the engine's markers.
    public var stateDirectory: String

    /// Uses the two directories as given.
    public init(dataDirectory: String, stateDirectory: String) {
        self.dataDirectory = dataDirectory
        self.stateDirectory = stateDirectory
    }

    /// `<data>/items.sqlite`.
    public var databasePath: String { Self.join(dataDirectory, "items.sqlite") }
    /// `<data>/images`.
    public var imagesDirectory: String { Self.join(dataDirectory, "images") }
    /// `<state>/restoration.archive`.
    public var restorationArchivePath: String { Self.join(stateDirectory, "restoration.archive") }

    /// Resolves both directories.
    ///
    /// - Parameters:
    ///   - environment: Usually `ProcessInfo.processInfo.environment`; tests pass their own.
    ///   - dataDirectory: The `--data-dir` value, if any. A relative path is taken from
    ///     `currentDirectory`.
    ///   - stateDirectory: The `--state-dir` value, if any.
    ///   - currentDirectory: The base of relative overrides.
    /// - Throws: ``HomepwnerPathsError/noHomeDirectory(variable:)`` when a directory is
    ///   needed from `HOME` and `HOME` is unset, empty or relative.
    public static func resolve(
        environment: [String: String] = ProcessInfo.processInfo.environment,
        dataDirectory: String? = nil,
        stateDirectory: String? = nil,
        currentDirectory: String = FileManager.default.currentDirectoryPath
    ) throws(HomepwnerPathsError) -> HomepwnerPaths {
        var paths = HomepwnerPaths(dataDirectory: "", stateDirectory: "")
        if let dataDirectory {
            paths.dataDirectory = try absolute(dataDirectory, in: currentDirectory, option: "--data-dir")
        } else {
            paths.dataDirectory = join(
                try base("XDG_DATA_HOME", ".local/share", environment), appDirectoryName)
        }
        if let stateDirectory {
            paths.stateDirectory = try absolute(stateDirectory, in: currentDirectory, option: "--state-dir")
        } else {
            paths.stateDirectory = join(
                try base("XDG_STATE_HOME", ".local/state", environment), appDirectoryName)
        }
        return paths
    }

    /// The directory name under each XDG base.
    public static let appDirectoryName = "homepwner"

    private static func base(
        _ variable: String, _ fallback: String, _ environment: [String: String]
    ) throws(HomepwnerPathsError) -> String {
        if let value = environment[variable], value.hasPrefix("/") { return value }
        guard let home = environment["HOME"], home.hasPrefix("/") else {
            throw .noHomeDirectory(variable: variable)
        }
        return join(home, fallback)
    }

    private static func absolute(
        _ path: String, in currentDirectory: String, option: String
    ) throws(HomepwnerPathsError) -> String {
        guard !path.isEmpty else { throw .emptyOverride(option: option) }
        return path.hasPrefix("/") ? path : join(currentDirectory, path)
    }

    /// `name` inside `directory`, with one `/` between them.
    public static func join(_ directory: String, _ name: String) -> String {
        directory.hasSuffix("/") ? directory + name : directory + "/" + name
    }
}
