import Foundation
import Homepwner
import StateRestoration
import Testing
import TmuxTesting

/// The item's notes in the real `homepwner` in tmux (rule T5): typed on two lines, saved
/// continuously and to the database, through `kill -9`.
@Suite(
    "T5: an item's notes end to end in tmux", .serialized,
    .enabled(
        if: HomepwnerTmux.isAvailable,
        "needs tmux, sqlite3 and the homepwner binary (swift build --build-tests)"))
struct NotesEndToEndTests {
    /// The terminals each test opens, closed when it ends.
    let terminals = Terminals()

    /// The suffix of the notes' record path in the archive.
    static let notesPath = "DetailViewController/notesView"

    /// An entry of the notes' record in the saved archive.
    private func archivedNotes(_ session: HomepwnerTmux, _ key: String) -> StateValue? {
        session.archive()?.records.first { $0.path.description.hasSuffix(Self.notesPath) }?
            .entries.last { $0.key == key }?.value
    }

    @Test(
        "T5: two lines of notes typed in the real binary are saved continuously and stored after the debounce; kill -9 and relaunch show them, the cursor where it was"
    )
    func twoLinesThroughKill() async throws {
        let session = try await terminals.launched(width: 80, height: 24)
        // Rusty Bear's notes: past the name, serial, value and photo fields.
        try session.press("Down", "Enter", "Tab", "Tab", "Tab", "Tab")
        try await session.waitFor("the notes' keys") { $0.contains("Enter New line") }
        try session.type("bought in 2019")
        try session.press("Enter")
        try session.type("box in the attic")
        try session.press("Left", "Left", "Left")
        let typed = try await session.waitFor("two lines of notes") {
            $0.contains(" Notes    bought in 2019\n          box in the attic")
        }
        #expect(typed.components(separatedBy: "\n")[7] == " Notes    bought in 2019")
        // The text shows before the three ← are drawn: wait for the cursor they move.
        try await session.waitUntil("the cursor three characters back") {
            try session.cursor() == TmuxCursor(column: 23, row: 8)
        }
        // The text view's draft, under its own keys: `text`, and `cursor` as a character offset.
        try await session.waitUntil("the continuous save") {
            session.archivedText(ofFieldEndingWith: Self.notesPath) == "bought in 2019\nbox in the attic"
                && archivedNotes(session, "cursor") == .int(28)
        }
        try await session.waitUntil("the notes in the database") {
            try session.sqlite("SELECT notes FROM items WHERE serial_number = '0A1B2'")
                == "bought in 2019\nbox in the attic\n"
        }
        try await session.killApp()

        let relaunched = try await session.launch(ready: "box in the attic")
        let lines = relaunched.components(separatedBy: "\n")
        #expect(lines[1] == " Name     Rusty Bear")
        #expect(Array(lines[7...8]) == [" Notes    bought in 2019", "          box in the attic"])
        try await session.waitUntil("the restored cursor") {
            try session.cursor() == TmuxCursor(column: 23, row: 8)
        }
        // Typing goes on where the cursor was; the next debounce stores it.
        try session.type("y")
        try await session.waitUntil("the edit in the database") {
            try session.sqlite("SELECT notes FROM items WHERE serial_number = '0A1B2'")
                == "bought in 2019\nbox in the atytic\n"
        }
        #expect(try await session.quit(key: "C-c") == "0")
        #expect(try session.sqlite("SELECT count(*) FROM items") == "5\n")
    }
}
