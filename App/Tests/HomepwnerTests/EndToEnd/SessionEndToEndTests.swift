import Foundation
import Homepwner
import StateRestoration
import Testing
import TmuxTesting

/// Two `homepwner` processes on the same directories, in two terminals (rules S2–S6),
/// driven through tmux.
@Suite(
    "S2–S6: two instances of the real binary", .serialized,
    .enabled(if: HomepwnerTmux.isAvailable, "needs tmux, sqlite3 and the homepwner binary"))
struct SessionEndToEndTests {
    /// The terminals each test opens, closed when it ends.
    let terminals = Terminals()

    private func names(_ session: HomepwnerTmux) throws -> [String] {
        try session.sqlite("SELECT name FROM items ORDER BY ordering, item_key").split(separator: "\n").map(
            String.init)
    }

    @Test(
        "S2, S3: two instances, each with its own item and draft, killed -9: two relaunches bring both back, one each"
    )
    func twoKilledInstances() async throws {
        let (left, right) = try await terminals.twoInstances()
        try await left.openAndType(row: 1, name: "Rusty Bear", draft: " (left)")
        try await right.openAndType(row: 2, name: "Fluffy Mac", draft: " (right)")
        let leftSession = try #require(try left.heldSessionDirectory())
        let rightSession = try #require(try right.heldSessionDirectory())
        #expect(leftSession != rightSession)
        try await left.killApp()
        try await right.killApp()

        // Relaunched in the other order: each launch takes the newest free session.
        let first = try await right.launch(ready: "Name     ")
        let second = try await left.launch(ready: "Name     ")
        let screens = [first, second]
        #expect(screens.contains { $0.contains("Name     Rusty Bear (left)") }, "\(screens)")
        #expect(screens.contains { $0.contains("Name     Fluffy Mac (right)") }, "\(screens)")
        #expect(
            Set([try left.heldSessionDirectory(), try right.heldSessionDirectory()]) == [
                leftSession, rightSession,
            ])
        // The store lost nothing: every item, the drafts committed as typed.
        try await left.waitUntil("the drafts in the store") {
            try names(left) == [
                "Shiny Spork", "Rusty Bear (left)", "Fluffy Mac (right)", "毛茸茸的熊", "Shiny Bear",
            ]
        }
        #expect(try await left.quit(key: "C-c") == "0")
        #expect(try await right.quit(key: "C-c") == "0")
        #expect(left.sessions.sessions().count == 2)
    }

    @Test("S2: an instance sees another's change in its list within a second, and does not revert it")
    func seeEachOther() async throws {
        let (left, right) = try await terminals.twoInstances()
        try await right.openAndType(row: 0, name: "Shiny Spork", draft: "!")
        try await left.waitFor("the other instance's edit in the list", timeout: .seconds(3)) {
            $0.contains(" Shiny Spork! ")
        }
        try right.press("Escape")
        try await right.waitForList()
        #expect(try await left.quit() == "0")
        #expect(try await right.quit() == "0")
        #expect(try names(left).first == "Shiny Spork!")
    }

    @Test("S4: Q in one instance forgets its session only; the other's comes back after its kill")
    func quitAndForgetOne() async throws {
        let (left, right) = try await terminals.twoInstances()
        try await left.openAndType(row: 1, name: "Rusty Bear", draft: "?")
        #expect(try await right.quit(key: "Q") == "0")
        try await left.killApp()
        #expect(left.sessions.sessions().count == 1)
        try await right.launch(ready: "Name     Rusty Bear?")
        #expect(try await right.quit(key: "C-c") == "0")
    }

    @Test(
        "S6: --open SERIAL starts a new session on that item; an unknown item is exit 65 and starts nothing")
    func deepLink() async throws {
        let session = try terminals.open(width: 80, height: 24)
        try session.seed()
        let screen = try await session.launch("--open 7Z9Y3", ready: "Name     Fluffy Mac")
        #expect(screen.contains("Serial   7Z9Y3"))
        #expect(try await session.quit(key: "C-c") == "0")
        try session.start("--open NOPE")
        #expect(try await session.exitStatus() == "65")
        // The shell may echo the next command typed ahead before the error, so the error
        // can wrap anywhere: compared without the spaces and line breaks.
        let unspaced = { (text: String) in text.filter { !$0.isWhitespace } }
        let error = unspaced("homepwner: error: no item has the serial number or key “NOPE”")
        let shown = try session.screen()
        #expect(unspaced(shown).contains(error), "\(shown)")
        #expect(session.sessions.sessions().count == 1)
    }
}
