import Foundation
import StateRestoration

/// Session directories (rules S1–S4, S9, R32, R36): the input is a ``SessionLayout``, made
/// in a scratch state directory beside a sentinel directory `outside`; then a launch runs
/// as an app's does: the sessions are listed, one is opened (moving an archive from before
/// sessions, taking or making a session), the engine launches from its storage, old
/// sessions are pruned, and, if the layout says so, the session is ended (quit and forget).
///
/// What must hold, whatever the layout:
/// - nothing outside the state directory changes (links lead there: a removal or a write
///   that follows one is a finding);
/// - a listed session is a real directory directly in `sessions/`, named as a session may be;
/// - the opened session is a directory of this user that others cannot write, held by this
///   process, and is not pruned;
/// - the launch restores only from an archive that is a regular file of this user's;
/// - an archive from before sessions that another user owns is never moved;
/// - every failure is a documented `SessionError`.
@MainActor
enum SessionsTarget {
    static func run(_ input: [UInt8]) {
        let base = LaunchFixture.scratch("sessions")
        let outside = base + "/outside"
        let state = base + "/state"
        makeOutside(outside)
        guard mkdir(state, 0o700) == 0, mkdir(state + "/sessions", 0o700) == 0 else {
            LaunchFixture.finding("cannot make the state directory")
        }
        let layout = SessionLayout.make(input, state: state, outside: outside)
        let before = snapshot(outside)
        let legacy = status(state + "/restoration.archive")
        var sessions = RestorationSessions(stateDirectory: state)
        sessions.policy = SessionPolicy(
            maximumAge: layout.ageless ? .seconds(Int64.max / 4) : .seconds(10 * 24 * 3600),
            maximumCount: layout.maximumCount)
        for info in sessions.sessions() { checkListed(info, sessions) }
        do {
            let opening = try sessions.open(layout.choice, pruning: false)
            check(opening.session, sessions, legacy: legacy)
            if snapshot(outside) != before {
                LaunchFixture.finding("opening a session changed a file outside")
            }
            let pruned = sessions.tidy()
            if pruned.contains(opening.session.id)
                || status(opening.session.directory + "/session.lock") == nil
            {
                LaunchFixture.finding("pruning removed the session in use")
            }
            LaunchFixture.note(
                "opened '\(opening.session.id)' (\(opening.session.isNew ? "new" : "existing")), pruned \(pruned)"
            )
            if layout.forget { try? opening.session.end() }
            opening.session.release()
        } catch {
            LaunchFixture.note("open(\(layout.choice)) refused: \(error)")
            switch error {
            case .storage(.refused), .storage(.io): break
            case .invalidIdentifier(let id) where !RestorationSessions.isValidIdentifier(id): break
            default: LaunchFixture.finding("open(\(layout.choice)) failed with \(error)")
            }
        }
        for info in sessions.sessions() { checkListed(info, sessions) }
        if snapshot(outside) != before {
            LaunchFixture.finding("a session step changed a file outside the state directory")
        }
        if let legacy, legacy.st_uid != geteuid() {
            guard let after = status(state + "/restoration.archive"), after.st_ino == legacy.st_ino else {
                LaunchFixture.finding("another user's archive from before sessions was moved")
            }
        }
    }

    /// The opened session: what it is, that it is held, and what its launch trusted.
    private static func check(_ session: RestorationSession, _ sessions: RestorationSessions, legacy: stat?) {
        guard session.directory == sessions.directory(of: session.id),
            let directory = status(session.directory), directory.st_mode & S_IFMT == S_IFDIR,
            directory.st_uid == geteuid(), directory.st_mode & 0o022 == 0
        else {
            LaunchFixture.finding("opened session '\(session.id)' is not a private directory of this user's")
        }
        guard sessions.info(of: session.id)?.isHeld == true else {
            LaunchFixture.finding("session '\(session.id)' is open but not held")
        }
        let archive = status(session.storage.path(of: .archive))
        let report = LaunchFixture.launch(session.storage)
        LaunchFixture.note(
            "launch: restored \(report.restoredPaths.count), \(report.diagnostics.first.map { "\($0)" } ?? "")"
        )
        if report.restored {
            guard let archive, archive.st_mode & S_IFMT == S_IFREG, archive.st_uid == geteuid() else {
                LaunchFixture.finding(
                    "the launch restored from an archive that is not this user's regular file", report)
            }
        }
        if (try? session.storage.load(.restoringMarker)) != nil {
            LaunchFixture.finding("the launch left its in-progress marker", report)
        }
    }

    private static func checkListed(_ info: SessionInfo, _ sessions: RestorationSessions) {
        guard RestorationSessions.isValidIdentifier(info.id),
            info.directory == sessions.directory(of: info.id),
            let directory = status(info.directory), directory.st_mode & S_IFMT == S_IFDIR
        else { LaunchFixture.finding("listed '\(info.id)', which is not a session's directory") }
    }

    /// The sentinel: a directory of files that links in the layout point at, one of them an
    /// archive of another user's (root only), as an attacker's would be.
    private static func makeOutside(_ outside: String) {
        guard mkdir(outside, 0o700) == 0, mkdir(outside + "/sub", 0o700) == 0,
            FileManager.default.createFile(atPath: outside + "/keep", contents: Data("keep me\n".utf8)),
            FileManager.default.createFile(atPath: outside + "/sub/file", contents: Data("me too\n".utf8)),
            FileManager.default.createFile(
                atPath: outside + "/archive", contents: Data(LaunchFixture.archive))
        else { LaunchFixture.finding("cannot make the sentinel directory") }
        chmod(outside + "/archive", 0o644)
        if geteuid() == 0 {
            chown(outside + "/archive", SessionLayout.foreignUser, SessionLayout.foreignUser)
        }
    }

    /// Each entry under `directory`: its path, kind, mode, owner, inode and content.
    static func snapshot(_ directory: String) -> [String] {
        var lines: [String] = []
        var pending = [directory]
        while let path = pending.popLast() {
            guard let entry = status(path) else {
                lines.append("\(path) missing")
                continue
            }
            let kind = entry.st_mode & S_IFMT
            var line =
                "\(path) \(kind) \(entry.st_mode & 0o7777) \(entry.st_uid) \(entry.st_ino) \(entry.st_size)"
            if kind == S_IFREG {
                line += " " + head(path).map { String($0) }.joined(separator: ",")
            }
            lines.append(line)
            if kind == S_IFDIR {
                for name in ((try? FileManager.default.contentsOfDirectory(atPath: path)) ?? []).sorted() {
                    pending.append(path + "/" + name)
                }
            }
        }
        return lines
    }

    /// The first 32 bytes of the file at `path`, read with `read(2)` (LeakSanitizer reports
    /// Foundation's `FileManager.contents(atPath:)` buffer as leaked).
    static func head(_ path: String) -> [UInt8] {
        let descriptor = open(path, O_RDONLY | O_CLOEXEC | O_NOFOLLOW | O_NONBLOCK)
        guard descriptor >= 0 else { return [] }
        defer { close(descriptor) }
        var bytes = [UInt8](repeating: 0, count: 32)
        let count = read(descriptor, &bytes, bytes.count)
        return Array(bytes.prefix(max(count, 0)))
    }

    /// `lstat`, or nil.
    static func status(_ path: String) -> stat? {
        var result = stat()
        return lstat(path, &result) == 0 ? result : nil
    }
}
