import Foundation
import HomepwnerCore
import StateRestoration
import Testing

/// Several windows, each a scene with its own session (rule G5): Ctrl-N opens one; a
/// `kill -9` or a quit brings every window back in its own state (G4); Ctrl-W ends one.
@Suite("G5: homepwner-gtk's windows, each its own session, end to end")
struct SeveralWindowsEndToEndTests {
    /// The app on three items, and a second window opened with Ctrl-N: the session, the
    /// store, and the two windows' ids.
    private func launchedWithTwoWindows() throws -> (DesktopSession, ItemStore, String, String) {
        let (session, store) = try DesktopSession.launched(items: ["Shiny Bear", "Rusty Mac", "Fluffy Mac"])
        let first = try session.waitForWindow("Homepwner")
        try session.key("ctrl+n")
        var second = ""
        try poll("a second window") {
            second = try session.windows(titled: "Homepwner").first { $0 != first } ?? ""
            return !second.isEmpty
        }
        return (session, store, first, second)
    }

    @Test(
        "G5: two windows at once, kill -9: both come back in their own state, the same pixels; Ctrl-Q keeps both, Ctrl-W ends one"
    )
    func twoWindowsAfterKill() throws {
        let (session, _, first, second) = try launchedWithTwoWindows()
        // The new window: the second item opened, Chinese typed into its name.
        try session.focus(second)
        try session.key("Down", "Return")
        try session.waitForWindow("Rusty Mac")
        try session.key("End")
        try session.type(" 二", titleBefore: "Rusty Mac")
        // The first window: the third row chosen, and the focus.
        try session.focus(first)
        try session.key("Down", "Down")
        try poll("both windows in their own sessions' saved state") {
            let archives = try session.archives()
            let opened = archives.filter { $0.records.contains { $0.path.identifiers.last == "DetailPage" } }
            let list = archives.filter { !$0.records.contains { $0.path.identifiers.last == "DetailPage" } }
                .flatMap(\.records).first { $0.path.identifiers.last == "ItemsList" }
            let selected = list?.entries.first { $0.key == "selectedKey" }?.value
            return session.sessionIDs.count == 2 && opened.count == 1 && selected != .string("")
                && selected != nil
        }
        try expectSameScreenAfterKill(session, window: "Homepwner", others: ["Rusty Mac 二"])

        try session.key("ctrl+q")
        #expect(try session.waitForExit() == 0)
        #expect(session.sessionIDs.count == 2)
        try session.launch()
        try session.waitForWindow("Homepwner")
        let item = try session.waitForWindow("Rusty Mac 二")
        // Ctrl-W closes the item's window and ends its session; the list's stays.
        try session.focus(item)
        try session.key("ctrl+w")
        try poll("one session left") { session.sessionIDs.count == 1 }
        try session.focus(try session.waitForWindow("Homepwner"))
        try session.key("ctrl+q")
        #expect(try session.waitForExit() == 0)
        try session.launch()
        try session.waitForWindow("Homepwner")
        #expect(session.windowTitles() == ["Homepwner"])
    }

    @Test(
        "H13, H15: one item open in two windows: what is typed in one shows in the other, and typing there keeps it"
    )
    func sameItemInTwoWindows() throws {
        let (session, store, first, second) = try launchedWithTwoWindows()
        for window in [first, second] {
            try session.focus(window)
            try session.key("Down", "Return")
        }
        try poll("the item open in both windows") { try session.windows(titled: "Rusty Mac").count == 2 }
        try session.focus(first)
        try session.key("End")
        try session.type(" 一")
        // The other window's page follows: its title, which is its name field, shows it.
        try poll("the second window showing the first one's edit") {
            Set(try session.windows(titled: "Rusty Mac 一")) == [first, second]
        }
        try session.focus(second)
        try session.key("End")
        try session.type(" 二", titleBefore: "Rusty Mac 一")
        try poll("both edits in the store") { try store.allItems().map(\.name).contains("Rusty Mac 一 二") }
        try poll("the first window showing the second one's edit") {
            Set(try session.windows(titled: "Rusty Mac 一 二")) == [first, second]
        }
        try session.key("ctrl+q")
        #expect(try session.waitForExit() == 0)
    }
}
