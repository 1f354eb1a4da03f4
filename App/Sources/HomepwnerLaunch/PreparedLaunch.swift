import ArgumentKit
import Foundation
import HomepwnerCore
import StateRestoration

/// What a Homepwner app runs on, whatever draws it: the directories, the open store, and
/// the item `--open` named. ``prepare(_:variables:currentDirectory:)`` makes one.
public struct PreparedLaunch {
    /// The data and state directories.
    public var paths: HomepwnerPaths
    /// The item store, open.
    public var store: ItemStore
    /// The item `--open` named, found.
    public var openItem: Item?
    /// What this launch created, to remove if it fails before the app runs.
    public var leftovers: LaunchLeftovers

    /// Resolves the directories, checks that they are safe (rule R36), opens the store and
    /// adds the random items.
    /// - Parameters:
    ///   - options: The command line's options.
    ///   - variables: The environment (XDG variables and HOME).
    ///   - currentDirectory: The base of relative `--data-dir` and `--state-dir` values.
    /// - Returns: The launch's ground, or the failure to report.
    public static func prepare(
        _ options: LaunchOptions, variables: [String: String], currentDirectory: String
    ) -> Result<PreparedLaunch, LaunchFailure> {
        let paths: HomepwnerPaths
        do {
            paths = try HomepwnerPaths.resolve(
                environment: variables, dataDirectory: options.dataDirectory,
                stateDirectory: options.stateDirectory, currentDirectory: currentDirectory)
        } catch {
            let status: ExitStatus = if case .emptyOverride = error { .usage } else { .cannotCreate }
            return .failure(LaunchFailure(message: error.description, status: status))
        }
        let leftovers = LaunchLeftovers(before: paths)
        // A directory named by a file is the same mistake for both: said the same way, 73.
        for (what, directory, option) in [
            ("state", paths.stateDirectory, "--state-dir"), ("data", paths.dataDirectory, "--data-dir"),
        ] {
            var isDirectory: ObjCBool = false
            if FileManager.default.fileExists(atPath: directory, isDirectory: &isDirectory),
                !isDirectory.boolValue
            {
                return .failure(
                    LaunchFailure(
                        message: "the \(what) directory \(directory) is a file, not a directory; "
                            + "move it away, or use \(option) to choose a directory",
                        status: .cannotCreate))
            }
        }
        do {
            try FileManager.default.createDirectory(
                atPath: paths.stateDirectory, withIntermediateDirectories: true,
                attributes: [.posixPermissions: 0o700])
        } catch {
            return .failure(
                LaunchFailure(
                    message:
                        "cannot create the state directory \(paths.stateDirectory): \(error.localizedDescription)",
                    status: .cannotCreate))
        }
        // Rule R36: nothing is read from, or written to, a directory that someone else could
        // plant files in (an archive that crashes the app, a FIFO, a symbolic link).
        for (what, directory) in [("state", paths.stateDirectory), ("data", paths.dataDirectory)] {
            do {
                try DirectoryTrust.check(directory)
            } catch {
                return .failure(
                    LaunchFailure(message: "the \(what) directory \(error)", status: .noPermission))
            }
        }
        let store: ItemStore
        do {
            store = try ItemStore(paths: paths)
            if let count = options.randomItems, count > 0 {
                var generator = SystemRandomNumberGenerator()
                try store.insertRandomItems(count, using: &generator)
            }
        } catch {
            return .failure(LaunchFailure(message: error.description, status: exitStatus(for: error)))
        }
        var openItem: Item?
        if let wanted = options.openItem {
            switch findItem(wanted, in: store, databasePath: paths.databasePath) {
            case .success(let item): openItem = item
            case .failure(let failure):
                leftovers.remove()
                return .failure(failure)
            }
        }
        return .success(PreparedLaunch(paths: paths, store: store, openItem: openItem, leftovers: leftovers))
    }

    /// The item `text` names (rule S6): a key (36 hexadecimal characters and dashes) or a
    /// serial number, exactly. Unknown or ambiguous: a failure with status 65.
    public static func findItem(_ text: String, in store: ItemStore, databasePath: String) -> Result<
        Item, LaunchFailure
    > {
        do {
            if let key = ItemKey.parse(text), let item = try store.item(forKey: key),
                try store.isProvisional(key) != true
            {
                return .success(item)
            }
            let items = try store.items(withSerialNumber: text)
            if items.count == 1, let item = items.first { return .success(item) }
            let quoted = "“\(TerminalText.quoted(text))”"
            if items.isEmpty {
                return .failure(
                    LaunchFailure(
                        message: "no item has the serial number or key \(quoted) in \(databasePath)",
                        status: .dataError))
            }
            let keys = items.map { ItemKey.text($0.key) }.joined(separator: ", ")
            return .failure(
                LaunchFailure(
                    message:
                        "\(items.count) items have the serial number \(quoted); open one by its key: \(keys)",
                    status: .dataError))
        } catch {
            return .failure(LaunchFailure(message: error.description, status: exitStatus(for: error)))
        }
    }

    /// Where diagnostics go: with `RESTORATION_DEBUG=1`, the file `RESTORATION_DEBUG_LOG`
    /// names, else `<state-dir>/restoration.log` (a full-screen or windowed app has no
    /// terminal to write them to); otherwise nowhere.
    public static func debugOutput(_ variables: [String: String], stateDirectory: String)
        -> RestorationConfiguration.DebugOutput
    {
        guard variables["RESTORATION_DEBUG"] == "1" else { return .off }
        if let path = variables["RESTORATION_DEBUG_LOG"], !path.isEmpty { return .file(path) }
        return .file(HomepwnerPaths.join(stateDirectory, "restoration.log"))
    }

    /// The exit status for a store's error.
    public static func exitStatus(for error: ItemStoreError) -> ExitStatus {
        switch error {
        case .cannotCreateDirectory: .cannotCreate
        case .untrusted: .noPermission
        case .schemaTooNew, .notAHomepwnerDatabase, .invalidRow: .dataError
        case .sqlite where error.isNotADatabase: .dataError
        case .sqlite, .photo: .ioError
        case .negativeValue, .itemNotFound, .indexOutOfRange: .software
        }
    }
}
