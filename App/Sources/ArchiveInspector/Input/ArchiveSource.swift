import Foundation
import StateRestoration

/// Where an archive is read from: a file, standard input, or an app's state directory
/// (rule A5).
package enum ArchiveSource: Hashable, Sendable {
    /// A file path as given.
    case file(String)
    /// Standard input, given as `-`.
    case standardInput
    /// An app's archive: its most recently saved session's, or the session `--session`
    /// names (rule S7), under `$XDG_STATE_HOME/<name>/sessions/`; for an app from before
    /// sessions, `$XDG_STATE_HOME/<name>/restoration.archive`. With `discarded`, the archive
    /// the engine last threw away (`restoration.archive.discarded`).
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

    /// The source for an app name, and a session of it.
    /// - Throws: ``InspectorError/noStateDirectory(app:)`` when neither `XDG_STATE_HOME` nor
    ///   `HOME` is set; ``InspectorError/noSession(app:session:available:)`` when `session`
    ///   names none of the app's sessions; ``InspectorError/noSavedSession(app:stateDirectory:given:)``
    ///   when no session has saved an archive and there is none from before sessions.
    package static func app(
        _ name: String, session: String? = nil, discarded: Bool, stateDirectory given: String? = nil,
        environment: [String: String]
    ) throws(InspectorError) -> ArchiveSource {
        guard let directory = given ?? stateDirectory(app: name, environment: environment) else {
            throw .noStateDirectory(app: name)
        }
        let item: StorageItem = discarded ? .discardedArchive : .archive
        let sessions = RestorationSessions(stateDirectory: directory)
        let all = sessions.sessions()
        if let session {
            guard let info = all.first(where: { $0.id == session }) else {
                throw .noSession(app: name, session: session, available: all.map(\.id))
            }
            return .app(name: name, path: join(info.directory, item.rawValue), discarded: discarded)
        }
        if discarded {
            // The last one thrown away: a session's (corrupt, a crash loop) or the state
            // directory's (quit and forget).
            let candidates = [join(directory, item.rawValue)] + all.map { join($0.directory, item.rawValue) }
            let newest = candidates.compactMap { path in modified(path).map { (path, $0) } }.max {
                $0.1 < $1.1
            }
            return .app(name: name, path: newest?.0 ?? candidates[0], discarded: true)
        }
        if let newest = all.first(where: { $0.lastSaved != nil }) {
            return .app(name: name, path: newest.archivePath, discarded: false)
        }
        // An app from before sessions kept its archive in the directory itself.
        let former = join(directory, item.rawValue)
        guard FileManager.default.fileExists(atPath: former) else {
            throw .noSavedSession(app: name, stateDirectory: directory, given: given != nil)
        }
        return .app(name: name, path: former, discarded: discarded)
    }

    private static func modified(_ path: String) -> Date? {
        (try? FileManager.default.attributesOfItem(atPath: path))?[.modificationDate] as? Date
    }

    private static func join(_ directory: String, _ name: String) -> String {
        directory.hasSuffix("/") ? directory + name : directory + "/" + name
    }
}
