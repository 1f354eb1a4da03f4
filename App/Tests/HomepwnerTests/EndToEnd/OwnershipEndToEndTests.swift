import Foundation
import Homepwner
import StateRestoration
import Testing
import TmuxTesting

/// Who owns what, as a user meets it (rules H16, H18, S9, H2, H14): the real
/// `homepwner` in tmux, two windows, `sqlite3` and `kill -9`.
@Suite(
    "H16, H18, S9: drafts, new items and sessions, end to end in tmux", .serialized,
    .enabled(if: HomepwnerTmux.isAvailable, "needs tmux, sqlite3 and the homepwner binary"))
struct OwnershipEndToEndTests {
    /// The terminals each test opens, closed when it ends.
    let terminals = Terminals()

    private func name(_ session: HomepwnerTmux, serial: String = "0A1B2") throws -> String {
        try session.sqlite("SELECT name FROM items WHERE serial_number = '\(serial)'")
            .trimmingCharacters(in: .newlines)
    }

    @Test("H16: type, pause, kill -9, rename with sqlite3, relaunch: the rename shows and is kept")
    func relaunchDoesNotWriteAnOldDraft() async throws {
        let session = try await terminals.launched(width: 80, height: 24)
        try await session.openAndType(row: 1, name: "Rusty Bear", draft: " mine")
        try await session.waitUntil("the commit") { try name(session) == "Rusty Bear mine" }
        // The screen state is saved again after the commit, with the new base.
        try await session.waitUntil("the base saved after the commit") {
            session.archive()?.records.first { $0.path.description.hasSuffix("nameField") }?
                .entries.contains { $0.key == "hasBase" } == true
                && session.archive()?.records.first { $0.path.description.hasSuffix("nameField") }?
                    .entries.contains { $0.key == "base" } == false
        }
        try await session.killApp()
        _ = try session.sqlite("UPDATE items SET name = 'Renamed elsewhere' WHERE serial_number = '0A1B2'")
        try await session.launch(ready: "Name     Renamed elsewhere")
        try await Task.sleep(for: .seconds(1))
        #expect(try name(session) == "Renamed elsewhere")
        #expect(try !session.screen().contains("Changed elsewhere"))
        #expect(try await session.quit(key: "C-c") == "0")
    }

    @Test(
        "H16: two windows type in one field at once: one commit lands, the other is told, keeps its text, and chooses"
    )
    func twoWindowsOneField() async throws {
        let (left, right) = try await terminals.twoInstances()
        for window in [left, right] {
            try await window.open(row: 1, name: "Rusty Bear")
        }
        // Both type while sqlite3 holds the database: both commits wait, then race.
        do {
            let holder = try RawDatabase(left.paths.databasePath)
            holder.execute("BEGIN IMMEDIATE")
            try left.type("++")
            try right.type("!!")
            for window in [left, right] {
                try await window.waitFor("the waiting commit") { $0.contains("saving… (database busy)") }
            }
            holder.execute("COMMIT")
        }
        func conflicted(_ window: HomepwnerTmux) throws -> Bool {
            try window.screen().replacingOccurrences(of: "\n", with: " ").contains(
                "Changed elsewhere too: Name")
        }
        try await left.waitUntil("one window told of the conflict") {
            try conflicted(left) || conflicted(right)
        }
        let leftLost = try conflicted(left)
        let (loser, winner) = leftLost ? (left, right) : (right, left)
        let (lost, won) = leftLost ? ("Rusty Bear++", "Rusty Bear!!") : ("Rusty Bear!!", "Rusty Bear++")
        #expect(try !conflicted(winner))
        // The store has the winner's text; the loser's is still on its screen, not written.
        #expect(try name(left) == won)
        #expect(try loser.screen().contains("Name     \(lost)"))
        #expect(try loser.screen().replacingOccurrences(of: "\n", with: " ").contains("(now “\(won)”)"))
        try loser.press("C-r")  // keep mine
        try await loser.waitUntil("the loser's text kept") { try name(loser) == lost }
        // The winner, untouched since its commit, follows.
        try await winner.waitFor("the winner following") { $0.contains("Name     \(lost)") }
        #expect(try await left.quit(key: "C-c") == "0")
        #expect(try await right.quit(key: "C-c") == "0")
    }

    @Test(
        "H18: a New Item in one window is not listed in the other; another launch keeps it; its session brings it back"
    )
    func newItemBelongsToItsSession() async throws {
        let (left, right) = try await terminals.twoInstances()
        try await left.startNewItem(named: "Grandma ring")
        try await Task.sleep(for: .seconds(1))
        #expect(try !right.screen().contains("Grandma"))
        #expect(try !right.screen().contains("(no name)"))
        let leftSession = try #require(try left.heldSessionDirectory()).split(separator: "/").last.map(
            String.init)
        #expect(try await left.quit(key: "C-c") == "0")
        // The right quits after: its session is the most recent. Then a plain launch, and a
        // --fresh one, in the right window: the left's new item stays.
        try right.press("Down")
        #expect(try await right.quit() == "0")
        try await right.launch()
        #expect(try await right.quit() == "0")
        try await right.launch("--fresh")
        #expect(try await right.quit() == "0")
        #expect(try left.sqlite("SELECT count(*) FROM items WHERE name = 'Grandma ring'") == "1\n")
        let id = try #require(leftSession)
        let screen = try await left.launch("--session \(id)", ready: "New Item")
        #expect(screen.contains("Name     Grandma ring"))
        try left.press("Enter")  // Done
        // The New Item screen shows the name too: wait for it to be gone.
        try await left.waitFor("the list with the kept item") {
            !$0.contains("New Item") && $0.contains("Grandma ring")
        }
        #expect(try left.sqlite("SELECT provisional FROM items WHERE name = 'Grandma ring'") == "0\n")
        #expect(try await left.quit() == "0")
    }

    @Test("S9: an item left open by --open, then --fresh and Q, then a plain launch: the list")
    func forgetStartsOnTheList() async throws {
        let session = try await terminals.launched(
            width: 80, height: 24, arguments: "--open 0A1B2", ready: "Name     Rusty Bear")
        #expect(try await session.quit(key: "C-c") == "0")
        try await session.launch("--fresh")
        #expect(try await session.quit(key: "Q") == "0")
        let screen = try await session.launch()
        #expect(screen.hasPrefix(" Edit "))
        #expect(!screen.contains("Name     Rusty Bear"))
        #expect(try await session.quit() == "0")
        #expect(session.sessions.sessions().count >= 2, "the --open session stays listed")
    }

    @Test("H14: Add while sqlite3 holds the database waits, says so, and opens the New Item screen after")
    func addWaitsForTheLock() async throws {
        let session = try await terminals.launched(width: 80, height: 24)
        do {
            let other = try RawDatabase(session.paths.databasePath)
            other.execute("BEGIN IMMEDIATE")
            try session.press("a")
            try await session.waitFor("the waiting add") {
                $0.contains("Adding… waiting for another program")
            }
            other.execute("COMMIT")
        }
        try await session.waitFor("the New Item screen") { $0.contains("New Item") }
        #expect(try !session.screen().contains("Adding…"))
        try session.press("Escape")  // nothing typed: no question
        try await session.waitForList()
        #expect(try await session.quit() == "0")
    }

    @Test("H2: Esc on a New Item with typed text asks; n keeps editing; y discards")
    func escapeAsks() async throws {
        let session = try await terminals.launched(width: 80, height: 24)
        try session.press("a")
        try await session.waitFor("the New Item screen") { $0.contains("New Item") }
        try session.type("Lamp")
        try session.press("Escape")
        try await session.waitFor("the question") { $0.contains("Discard the new item?") }
        try session.press("n")
        try await session.waitFor("the New Item screen again") {
            !$0.contains("Discard the new item?") && $0.contains("Name     Lamp")
        }
        try session.press("Escape")
        try await session.waitFor("the question") { $0.contains("Discard the new item?") }
        try session.press("y")
        try await session.waitForList()
        #expect(try session.sqlite("SELECT count(*) FROM items WHERE name = 'Lamp'") == "0\n")
        #expect(try await session.quit() == "0")
    }
}
