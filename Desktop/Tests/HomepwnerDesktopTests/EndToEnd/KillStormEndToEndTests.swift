import Foundation
import HomepwnerCore
import StateRestoration
import Testing

/// A storm of `kill -9`s at random moments while a person types into the item page
/// (rule G4), as the terminal app's store and archive storms do (R10, H6): after each, the
/// saved state must parse and the database must pass `PRAGMA integrity_check`, holding
/// only what was typed, as a store opened before the storm reads it too (H13); the
/// relaunch after the last shows the item as the store has it.
@Suite("G4: homepwner-gtk in a kill -9 storm, end to end")
struct KillStormEndToEndTests {
    static let kills = 20
    /// The keys typed, over and over: ASCII, so that `xdotool type` sends each one.
    static let typed = "storm"
    /// The item's name: "Rusty Mac" with typed keys anywhere in it (a relaunch puts the
    /// cursor back where it was saved, up to the debounce before the kill), as a regular
    /// expression.
    static let itemName =
        "[\(typed)]*"
        + "Rusty Mac".map { NSRegularExpression.escapedPattern(for: String($0)) }
        .joined(separator: "[\(typed)]*") + "[\(typed)]*"
    /// The item's page, titled with its name, or the list.
    static let itemOrList = ["^\(itemName)$", "^Homepwner$"]

    @Test(
        "G4, R10, H6, H13: 20 SIGKILLs at random moments while typing: every archive parses, the database is intact"
    )
    func stormWhileTyping() throws {
        let (session, store) = try DesktopSession.launched(items: ["Shiny Bear", "Rusty Mac", "Fluffy Mac"])
        try session.key("Down", "Return")
        try session.waitForWindow("Rusty Mac")
        try session.key("End")
        try poll("the item page in the saved state") { try session.savedValues("DetailPage", "name") != nil }
        var generator = SeededRandomNumberGenerator(seed: 20)
        var duringLaunch = 0
        var fresh = 0
        for cycle in 1...Self.kills {
            if cycle > 1 {
                try session.launch()
                // One kill in five lands while the app starts, before its window shows.
                if UInt64.random(in: 0..<5, using: &generator) == 0 {
                    usleep(UInt32.random(in: 0..<300_000, using: &generator))
                    session.killApp()
                    duringLaunch += 1
                    try expectIntact(session, store, after: cycle)
                    continue
                }
                try openItem(session, store, fresh: &fresh)
            }
            let typing = try session.typeInBackground(String(repeating: Self.typed, count: 20))
            usleep(UInt32.random(in: 50_000..<900_000, using: &generator))
            session.killApp()
            typing.stop()
            try expectIntact(session, store, after: cycle)
        }
        // The relaunch shows the item as the store has it, its page restored, or the list
        // (R18: after two launches in a row that died soon after restoring, it starts fresh).
        try session.launch()
        let window = try session.waitForAnyWindow(matching: Self.itemOrList)
        let name = try storedName(store)
        #expect(window.title == name || window.title == "Homepwner", "\(window.title) is not \(name)")
        #expect(duringLaunch >= 1, "no kill landed during a launch")
        #expect(fresh < Self.kills / 2, "\(fresh) launches of \(Self.kills) started fresh")
        #expect(name.count > "Rusty Mac".count, "nothing typed reached the store")
    }

    private func storedName(_ store: ItemStore) throws -> String {
        try #require(try store.allItems().dropFirst().first).name
    }

    /// Waits for the relaunched window: the item page restored, its name focused; or the
    /// list, if the launch started fresh (rule R18: a launch that died soon after restoring,
    /// twice in a row, or during its restore), where Down and Enter open the item again.
    private func openItem(_ session: DesktopSession, _ store: ItemStore, fresh: inout Int) throws {
        let window = try session.waitForAnyWindow(matching: Self.itemOrList)
        try session.focus(window.id)
        guard window.title == "Homepwner" else { return }
        fresh += 1
        try session.key("Down", "Return")
        try session.focus(try session.waitForAnyWindow(matching: [Self.itemOrList[0]]).id)
        try session.key("End")
    }

    /// Every session's archive parses, and the database passes `integrity_check`, holding
    /// the three items, the second's name "Rusty Mac" and what was typed into it.
    private func expectIntact(_ session: DesktopSession, _ store: ItemStore, after cycle: Int) throws {
        for id in session.sessionIDs {
            let path = session.scratch.file("state/desktop/sessions/\(id)/restoration.archive")
            guard let bytes = FileManager.default.contents(atPath: path) else { continue }
            #expect(throws: Never.self, "kill \(cycle): session \(id)'s archive") {
                _ = try Archive(fileBytes: Array(bytes))
            }
        }
        let integrity = try ProgramRun.run("sqlite3", [session.paths.databasePath, "PRAGMA integrity_check"])
        #expect(integrity.output == "ok\n", "kill \(cycle): \(integrity.output) \(integrity.errors)")
        let names = try ItemStore(paths: session.paths).allItems().map(\.name)
        // The store this test opened before the storm sees the app's commits too (H13):
        // opening another store in this process must not cost it its locks.
        #expect(
            try store.allItems().map(\.name) == names, "kill \(cycle): a long-lived store reads old items")
        #expect(
            names.count == 3 && names[0] == "Shiny Bear" && names[2] == "Fluffy Mac",
            "kill \(cycle): \(names)")
        let typedInto = try Regex(Self.itemName)
        let second = names.count == 3 ? names[1] : ""
        #expect(second.wholeMatch(of: typedInto) != nil, "kill \(cycle): \(names)")
    }
}
