import Foundation
import Homepwner
import Testing
import TmuxTesting

/// Rules H12–H14 as the user saw them: the real `homepwner` in tmux, with `sqlite3` and
/// kill -9 behind its back.
@Suite(
    "Homepwner data integrity end to end in tmux", .serialized,
    .enabled(
        if: HomepwnerTmux.isAvailable,
        "needs tmux, sqlite3 and the homepwner binary (swift build --build-tests)"))
struct DataIntegrityEndToEndTests {
    /// The terminals each test opens, closed when it ends.
    let terminals = Terminals()

    @Test("H12: an edit typed, then Ctrl-C, then --fresh: the list has the edit")
    func editSurvivesFresh() async throws {
        let session = try await terminals.launched()
        try await session.open(row: 1, name: "Rusty Bear")
        try session.type(" 2")
        try await session.waitFor("the typed name") { $0.contains("Name     Rusty Bear 2") }
        try await session.waitUntil("the edit in the database while the screen is open") {
            try session.sqlite("SELECT name FROM items WHERE serial_number = '0A1B2'") == "Rusty Bear 2\n"
        }
        try await session.stop()
        let screen = try await session.launch("--fresh")
        #expect(screen.contains("Rusty Bear 2"))
        #expect(try await session.quit() == "0")
    }

    @Test(
        "H18: kill -9 on the New Item screen, relaunch with --fresh: no blank row, and the item waits for its session"
    )
    func noOrphanAfterKill() async throws {
        let session = try await terminals.launched()
        try await session.startNewItem(named: "Half-made")
        try await session.killApp()
        let id = try #require(session.sessions.sessions().first?.id)
        // --fresh starts a new session and keeps the other: its unfinished item stays, unlisted.
        let screen = try await session.launch("--fresh")
        #expect(!screen.contains("(no name)"))
        #expect(!screen.contains("Half-made"))
        #expect(try session.sqlite("SELECT count(*) FROM items WHERE provisional != 0") == "1\n")
        #expect(try await session.quit() == "0")
        // Its own session comes back to it: the New Item screen, with what was typed.
        let resumed = try await session.launch("--session \(id)", ready: "New Item")
        #expect(resumed.contains("Name     Half-made"))
        try await session.discardNewItem()
        #expect(try await session.quit() == "0")
        #expect(try session.sqlite("SELECT count(*) FROM items") == "5\n")
    }

    @Test("H13: a name changed and an item deleted with sqlite3 show in the running app")
    func outsideChangesShow() async throws {
        let session = try await terminals.launched()
        try session.sqlite("UPDATE items SET name = 'Rusty Robot' WHERE name = 'Rusty Bear'")
        try await session.waitFor("the new name in the list") { $0.contains("Rusty Robot") }
        try await session.open(row: 2, name: "Fluffy Mac")
        try session.sqlite("DELETE FROM items WHERE name = 'Fluffy Mac'")
        let screen = try await session.waitFor("the list with a message") {
            $0.hasPrefix(" Edit ") && $0.contains("was deleted outside Homepwner")
        }
        #expect(screen.contains("“Fluffy Mac” was deleted outside Homepwner"))
        #expect(try await session.quit() == "0")
    }
}

/// The database locked by another process (this test process, as `sqlite3` would hold it).
@Suite(
    "Homepwner with a locked database, end to end in tmux", .serialized,
    .enabled(
        if: HomepwnerTmux.isAvailable,
        "needs tmux, sqlite3 and the homepwner binary (swift build --build-tests)"))
struct LockedDatabaseEndToEndTests {
    /// The terminals each test opens, closed when it ends.
    let terminals = Terminals()

    @Test(
        "H14: with the write lock held elsewhere, typing and Esc still work; the edit lands after"
    )
    func typingWhileLocked() async throws {
        let session = try await terminals.launched()
        try await session.open(row: 1, name: "Rusty Bear")
        let other = try RawDatabase(session.paths.databasePath)
        other.execute("BEGIN IMMEDIATE")
        try session.type(" 2")
        // "saving… (database busy)", or after 5 s on a loaded machine "saving… another program
        // is holding the database": either says the write waits.
        try await session.waitFor("the busy message") { $0.contains("saving…") }
        try session.press("Escape")
        try await session.waitFor("the list, still saving") {
            $0.hasPrefix(" Edit ") && $0.contains("saving…")
        }
        #expect(try session.sqlite("SELECT name FROM items WHERE serial_number = '0A1B2'") == "Rusty Bear\n")
        other.execute("COMMIT")
        try await session.waitFor("the message gone") { !$0.contains("saving…") }
        #expect(
            try session.sqlite("SELECT name FROM items WHERE serial_number = '0A1B2'") == "Rusty Bear 2\n")
        #expect(try await session.quit() == "0")
    }

    @Test(
        "H14: quitting while the lock is still held says the edit is not saved yet; the next launch saves it")
    func quitWhileLocked() async throws {
        let session = try await terminals.launched(width: 80, height: 16)
        try await session.open(row: 1, name: "Rusty Bear")
        do {
            let other = try RawDatabase(session.paths.databasePath)
            other.execute("BEGIN IMMEDIATE")
            try session.type(" 2")
            try await session.waitFor("the busy message") { $0.contains("saving… (database busy)") }
            #expect(try await session.quit(key: "C-c") == "74")
            #expect(try session.screen().contains("could not be saved"))
            other.execute("COMMIT")
        }
        try await session.launch(ready: "Rusty Bear 2")
        try await session.waitUntil("the restored edit in the database") {
            try session.sqlite("SELECT name FROM items WHERE serial_number = '0A1B2'") == "Rusty Bear 2\n"
        }
        try session.press("Escape")
        try await session.waitForList()
        #expect(try await session.quit() == "0")
    }
}
