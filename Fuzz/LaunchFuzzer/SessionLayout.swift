import Foundation
import StateRestoration

/// A state directory decoded from fuzz input: the choices of one launch, then a small tree
/// of directories, files, symbolic links, FIFOs and hard links under `<state>` and
/// `<state>/sessions`, with their modes, owners and ages.
///
/// ```
/// byte 0     the launch's choice: 0 most recent, 1 new, 2+ named (a name of the table)
/// byte 1     the pruning policy's maximum count (0…7)
/// byte 2     bit 0: quit and forget after the launch; bit 1: prune with no age limit
/// then       steps, each an operation byte and its operands, until the input ends:
///   0 dir PARENT NAME MODE        1 file PARENT NAME CONTENT MODE
///   2 symlink PARENT NAME TARGET  3 fifo PARENT NAME
///   4 foreign ENTRY               5 chmod ENTRY MODE
///   6 age ENTRY HOURS             7 hard link PARENT NAME TARGET
/// ```
/// PARENT picks one of the directories made so far (the state directory and `sessions/`
/// first), ENTRY one of the entries made so far, NAME one of ``names``, TARGET one of
/// ``linkTargets``. `foreign` gives the entry to another user (uid 4242) when running as
/// root, and does nothing otherwise.
@MainActor
struct SessionLayout {
    var choice: SessionChoice = .mostRecent
    var maximumCount = 16
    var forget = false
    var ageless = false

    /// Names a fuzzed entry can have: sessions' own, the engine's file names, hidden work
    /// names, names just inside and outside what a session may be called.
    static let names = [
        "a", "b", "c0ffee01", "s.1", ".new-a-1", ".removing-b-2", ".ended", "session.lock",
        "restoration.archive",
        "restoration.restoring", "restoration.launches", "restoration.archive.discarded",
        ".restoration.archive.tmp-1-2", "-x_", String(repeating: "z", count: 64),
        String(repeating: "z", count: 65),
        "é", "sessions", "..", ".",
    ]

    /// What a symbolic link or hard link points at: the sentinel directory outside the state
    /// directory and its files, the file system's root, a device, a sibling session, a
    /// dangling name, the state directory.
    enum LinkTarget: CaseIterable {
        case outsideDirectory, outsideFile, foreignArchive, root, devZero, sibling, dangling, state
    }

    /// Another user, for `foreign` (root only).
    static let foreignUser: uid_t = 4242

    /// Decodes `input` and makes its tree under `state`, whose `outside` sentinel is the
    /// link targets' directory. Steps that the file system refuses are skipped.
    static func make(_ input: [UInt8], state: String, outside: String) -> SessionLayout {
        var layout = SessionLayout()
        var bytes = input.makeIterator()
        let choice = Int(bytes.next() ?? 0)
        layout.choice =
            choice == 0 ? .mostRecent : choice == 1 ? .new : .named(names[(choice - 2) % names.count])
        layout.maximumCount = Int(bytes.next() ?? 16) % 8
        let flags = bytes.next() ?? 0
        layout.forget = flags & 1 != 0
        layout.ageless = flags & 2 != 0
        var directories = [state, state + "/sessions"]
        var entries = directories
        func pick<T>(_ list: [T]) -> T? {
            guard let byte = bytes.next() else { return nil }
            return list[Int(byte) % list.count]
        }
        func target(_ link: LinkTarget) -> String {
            switch link {
            case .outsideDirectory: outside
            case .outsideFile: outside + "/keep"
            case .foreignArchive: outside + "/archive"
            case .root: "/"
            case .devZero: "/dev/zero"
            case .sibling: state + "/sessions/a"
            case .dangling: state + "/sessions/nothing-here"
            case .state: state
            }
        }
        while let operation = bytes.next() {
            switch operation % 8 {
            case 0:
                guard let parent = pick(directories), let name = pick(names), let mode = bytes.next() else {
                    break
                }
                let path = parent + "/" + name
                if mkdir(path, 0o700) == 0 {
                    chmod(path, mode_t(mode) | 0o700)
                    directories.append(path)
                    entries.append(path)
                }
            case 1:
                guard let parent = pick(directories), let name = pick(names), let content = bytes.next(),
                    let mode = bytes.next()
                else { break }
                let path = parent + "/" + name
                if FileManager.default.createFile(atPath: path, contents: Data(Self.content(content))) {
                    chmod(path, mode_t(mode) | 0o600)
                    entries.append(path)
                }
            case 2:
                guard let parent = pick(directories), let name = pick(names),
                    let link = pick(LinkTarget.allCases)
                else { break }
                if symlink(target(link), parent + "/" + name) == 0 { entries.append(parent + "/" + name) }
            case 3:
                guard let parent = pick(directories), let name = pick(names) else { break }
                if mkfifo(parent + "/" + name, 0o600) == 0 { entries.append(parent + "/" + name) }
            case 4:
                guard let entry = pick(entries), geteuid() == 0 else { break }
                lchown(entry, foreignUser, foreignUser)
            case 5:
                guard let entry = pick(entries), let mode = bytes.next() else { break }
                chmod(entry, mode_t(mode) | (mode & 0x80 != 0 ? 0o1000 : 0))
            case 6:
                guard let entry = pick(entries), let hours = bytes.next() else { break }
                let seconds = Int(Date().timeIntervalSince1970) - Int(hours) * 12 * 3600
                var times = [
                    timespec(tv_sec: seconds, tv_nsec: 0), timespec(tv_sec: seconds, tv_nsec: 0),
                ]
                utimensat(AT_FDCWD, entry, &times, AT_SYMLINK_NOFOLLOW)
            default:
                guard let parent = pick(directories), let name = pick(names),
                    let link = pick([LinkTarget.outsideFile, .foreignArchive])
                else { break }
                if Glibc.link(target(link), parent + "/" + name) == 0 { entries.append(parent + "/" + name) }
            }
        }
        return layout
    }

    /// A file's content: empty, the reference archive, with an activity, a marker, a
    /// launch count, a lock's pid.
    static func content(_ kind: UInt8) -> [UInt8] {
        switch kind % 6 {
        case 0: []
        case 1: LaunchFixture.archive
        case 2:
            LaunchFixture.archive
                + ActivityFooter.encode(RestorationActivity(type: "fuzz.view", title: "Viewing"))
        case 3: Array("restoring\nphase decode\nsubtree Root/A\nend\n".utf8)
        case 4: Array("1\n".utf8)
        default: Array("\(getpid())\n".utf8)
        }
    }

    /// Seeds: layouts a user's state directory has, and the planted ones of the attacker
    /// passes (a foreign archive hard-linked into a session, links out of the directory).
    static func seeds() -> [(String, [UInt8])] {
        func name(_ text: String) -> UInt8 { UInt8(names.firstIndex(of: text) ?? 0) }
        let sessions: UInt8 = 1
        // Session "a" (directory 2) with an archive, session "b" (directory 3) older.
        let twoSessions: [UInt8] = [
            0, sessions, name("a"), 0, 1, 2, name("restoration.archive"), 1, 0,
            0, sessions, name("b"), 0, 1, 3, name("restoration.archive"), 2, 0, 6, 3, 80,
        ]
        return [
            ("empty", [0, 4, 0]),
            ("two-sessions", [0, 4, 0] + twoSessions),
            ("named-b-forget", [2 + name("b"), 1, 1] + twoSessions),
            (
                "foreign-hard-link",
                [0, 4, 0, 0, sessions, name("a"), 0, 7, 2, name("restoration.archive"), 1]
            ),
            ("symlinked-session", [0, 0, 2, 2, sessions, name("c0ffee01"), 0, 2, sessions, name("b"), 6]),
            (
                "fifos",
                [
                    0, 4, 0, 0, sessions, name("a"), 0, 3, 2, name("restoration.archive"), 3, 2,
                    name("session.lock"),
                ]
            ),
            ("legacy", [0, 4, 0, 1, 0, name("restoration.archive"), 1, 0, 4, 2]),
            ("ended", [0, 4, 0, 1, sessions, name(".ended"), 5, 0] + twoSessions),
            // Once wrote through hard links: the lock's pid and the end stamp's time went into
            // the file outside that each was linked to.
            ("hard-linked-lock", [2, 4, 1, 0, sessions, name("a"), 0, 7, 2, name("session.lock"), 0]),
            ("hard-linked-ended", [1, 4, 1, 7, sessions, name(".ended"), 0]),
            // Once left its marker: a session with a marker naming a subtree and no archive.
            (
                "marker-without-archive",
                [2 + name("b"), 4, 0, 0, sessions, name("b"), 0, 1, 2, name("restoration.restoring"), 3, 0]
            ),
            // Once hung the launch: the end stamp was opened for reading, blocking, as a FIFO.
            ("ended-fifo", [0, 4, 1, 3, sessions, name(".ended")] + twoSessions),
            (
                "abandoned",
                [0, 0, 0, 0, sessions, name(".new-a-1"), 0, 6, 2, 200, 0, sessions, name(".removing-b-2"), 0]
            ),
        ]
    }
}
