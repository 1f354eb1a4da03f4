import Foundation
import Homepwner
import HomepwnerCore
import Testing
import TmuxTesting

/// Bracketed paste into the real `homepwner` in a real terminal: tmux pastes as a terminal
/// does, and what was pasted is text, whatever it holds.
@Suite(
    "Homepwner: bracketed paste end to end in tmux",
    .enabled(
        if: HomepwnerTmux.isAvailable,
        "needs tmux, sqlite3 and the homepwner binary (swift build --build-tests)"))
struct PasteEndToEndTests {
    /// The terminals each test opens, closed when it ends.
    let terminals = Terminals()

    @Test(
        "H12, H14: a paste holding Tab, Escape and line breaks is text in the field: no field change, no going back; 10,000 characters arrive whole"
    )
    func pasteIsText() async throws {
        let session = try await terminals.launched(items: [("Rusty Bear", "0A1B2", 35)])
        try await session.open(row: 0, name: "Rusty Bear")
        try session.press("C-u")
        try await session.waitFor("the name emptied") { !$0.contains("Name     Rusty Bear") }

        // Unbracketed, the Tab would move to the serial and the Escape go back to the list.
        try session.paste("Teddy\tbear\u{1B} with\nbow\n")
        let pasted = try await session.waitFor(text: "Name     Teddy bear with bow")
        #expect(pasted.contains("‹ Homepwner"))
        #expect(pasted.contains("Serial   0A1B2"))
        #expect(try session.cursor().row == 1, "the name field keeps the focus")
        try await session.waitUntil("the pasted name in the store") {
            try session.sqlite("SELECT name FROM items") == "Teddy bear with bow\n"
        }

        let long = String(repeating: "熊猫 panda!\t", count: 1_000)  // 10,000 characters
        try session.paste(long)
        try await session.waitUntil("the 10,000-character paste in the store") {
            try session.sqlite("SELECT length(name) FROM items") == "\(19 + 10_000)\n"
        }
        let stored = try session.sqlite("SELECT name FROM items")
        #expect(stored == "Teddy bear with bow" + long.replacingOccurrences(of: "\t", with: " ") + "\n")
        let screen = try session.screen()
        #expect(screen.contains("‹ Homepwner"))
        #expect(try session.cursor().row == 1)
        #expect(try await session.quit(key: "C-c") == "0")
    }
}
