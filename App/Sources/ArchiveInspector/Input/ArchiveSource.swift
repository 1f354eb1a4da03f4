import StateRestoration

/// Where an archive is read from: a file, standard input, or an app's state directory
/// (rule A5).
package enum ArchiveSource: Hashable, Sendable {
    /// A file path as given.
    case file(String)
    /// Standard input, given as `-`.
    case standardInput
    /// An app's archive: `$XDG_STATE_HOME/<name>/restoration.archive` (or the archive the
    /// engine last threw away as corrupt, `restoration.archive.discarded`).
    case app(name: String, path: String, discarded: Bool)

    /// The name used in output and messages.
    package var displayName: String {
        switch self {
        case .file(let path), .app(_, let path, _): path
        case .standardInput: "(standard input)"
        }
    }

    /// The app's state directory as the engine and Homepwner find it: `$XDG_STATE_HOME/<app>`
    /// when that variable holds an absolute path (the XDG spec ignores relative ones), else
    /// `$HOME/.local/state/<app>`.
    /// - Returns: The directory, or nil when neither variable is usable.
    package static func stateDirectory(app: String, environment: [String: String]) -> String? {
        if let state = environment["XDG_STATE_HOME"], state.hasPrefix("/") {
            return join(state, app)
        }
        guard let home = environment["HOME"], !home.isEmpty else { return nil }
        return join(join(home, ".local/state"), app)
    }

    /// The source for an app name.
    /// - Throws: ``InspectorError/noStateDirectory(app:)`` when neither `XDG_STATE_HOME` nor
    ///   `HOME` is set.
    package static func app(_ name: String, discarded: Bool, environment: [String: String])
        throws(InspectorError) -> ArchiveSource
    {
        guard let directory = stateDirectory(app: name, environment: environment) else {
            throw .noStateDirectory(app: name)
        }
        let item: StorageItem = discarded ? .discardedArchive : .archive
        return .app(name: name, path: join(directory, item.rawValue), discarded: discarded)
    }

    private static func join(_ directory: String, _ name: String) -> String {
        directory.hasSuffix("/") ? directory + name : directory + "/" + name
    }
}
