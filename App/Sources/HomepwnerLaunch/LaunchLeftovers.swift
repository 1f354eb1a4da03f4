import Foundation
import HomepwnerCore

/// What a launch is about to create that was not there before it: the directories and
/// the database. A launch that fails before the app runs (an unknown `--open`, no
/// terminal) removes them again, so a mistyped command leaves nothing behind.
public struct LaunchLeftovers {
    /// Directories that did not exist, each before its children.
    private var directories: [String] = []
    /// The database's files, if the database did not exist.
    private var files: [String] = []

    /// Looks at `paths` before anything is created.
    public init(before paths: HomepwnerPaths) {
        let manager = FileManager.default
        for directory in [paths.stateDirectory, paths.dataDirectory] {
            var missing: [String] = []
            var current = directory
            while !current.isEmpty, current != "/", !manager.fileExists(atPath: current) {
                missing.insert(current, at: 0)
                current = (current as NSString).deletingLastPathComponent
            }
            for path in missing where !directories.contains(path) { directories.append(path) }
        }
        let database = paths.databasePath
        if !manager.fileExists(atPath: database) {
            files = ["", "-wal", "-shm", "-journal", "-pending"].map { database + $0 }
        }
    }

    /// Removes what the launch created: the database's files, then each directory it made,
    /// deepest first, if nothing else is in it.
    public func remove() {
        for file in files { unlink(file) }
        for directory in directories.reversed() { rmdir(directory) }
    }
}
