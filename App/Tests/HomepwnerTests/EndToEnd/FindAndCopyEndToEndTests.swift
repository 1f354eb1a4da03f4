import Foundation
import Homepwner
import HomepwnerCore
import Testing
import TmuxTesting

/// Finding an item in a long list, and copying to the desktop's clipboard, with the real
/// `homepwner` in a real terminal.
@Suite(
    "H20, H21: find and copy end to end in tmux",
    .enabled(
        if: HomepwnerTmux.isAvailable,
        "needs tmux, sqlite3 and the homepwner binary (swift build --build-tests)"))
struct FindAndCopyEndToEndTests {
    @Test(
        "H20: in 100,000 items, / and a serial number go to its row, and the list says which row of how many")
    func findInALongList() async throws {
        let session = try await HomepwnerTmux.launched(
            width: 80, height: 24, items: [], arguments: "--random-items 100000")
        defer { session.close() }
        try await session.waitFor(text: "row 1 of 100,000")
        let serial = try session.sqlite(
            "SELECT serial_number FROM items ORDER BY ordering LIMIT 1 OFFSET 89999"
        ).trimmingCharacters(in: .whitespacesAndNewlines)
        let row =
            try Int(
                session.sqlite(
                    """
                    SELECT 1 + count(*) FROM items WHERE ordering < (SELECT min(ordering) FROM items
                    WHERE instr(lower(name), lower('\(serial)')) OR instr(lower(serial_number), lower('\(serial)')))
                    """
                ).trimmingCharacters(in: .whitespacesAndNewlines)) ?? 0
        #expect(row > 1)
        try session.press("/")
        try session.type(serial.lowercased())
        try session.press("Enter")
        let shown = try await session.waitFor(text: "row \(ItemSummary.groupedDigits(UInt(row))) of 100,000")
        #expect(try session.highlightedRows().first?.contains(serial) == true)
        #expect(shown.contains("Enter Open"))
    }

    @Test(
        "H21: Alt-c in the notes puts the text on the terminal's clipboard (tmux's buffer, with set-clipboard on)"
    )
    func copyReachesTheTerminal() async throws {
        let session = try HomepwnerTmux(width: 80, height: 24)
        defer { session.close() }
        try session.seed()
        _ = try session.run(["set", "-g", "set-clipboard", "on"])
        try await session.launch()
        try await session.open(row: 1, name: "Rusty Bear")
        try session.press("Tab", "Tab", "Tab", "Tab")
        try session.type("熊猫 to copy")
        try await session.waitFor(text: "Notes    熊猫 to copy")
        try session.press("M-a", "M-c")
        try await session.waitUntil("the copied notes in tmux's buffer") {
            (try? session.run(["show-buffer"])) == "熊猫 to copy"
        }
        #expect(try session.run(["show-buffer"]) == "熊猫 to copy")
        // The app's own paste still works: Alt-v at the end pastes the same text.
        try session.press("End", "M-v")
        try await session.waitFor(text: "熊猫 to copy熊猫 to copy")
    }
}
