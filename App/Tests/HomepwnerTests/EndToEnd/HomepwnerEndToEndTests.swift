import Foundation
import Homepwner
import HomepwnerCore
import StateRestoration
import Testing
import TmuxTesting

#if canImport(Glibc)
    import Glibc
#endif

/// The real `homepwner` binary in a real terminal (tmux), each test on fresh data and
/// state directories, driving it as a person would and checking what a person would see.
@Suite(
    "Homepwner end to end in tmux", .serialized,
    .enabled(
        if: HomepwnerTmux.isAvailable,
        "needs tmux, sqlite3 and the homepwner binary (swift build --build-tests)"))
struct HomepwnerEndToEndTests {
    /// The terminals each test opens, closed when it ends.
    let terminals = Terminals()

    private func names(_ session: HomepwnerTmux) throws -> [String] {
        try session.sqlite("SELECT name FROM items ORDER BY ordering").split(separator: "\n").map(String.init)
    }

    @Test(
        "H8: push the 3rd item, half-type a Chinese name, Ctrl-Z, kill -9, relaunch: same screen, text and cursor"
    )
    func restoreAfterKill() async throws {
        let session = try await terminals.launched()
        try await session.open(row: 2, name: "Fluffy Mac")
        try session.press("C-u")
        try session.type("台灯架")
        try session.press("Left")
        let before = try await session.waitFor("the half-typed name") { $0.contains("Name     台灯架") }
        try await session.waitUntil("the cursor between 灯 and 架") {
            try session.cursor() == TmuxCursor(column: 14, row: 1)
        }

        try session.press("C-z")
        try await session.waitFor("the shell after Ctrl-Z") {
            try $0.contains("Stopped") && !session.isAlternateScreen()
        }
        try await session.killApp()

        let after = try await session.launch(ready: "台灯架")
        #expect(after == before)
        #expect(try session.cursor() == TmuxCursor(column: 14, row: 1))
        #expect(try names(session)[2] == "台灯架")  // committed as typed (H12)
        try session.press("Escape")
        try await session.waitForList()
        #expect(try session.highlightedRows() == [" 台灯架                                7Z9Y3            $99"])
        #expect(try await session.quit() == "0")
        #expect(try names(session)[2] == "台灯架")  // going back saved it
    }

    @Test(
        "H8: the new-item screen survives kill -9 past the debounce; Done keeps the item, Cancel deletes it",
        arguments: ["Done", "Cancel"])
    func modalAfterKill(ending: String) async throws {
        let session = try await terminals.launched()
        try session.press("a")
        try await session.waitFor("the new-item screen") { $0.contains("New Item") }
        try session.type("Lamp")
        try session.press("Tab")
        try session.type("L4")
        let before = try await session.waitFor("the typed fields") { $0.contains("Serial   L4") }
        // Past the debounce: the archive on disk holds what was typed. No Ctrl-Z.
        try await session.waitUntil("the continuous save") {
            session.archivedText(ofFieldEndingWith: "DetailViewController/serialNumberField") == "L4"
        }
        try await session.killApp()

        let after = try await session.launch(ready: "New Item")
        #expect(after == before)
        #expect(try session.cursor() == TmuxCursor(column: 12, row: 2))
        if ending == "Done" {
            try session.press("Enter")
            try await session.waitForList()
        } else {
            // Something was typed: Cancel asks first (H2).
            try await session.discardNewItem()
        }
        if ending == "Done" {
            #expect(try session.highlightedRows().first?.hasPrefix(" Lamp ") == true)
            #expect(
                try session.sqlite("SELECT name, serial_number FROM items WHERE name = 'Lamp'") == "Lamp|L4\n"
            )
        } else {
            #expect(try !session.screen().contains("Lamp"))
        }
        #expect(try names(session) == sampleItems.map(\.0) + (ending == "Done" ? ["Lamp"] : []))
        #expect(try await session.quit() == "0")
    }

    @Test("H8, H7: editing mode survives a normal quit; Q quits and forgets it")
    func editingModeAfterQuit() async throws {
        let session = try await terminals.launched()
        try session.press("e")
        try await session.waitFor("editing mode") { $0.hasPrefix(" Done ") && $0.contains(" - Shiny Spork") }
        #expect(try await session.quit() == "0")

        let restored = try await session.launch()
        #expect(restored.hasPrefix(" Done "))
        #expect(restored.contains(" - Shiny Spork "))
        #expect(try await session.quit(key: "Q") == "0")
        #expect(session.sessions.sessions().isEmpty, "Q ended the session (S4)")
        let fresh = try await session.launch()
        #expect(fresh.hasPrefix(" Edit "))
        #expect(try await session.quit() == "0")
    }

    @Test(
        "R16, H8: rows reordered with sqlite3 while the app was closed: the selection stays on the same item")
    func reorderedBehindTheAppsBack() async throws {
        let session = try await terminals.launched()
        try session.press("Down")
        try await session.waitUntil("Rusty Bear highlighted") {
            try session.highlightedRows().first?.hasPrefix(" Rusty Bear ") == true
        }
        #expect(try await session.quit() == "0")
        try session.sqlite(
            "UPDATE items SET ordering = (SELECT max(ordering) FROM items) + 1 WHERE name = 'Rusty Bear'")
        #expect(try names(session) == ["Shiny Spork", "Fluffy Mac", "毛茸茸的熊", "Shiny Bear", "Rusty Bear"])

        let screen = try await session.launch()
        #expect(screen.components(separatedBy: "\n")[5].hasPrefix(" Rusty Bear "))
        #expect(
            try session.highlightedRows() == [" Rusty Bear                            0A1B2            $35"])
        #expect(try await session.quit() == "0")
    }

    @Test(
        "H9: the restored detail's item deleted with sqlite3: the list shows, no crash, RESTORATION_DEBUG=1 says why"
    )
    func deletedBehindTheAppsBack() async throws {
        let session = try await terminals.launched()
        try await session.open(row: 1, name: "Rusty Bear")
        try await session.stop()
        let key = try session.sqlite("SELECT item_key FROM items WHERE name = 'Rusty Bear'")
            .trimmingCharacters(in: .whitespacesAndNewlines)
        try session.sqlite("DELETE FROM items WHERE name = 'Rusty Bear'")

        let screen = try await session.launch(environment: "RESTORATION_DEBUG=1", ready: "no longer exists")
        let lines = screen.components(separatedBy: "\n")
        #expect(lines[0].hasPrefix(" Edit "))
        #expect(lines[1].hasPrefix(" Shiny Spork "))
        #expect(lines[10] == " The item you had open no longer exists; showing the list.")
        let log = try String(contentsOfFile: session.stateDirectory + "/restoration.log", encoding: .utf8)
        #expect(
            log.contains(
                "restoration: not restored: TabBarController/SplitViewController/primary/DetailViewController: "
                    + "restoration class "
                    + "'DetailViewController' returned nil: item \(key) no longer exists in the store"))
        #expect(try await session.quit() == "0")
    }

    @Test(
        "S5, R18: a corrupt archive, and one of a newer format, reopen the item from the activity, with a notice",
        arguments: ["corrupt", "newer"])
    func badArchive(kind: String) async throws {
        let session = try await terminals.launched(width: 100, height: 12)
        try await session.open(row: 1, name: "Rusty Bear")
        try await session.stop()
        let bytes = try #require(FileManager.default.contents(atPath: session.archivePath))
        try Data(ArchiveBytes.damaged(Array(bytes), as: kind)).write(
            to: URL(fileURLWithPath: session.archivePath))

        try await session.launch(ready: "Name     Rusty Bear")
        // The item shows alone at 100 columns, with the notice under its fields.
        let why = ArchiveBytes.reasonShown(for: kind)
        let detail = try await session.waitFor("the item with the notice") {
            $0.contains("set aside. Reopened “Rusty Bear”.")
        }
        #expect(
            detail.components(separatedBy: "\n").contains(
                " The saved screen state \(why); set aside. Reopened “Rusty Bear”."))
        try session.press("Escape")
        try await session.waitForList()
        #expect(try session.highlightedRows().first?.hasPrefix(" Rusty Bear ") == true)
        #expect(try await session.quit() == "0")
    }

    @Test(
        "H6: kill -9 in the middle of 200 quick moves loses no move the screen showed, and integrity_check is ok"
    )
    func killDuringQuickEdits() async throws {
        // 201 items whose values are their positions: $0 is moved down, one row per edit.
        let session = try await terminals.launched(
            items: (0...200).map { (String(format: "Item %03d", $0), "S\($0)", $0) })
        try session.press("e")
        try await session.waitFor("editing mode") { $0.hasPrefix(" Done ") }
        /// The position of Item 000 as the screen shows it: the value of the row above it.
        func shownPosition() throws -> Int? {
            let lines = try session.lines()
            guard let index = lines.firstIndex(where: { $0.hasPrefix(" - Item 000 ") }) else { return nil }
            guard index > 1 else { return 0 }
            return Int(lines[index - 1].split(separator: "$").last?.prefix { $0.isNumber } ?? "")
        }
        for batch in 1...10 {
            try session.press("S-Down", times: 10)
            try await session.waitUntil("move \(batch * 10) on screen") { try shownPosition() == batch * 10 }
        }
        for _ in 11...20 { try session.press("S-Down", times: 10) }
        try await session.killApp()

        #expect(try session.sqlite("PRAGMA integrity_check") == "ok\n")
        let values = try session.sqlite("SELECT value_in_dollars FROM items ORDER BY ordering")
            .split(separator: "\n").compactMap { Int($0) }
        let position = try #require(values.firstIndex(of: 0))
        print("homepwner: kill -9 landed after move \(position) of 200")
        #expect(position >= 100)  // every move the screen showed is in the database
        #expect(values == Array(1...position) + [0] + Array(position + 1..<201))
    }

    @Test("H11: 40x12 and 200x60 render usably, and a resize lays the screens out again")
    func terminalSizes() async throws {
        let session = try terminals.open(width: 40, height: 12)
        try session.seed()
        let small = try await session.launch()
        #expect(small == sampleListAt40x12 + "\n")  // tmux ends the screen with a line break
        try session.resize(width: 200, height: 60)
        // Wide, the list is the left pane, and the right one waits for an item (T5).
        let large = try await session.waitFor("the wide layout") { $0.contains("Press Enter on an item") }
        let lines = large.components(separatedBy: "\n")
        #expect(lines.count == 61)
        #expect(lines[0].hasSuffix("Add │"))
        #expect(lines[1].hasPrefix(" Shiny Spork "))
        #expect(lines[1].hasSuffix("4K2M9            $12 │"))
        #expect(
            lines[59]
                == "Enter Open  a Add  Del Delete  e Edit & reorder  / Find  ^T Summary  q Quit  Q Quit & forget  ^C Quit"
        )
        try session.press("Down", "Down", "Down", "Enter")
        try await session.waitFor("the detail beside the list at 200x60") { $0.contains("│ Name     毛茸茸的熊") }
        try session.resize(width: 40, height: 12)
        let detail = try await session.waitFor("the detail at 40x12") { $0.contains("Tab Next field") }
        let detailLines = detail.components(separatedBy: "\n")
        #expect(detailLines.count == 13)
        #expect(
            Array(detailLines.prefix(4)) == [
                " ‹ Homepwner   毛茸茸的熊", " Name     毛茸茸的熊", " Serial   3C4D5", " Value $  1200",
            ])
        #expect(detailLines[11] == "Tab Next field  Esc Back  ^T Summary")
        #expect(try session.cursor() == TmuxCursor(column: 20, row: 1))
        #expect(try await session.quit(key: "C-c") == "0")
    }

    @Test("H11, H4: NO_COLOR=1 draws no colour, and a photo in brightness characters; without it, colour")
    func noColor() async throws {
        // 16 rows: the photo's 4 fit whole under 4 rows of notes.
        let session = try terminals.open(width: 60, height: 16)
        try session.seed()
        let png = session.directory + "/quadrants.png"
        try Data(ImageFiles.quadrantsPNG).write(to: URL(fileURLWithPath: png))
        func styled() throws -> String { try session.screen(styled: true) }
        /// True if any SGR sequence sets a foreground or background colour (30–38, 40–48,
        /// 90–97, 100–107; 39 and 49, the defaults, are no colour).
        func hasColour(_ text: String) -> Bool {
            text.components(separatedBy: "\u{1B}[").dropFirst().contains { sequence in
                guard let end = sequence.firstIndex(of: "m") else { return false }
                return sequence[..<end].split(separator: ";").contains { code in
                    guard let number = Int(code) else { return false }
                    return [30...38, 40...48, 90...97, 100...107].contains { $0.contains(number) }
                }
            }
        }
        try await session.launch()
        #expect(hasColour(try styled()))
        #expect(try await session.quit() == "0")

        try await session.launch(environment: "NO_COLOR=1")
        try session.press("Down", "Enter", "Tab", "Tab", "Tab")
        try session.type(png)
        try session.press("Enter")
        let screen = try await session.waitFor("the photo") { $0.contains("Photo attached") }
        let lines = screen.components(separatedBy: "\n")
        #expect(
            Array(lines[11...14]) == [
                " ::::::::++++++++", " ::::::::++++++++", " ........@@@@@@@@", " ........@@@@@@@@",
            ])
        #expect(!hasColour(try styled()))
        #expect(try styled().contains("7m"))  // reverse video stays: the bar
        #expect(try session.sqlite("SELECT has_photo FROM items WHERE name = 'Rusty Bear'") == "1\n")
        #expect(try await session.quit(key: "C-c") == "0")
    }

    @Test("H1: with 10,000 items the first frame comes quickly, and End reaches the last item")
    func tenThousandItems() async throws {
        let session = try terminals.open()
        let store = try ItemStore(paths: session.paths)
        try store.insert((0..<10_000).map { Item(name: String(format: "Item %05d", $0), valueInDollars: $0) })
        let clock = ContinuousClock()
        let start = clock.now
        let first = try await session.launch(ready: "Item 00000")
        let elapsed = clock.now - start
        #expect(first.hasPrefix(" Edit "))
        #expect(elapsed < .seconds(5), "launch to first frame took \(elapsed)")
        print("homepwner: launch to first frame with 10,000 items (tmux, polled every 20 ms): \(elapsed)")
        try session.press("End")
        try await session.waitUntil("the last item highlighted") {
            try session.highlightedRows().first?.hasPrefix(" Item 09999 ") == true
        }
        #expect(try await session.quit() == "0")
    }
}
