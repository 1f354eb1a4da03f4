import Foundation
import Homepwner
import StateRestoration
import Testing
import TmuxTesting

/// The real `homepwner` in tmux across changes of shape (rules T5, T6): both panes on a
/// wide terminal, one stack on a narrow one, and back, through `kill -9`.
@Suite(
    "T6: Homepwner's adaptive layout end to end in tmux", .serialized,
    .enabled(
        if: HomepwnerTmux.isAvailable,
        "needs tmux, sqlite3 and the homepwner binary (swift build --build-tests)"))
struct AdaptiveEndToEndTests {
    /// The terminals each test opens, closed when it ends.
    let terminals = Terminals()

    @Test(
        "T6: open at 200x50 (both panes), resize to 80x24 (the item alone, Esc back), type, kill -9, relaunch at 200x50: both panes, the same item and the draft"
    )
    func wideNarrowKillWide() async throws {
        let session = try await terminals.launched(width: 200, height: 50)
        try session.press("Down", "Down", "Enter")
        try await session.waitFor("both panes") { $0.contains("│ Name     Fluffy Mac") }
        #expect(try session.lines()[1].hasPrefix(" Shiny Spork "))

        try session.resize(width: 80, height: 24)
        let narrow = try await session.waitFor("the item alone") { $0.hasPrefix(" ‹ Homepwner") }
        #expect(!narrow.contains("│"))
        #expect(try session.lines().last?.contains("Esc Back") == true)
        try session.type(" Pro")
        try await session.waitFor("the draft") { $0.contains(" Name     Fluffy Mac Pro") }
        // Past the debounce: the archive on disk holds the draft. No Ctrl-Z.
        try await session.waitUntil("the continuous save") {
            session.archivedText(ofFieldEndingWith: "DetailViewController/nameField") == "Fluffy Mac Pro"
        }
        try await session.killApp()

        try session.resize(width: 200, height: 50)
        let screen = try await session.launch(ready: "│ Name     Fluffy Mac Pro")
        let lines = screen.components(separatedBy: "\n")
        #expect(lines[0].hasPrefix(" Edit "))
        #expect(lines[1].hasPrefix(" Shiny Spork "))
        #expect(lines[1].hasSuffix("│ Name     Fluffy Mac Pro"))
        // The row on the left shows the draft too, highlighted.
        #expect(try session.highlightedRows().first?.hasPrefix("▸Fluffy Mac Pro ") == true)
        #expect(try session.cursor() == TmuxCursor(column: 105, row: 1))
        // Ctrl-O goes to the list; q quits with the edit stored.
        try session.press("C-o")
        try await session.waitFor("the list's keys") { $0.contains("Enter Open") }
        #expect(try await session.quit() == "0")
        #expect(
            try session.sqlite("SELECT name FROM items WHERE serial_number = '7Z9Y3'") == "Fluffy Mac Pro\n")
    }

    @Test("T2, T6: Ctrl-T shows the Summary; killed there, the relaunch shows it again")
    func summaryTab() async throws {
        let session = try await terminals.launched(width: 80, height: 24)
        try session.press("C-t")
        let summary = try await session.waitFor("the Summary") { $0.contains("Total value    $1,346") }
        #expect(summary.contains("Most valuable  毛茸茸的熊, $1,200"))
        try session.press("C-z")
        try await session.waitUntil("the shell") { try !session.isAlternateScreen() }
        try await session.killApp()
        let relaunched = try await session.launch(ready: "Total value")
        #expect(relaunched == summary)
        try session.press("C-t")
        try await session.waitForList()
        #expect(try await session.quit() == "0")
    }
}
