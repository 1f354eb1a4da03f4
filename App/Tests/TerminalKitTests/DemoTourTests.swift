import Foundation
import StateRestoration
import Testing
import TmuxTesting

#if canImport(Glibc)
    import Glibc
#endif

/// `terminalkit-demo` as a short guided tour that behaves like Homepwner, run in a
/// real terminal (tmux).
@Suite(
    "terminalkit-demo: the guided tour, end to end in tmux",
    .enabled(if: TmuxSession.programOnPath("tmux") != nil, "tmux is not installed"))
struct DemoTourTests {
    /// Starts the demo in a tmux pane (80x24 unless told) with a state directory of its own.
    private func launch(width: Int = 80, height: Int = 24) async throws -> TmuxSession {
        let binary = try #require(
            TmuxSession.builtProduct("terminalkit-demo"), "build terminalkit-demo with the tests")
        let session = try TmuxSession(label: "demo-tour", width: width, height: height)
        do {
            try session.shell("'\(binary)' --state-dir '\(session.directory)/state'")
            try await session.waitFor("the list") {
                try $0.contains("Shopping") && session.isAlternateScreen()
            }
        } catch {
            session.close()
            throw error
        }
        return session
    }

    /// Presses a (Add), waits for the New Item screen, and types `name` in its name field.
    private func startNewItem(_ session: TmuxSession, named name: String) async throws {
        try session.press("a")
        try await session.waitFor(text: "New Item")
        try session.type(name)
    }

    /// The rows drawn in reverse video below the bar: the highlighted row as a person sees
    /// it. A row is highlighted when reverse video (`ESC[7m`) is on at its first character.
    private func highlightedRows(_ session: TmuxSession) throws -> [String] {
        try session.screen(styled: true).components(separatedBy: "\n").dropFirst().compactMap { line in
            var rest = Substring(line)
            var reverse = false
            while rest.hasPrefix("\u{1B}["), let end = rest.firstIndex(where: \.isLetter) {
                let codes = rest[rest.index(rest.startIndex, offsetBy: 2)..<end].split(separator: ";")
                if codes.contains("7") { reverse = true } else if codes.contains("0") { reverse = false }
                rest = rest[rest.index(after: end)...]
            }
            return reverse ? String(rest.prefix { $0 != "\u{1B}" }) : nil
        }
    }

    @Test(
        "Tour (demo): every screen says what TerminalKit restores there, and the item screen's footer lists Tab"
    )
    func tourNotes() async throws {
        let session = try await launch()
        defer { session.close() }
        let list = try session.screen()
        #expect(list.contains("Tour: Ctrl-Z, q or kill -9, then start me again: this highlighted row"))
        try session.press("Enter")
        let item = try await session.waitFor("the item screen") { $0.contains("‹ Shopping") }
        #expect(item.contains("Tour: type something, then kill me and start again"))
        #expect(item.split(separator: "\n").last?.hasPrefix("Tab Next field") == true)
        try session.press("Escape")
        try await session.waitFor("the list") { !$0.contains("‹ Shopping") }
        try session.press("a")
        let new = try await session.waitFor("the new-item screen") { $0.contains("New Item") }
        #expect(new.contains("Tour: this screen comes back over the list after a relaunch"))
        #expect(new.split(separator: "\n").last?.hasPrefix("Tab Next field") == true)
    }

    @Test(
        "H3, H2 (demo, as in Homepwner): the title follows the name as it is typed; a new item is highlighted after Done"
    )
    func titleAndSelection() async throws {
        let session = try await launch()
        defer { session.close() }
        try session.press("Enter")
        try await session.waitFor(text: "Name      Bread")
        try session.type(" rolls")
        let typing = try await session.waitFor("the title") { $0.contains("Name      Bread rolls") }
        #expect(typing.split(separator: "\n").first?.hasSuffix("Bread rolls") == true)
        try session.press("Escape")
        try await session.waitFor("the list") { $0.contains(" Bread rolls ") && $0.contains("Shopping") }
        #expect(try highlightedRows(session).first?.hasPrefix(" Bread rolls ") == true)

        try await startNewItem(session, named: "Milk")
        try session.press("Enter")
        try await session.waitFor("the list with Milk") { $0.contains(" Milk ") && $0.contains("Shopping") }
        #expect(try highlightedRows(session).first?.hasPrefix(" Milk ") == true)
    }

    @Test(
        "T1 (demo): beside the list, Esc, then Enter on the item open there shows its edit, and opening another keeps the edit in the list"
    )
    func reopenedBesideTheList() async throws {
        let session = try await launch(width: 130, height: 20)
        defer { session.close() }
        try session.press("Enter")
        try await session.waitFor(text: "│ Name      Bread")
        try session.type("苹")
        try await session.waitFor(text: "│ Name      Bread苹")
        // Esc goes to the list, the item staying open; Enter on its row opens it again.
        try session.press("Escape")
        try await session.waitFor("the list's keys") { $0.contains("Enter Open") }
        try session.press("Enter")
        let reopened = try await session.waitFor("the item again") { $0.contains("Tab Next field") }
        #expect(reopened.contains("│ Name      Bread苹"), "\(reopened)")
        #expect(reopened.contains(" Bread苹 "))
        // Another item replaces it beside the list, which saves it: the edit stays.
        try session.press("Escape", "Down", "Enter")
        let other = try await session.waitFor(text: "│ Name      苹果 (apples)")
        #expect(other.contains(" Bread苹 "), "\(other)")
        try session.press("Escape")
        try await session.waitFor("the list's keys") { $0.contains("Enter Open") }
        try session.press("q")
        try await session.waitUntil("the shell") { try !session.isAlternateScreen() }
        let saved = try String(contentsOfFile: session.directory + "/state/items.json", encoding: .utf8)
        #expect(saved.contains("Bread苹"), "\(saved)")
    }

    @Test(
        "T4 (demo): at 40x12 the Notes and the tour's note, wrapped, share the rows above the bar of tabs, none left empty; the first row says how many lines are above"
    )
    func notesOnASmallTerminal() async throws {
        let session = try await launch(width: 40, height: 12)
        defer { session.close() }
        try session.press("2")
        try await session.waitFor(text: "Notes for the shop")
        for line in 1...12 {
            if line > 1 { try session.press("Enter") }
            try session.type("note \(line) 笔记")
        }
        let screen = try await session.waitFor(text: "note 12 笔记")
        let lines = screen.components(separatedBy: "\n")
        // The bar, four rows of notes, five of the tour's note, the bar of tabs, the footer.
        #expect(lines[1].hasPrefix(" note 9 笔记") && lines[1].hasSuffix("↑ 8 more lines"), "\(screen)")
        #expect(lines[4].hasPrefix(" note 12 笔记"), "\(screen)")
        #expect(lines[5].hasPrefix(" Tour: a text view."), "\(screen)")
        #expect(lines[9].hasPrefix(" come back."), "\(screen)")
        #expect(lines[10].hasPrefix("  1 Shopping   2 Notes"), "\(screen)")
    }

    @Test(
        "H4 (demo, as in Homepwner): a bad quantity is refused with a message on screen, never dropped silently"
    )
    func badQuantity() async throws {
        let session = try await launch()
        defer { session.close() }
        try await startNewItem(session, named: "Milk")
        try session.press("Tab", "x")
        try await session.waitFor(text: "Quantity takes digits only")
        try session.press("BSpace", "0", "Enter")
        let refused = try await session.waitFor(text: "Quantity: 0 is not from 1 to 9999. Fix it before Done")
        #expect(refused.contains("New Item"))
        try session.press("BSpace", "4", "Enter")
        try await session.waitFor(text: " × 4")

        // An existing item: the first Esc says the stored quantity stays; the second leaves.
        try session.press("Enter")
        try await session.waitFor(text: "Name      Milk")
        try session.press("Tab", "C-u")
        try await session.waitFor(text: "Quantity: type how many, from 1 to 9999")
        try session.press("Escape")
        let warned = try await session.waitFor(text: "so 4 stays. Fix it, or press Esc")
        #expect(warned.contains("‹ Shopping"))
        try session.press("Escape")
        let list = try await session.waitFor("the list") { $0.contains("Shopping") && !$0.contains("‹") }
        #expect(list.contains(" × 4"))
    }

    @Test(
        "T2, T3, T4, T6 (demo): the tabs, the notes typed in the text view and the scrolled tour come back after kill -9"
    )
    func containers() async throws {
        let session = try await launch()
        defer { session.close() }
        #expect(try session.screen().contains("1 Shopping   2 Notes   3 Tour"))
        // Notes: two lines and a selection.
        try session.press("C-t")
        try await session.waitFor("the Notes tab") { $0.contains("Notes for the shop") }
        try session.type("Milk at the corner")
        try session.press("Enter")
        try session.type("第二行")
        try session.press("S-Left", "S-Left")
        try await session.waitFor(text: "第二行")
        // The Tour: scrolled down a page.
        try session.press("C-t")
        try await session.waitFor(text: "TerminalKit's containers")
        try session.press("PageDown")
        _ = try await session.waitFor("the tour scrolled") { !$0.contains("TerminalKit's containers") }
        // The whole frame: the first read after the scroll can be a frame half drawn (found
        // under load in CI), so the screen is read until two reads in a row agree.
        var tour = try session.screen()
        try await Task.sleep(for: .milliseconds(100))
        try await session.waitUntil("the scrolled frame drawn whole") {
            let again = try session.screen()
            defer { tour = again }
            return again == tour
        }
        // Past the debounce, the archive holds it all (polled: a loaded machine saves later
        // than the debounce's second); then kill -9.
        let archivePath = FileRestorationStorage(directory: "\(session.directory)/state").path(of: .archive)
        try await session.waitUntil("the continuous save of the scroll and the notes") {
            guard let data = FileManager.default.contents(atPath: archivePath),
                let archive = try? Archive(fileBytes: Array(data))
            else { return false }
            let entries = archive.records.flatMap(\.entries)
            let scrolled = entries.contains { entry in
                guard entry.key == "offsetY", case .int(let offset) = entry.value else { return false }
                return offset > 0
            }
            let typed = entries.contains { entry in
                guard entry.key == "text", case .string(let text) = entry.value else { return false }
                return text.contains("第二行")
            }
            return scrolled && typed
        }
        let pid = try #require(try session.childPID())
        #expect(kill(pid, SIGKILL) == 0)
        try await session.waitUntil("the demo to die") { try session.childPID() == nil }
        try session.shell(
            "stty sane; clear; '\(try #require(TmuxSession.builtProduct("terminalkit-demo")))' "
                + "--state-dir '\(session.directory)/state'")
        // The same screen, scrolled as it was (waited for whole: the first frame can be read
        // half drawn over the shell's line).
        let relaunched = try await session.waitFor("the tour again, scrolled as it was") { $0 == tour }
        #expect(relaunched == tour)
        try session.press("M-2")
        let notes = try await session.waitFor("the notes") { $0.contains("Milk at the corner") }
        #expect(notes.contains(" 第二行"))
        // The selection (the last two characters) is drawn in reverse video.
        let styled = try session.screen(styled: true).components(separatedBy: "\n")
        let line = try #require(styled.first { $0.contains("二行") })
        let before = line[..<(line.range(of: "二行")?.lowerBound ?? line.endIndex)]
        // The styles set just before it (tmux may write colour and reverse apart) turn reverse on.
        let codes = before.split(separator: "\u{1B}").suffix(2).filter {
            $0.hasPrefix("[") && $0.hasSuffix("m")
        }
        #expect(codes.contains { $0.dropFirst().dropLast().split(separator: ";").contains("7") })
    }
}
