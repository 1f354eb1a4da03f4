import Foundation
import StateRestoration

/// Which windows are open: their sessions' identifiers, in the order the windows opened,
/// one a line in `<state-dir>/desktop/windows` (rule G5). It is rewritten whenever a
/// window opens or closes, never on quitting, so that the next launch, after a quit or a
/// `kill -9`, brings back every window that was open, each from its own session.
struct WindowList {
    /// The file.
    let path: String
    /// At most this many windows come back.
    static let limit = 16

    /// The identifiers listed, valid ones only, each once.
    func read() -> [String] {
        guard let text = try? String(contentsOfFile: path, encoding: .utf8) else { return [] }
        var seen = Set<String>()
        return text.split(separator: "\n").map(String.init).filter {
            RestorationSessions.isValidIdentifier($0) && seen.insert($0).inserted
        }
        .prefix(Self.limit).map { $0 }
    }

    /// Replaces the list (atomically: a reader sees the old list or the new one).
    func write(_ identifiers: [String]) throws {
        try Data(identifiers.map { $0 + "\n" }.joined().utf8).write(
            to: URL(fileURLWithPath: path), options: .atomic)
    }

    /// Opens the sessions of the windows open at the last quit (or kill): those that still
    /// exist and no running instance holds, in their order; for a launch that asks for the
    /// most recent session, as a plain launch does. Otherwise, or when none can be opened,
    /// the one session `choice` names.
    /// - Throws: What opening `choice`'s session throws.
    func openSessions(_ sessions: RestorationSessions, choice: SessionChoice) throws(SessionError)
        -> [RestorationSession]
    {
        let listed = choice == .mostRecent ? read() : []
        var opened: [RestorationSession] = []
        for id in listed where FileManager.default.fileExists(atPath: sessions.directory(of: id)) {
            if let session = try? sessions.open(.named(id), keeping: Set(listed), pruning: false).session {
                opened.append(session)
            }
        }
        if opened.isEmpty {
            return [try sessions.open(choice, keeping: Set(listed)).session]
        }
        sessions.tidy(keeping: Set(opened.map(\.id)))
        return opened
    }
}
