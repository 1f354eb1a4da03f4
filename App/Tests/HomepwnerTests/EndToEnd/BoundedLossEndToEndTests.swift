import Foundation
import Homepwner
import Testing
import TmuxTesting

/// Rules H15, H17 and H19 as a user meets them: the real `homepwner` in tmux, typing at an
/// ordinary pace with no pause, killed at a random moment; and an edit that a lock keeps
/// from the database, quit with a message that must be true.
@Suite(
    "H15, H17, H19: bounded loss and true messages, end to end in tmux", .serialized,
    .enabled(
        if: HomepwnerTmux.isAvailable,
        "needs tmux, sqlite3 and the homepwner binary (swift build --build-tests)"))
struct BoundedLossEndToEndTests {
    /// The terminals each test opens, closed when it ends.
    let terminals = Terminals()

    /// The field typed into, and the Tabs from the name that reach it.
    enum Field: String, CaseIterable, Sendable {
        case name, notes

        var tabs: Int { self == .name ? 0 : 4 }
        var column: String { self == .name ? "name" : "notes" }
    }

    @Test(
        "H15: five keys a second for up to ten seconds, no pause, then kill -9 at a random moment: all but the last second comes back",
        arguments: Field.allCases)
    func steadyTypingThenKill(_ field: Field) async throws {
        let session = try await terminals.launched(width: 100, height: 24)
        try await session.open(row: 1, name: "Rusty Bear")
        for _ in 0..<field.tabs { try session.press("Tab") }
        if field == .name { try session.press("C-u") }  // an empty name: what comes back is what was typed
        try await Task.sleep(for: .milliseconds(300))
        // The moment of the kill: after 25 to 50 keys (5 to 10 seconds of typing).
        let keys = Int.random(in: 25...50)
        let alphabet = Array("abcdefghijklmnopqrstuvwxyz0123456789")
        var typed = ""
        for index in 0..<keys {
            let character = alphabet[index % alphabet.count]
            try session.type(String(character))
            typed.append(character)
            try await Task.sleep(for: .milliseconds(200))
        }
        try await session.killApp()
        // Five keys a second: at most a second of typing, five keys, may be lost.
        let least = typed.count - 5
        let stored =
            try session.sqlite("SELECT \(field.column) FROM items WHERE serial_number = '0A1B2'")
            .trimmingCharacters(in: .newlines)
        #expect(
            typed.hasPrefix(stored) && stored.count >= least,
            "\(keys) keys typed (\(typed)); the database had \(stored.count) of them (\(stored))")

        // The relaunch shows at least as much, and commits it.
        try await session.launch(ready: String(typed.prefix(least)))
        try await session.waitUntil("the restored draft in the database") {
            let text = try session.sqlite("SELECT \(field.column) FROM items WHERE serial_number = '0A1B2'")
                .trimmingCharacters(in: .newlines)
            return typed.hasPrefix(text) && text.count >= least
        }
        #expect(try await session.quit(key: "C-c") == "0")
    }

    @Test(
        "H17, H19: quit and forget while a lock holds an edit: the message says where it is kept, and a --fresh launch writes it"
    )
    func keptEditOutlivesItsSession() async throws {
        let session = try await terminals.launched(width: 80, height: 16)
        try await session.open(row: 1, name: "Rusty Bear")
        let journal = session.paths.databasePath + "-pending"
        do {
            let other = try RawDatabase(session.paths.databasePath)
            other.execute("BEGIN IMMEDIATE")
            try session.type(" KEPT")
            try await session.waitFor("the busy message") { $0.contains("saving… (database busy)") }
            try session.press("Escape")
            try await session.waitForList()
            #expect(try await session.quit(key: "Q") == "74")
            let screen = try session.screen().replacingOccurrences(of: "\n", with: "")
            #expect(screen.contains("They are kept in \(journal)"), "\(screen)")
            #expect(screen.contains("the next launch of Homepwner saves them"))
            other.execute("COMMIT")
        }
        #expect(try session.sqlite("SELECT name FROM items WHERE serial_number = '0A1B2'") == "Rusty Bear\n")
        // Q ended the session; a --fresh launch, a session of its own, writes the kept edit.
        try await session.launch("--fresh")
        try await session.waitUntil("the kept edit in the database") {
            try session.sqlite("SELECT name FROM items WHERE serial_number = '0A1B2'") == "Rusty Bear KEPT\n"
        }
        try await session.waitFor("the list showing it") { $0.contains("Rusty Bear KEPT") }
        #expect(try await session.quit() == "0")
    }

    @Test(
        "H17, H19: data and state on one full disk: the edit is kept in the journal's reserved room, the message says so, and the next launch writes it",
        .enabled(if: FullDisk.canMount, "mounting a tmpfs needs root (CAP_SYS_ADMIN)"))
    func fullDiskKeepsTheEdit() async throws {
        let mount = try #require(try FullDisk(megabytes: 2))
        defer { mount.remove() }
        let session = try terminals.open(width: 80, height: 16, root: mount.path)
        try session.seed()
        try await session.launch()
        try await session.open(row: 1, name: "Rusty Bear")
        try mount.fill()
        try session.type(" FULL")
        try await session.waitFor("the refused write") {
            $0.contains("not saved yet: the disk refused the write")
        }
        try session.press("Escape")
        try await session.waitForList()
        #expect(try await session.quit() == "74")
        let screen = try session.screen().replacingOccurrences(of: "\n", with: "")
        #expect(screen.contains("They are kept in "), "\(screen)")
        // A relaunch while the disk is still full: the kept edit waits, says so, and lands
        // once the disk has room.
        try await session.launch()
        try await session.waitFor("the kept edit waiting") { $0.contains("not saved yet: the disk refused") }
        try mount.free()
        try await session.waitUntil("the kept edit in the database") {
            try session.sqlite("SELECT name FROM items WHERE serial_number = '0A1B2'") == "Rusty Bear FULL\n"
        }
        #expect(try await session.quit() == "0")
    }
}

/// A 2 MiB tmpfs to hold a test's data and state, filled on demand: a full disk. Nil when
/// this process may not mount (not root, or no CAP_SYS_ADMIN in a container).
struct FullDisk {
    /// The terminals each test opens, closed when it ends.
    let terminals = Terminals()

    let path: String

    /// True when this process can mount a tmpfs (tried once).
    static let canMount: Bool = {
        guard let disk = try? FullDisk(megabytes: 1) else { return false }
        disk.remove()
        return true
    }()

    init?(megabytes: Int) throws {
        path = FileManager.default.temporaryDirectory.path + "/homepwner-full-\(UUID().uuidString.prefix(8))"
        try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
        guard
            Self.run("/bin/mount", ["-t", "tmpfs", "-o", "size=\(megabytes)m,mode=0700", "tmpfs", path]) == 0
        else {
            try? FileManager.default.removeItem(atPath: path)
            return nil
        }
    }

    /// Fills the disk to its last block.
    func fill() throws {
        _ = Self.run("/bin/dd", ["if=/dev/zero", "of=\(path)/filler", "bs=4k"])
    }

    /// Frees what ``fill()`` took.
    func free() throws {
        try FileManager.default.removeItem(atPath: path + "/filler")
    }

    func remove() {
        _ = Self.run("/bin/umount", ["-l", path])
        try? FileManager.default.removeItem(atPath: path)
    }

    @discardableResult
    static func run(_ program: String, _ arguments: [String]) -> Int32 {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: program)
        process.arguments = arguments
        process.standardOutput = FileHandle.nullDevice
        process.standardError = FileHandle.nullDevice
        do {
            try process.run()
        } catch {
            return -1
        }
        process.waitUntilExit()
        return process.terminationStatus
    }
}
