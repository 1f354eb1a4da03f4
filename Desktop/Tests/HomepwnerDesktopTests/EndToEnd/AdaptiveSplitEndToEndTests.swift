import Foundation
import HomepwnerCore
import StateRestoration
import Testing

/// The list and the item side by side when the window is wide, folded when it is narrow
/// (rule G3), restored after `kill -9` by the window's size (G4).
@Suite("G4: homepwner-gtk's adaptive split, end to end")
struct AdaptiveSplitEndToEndTests {
    /// Launches on three items, makes the window `width` wide, and opens the second item.
    private func openSecondItem(width: Int) throws -> (DesktopSession, ItemStore, String) {
        let (session, store) = try DesktopSession.launched(items: ["Shiny Bear", "Rusty Mac", "Fluffy Mac"])
        let window = try session.waitForWindow("Homepwner")
        try session.x("xdotool", ["windowsize", "--sync", window, "\(width)", "600"])
        try session.focus(window)
        try session.key("Down", "Return")
        try session.waitForWindow("Rusty Mac")
        return (session, store, window)
    }

    /// Waits until the saved window is `width` wide and the item page is on the stack.
    private func waitForSaved(_ session: DesktopSession, width: Int) throws {
        try poll("the width and the item page in the saved state") {
            try session.savedValues("Window")?["gtk.width"] == .int(Int64(width))
                && session.savedValues("PageStack", "DetailPage") != nil
        }
    }

    @Test("G4: wide, the list beside the item, Chinese typed, kill -9: side by side again, the same pixels")
    func wideAfterKill() throws {
        let (session, store, _) = try openSecondItem(width: 1000)
        try session.key("End")
        try session.type(" 熊猫", titleBefore: "Rusty Mac")
        try waitForSaved(session, width: 1000)
        try expectSameScreenAfterKill(session, window: "Rusty Mac 熊猫")
        // Escape closes the item; the list, still beside it, has its row: ↓ Enter opens the
        // third item, in the same place.
        try session.key("Escape")
        try session.waitForWindow("Homepwner")
        try session.x("xdotool", ["key", "--delay", "40", "Down", "Return"])
        try session.waitForWindow("Fluffy Mac")
        #expect(try store.allItems().map(\.name) == ["Shiny Bear", "Rusty Mac 熊猫", "Fluffy Mac"])
    }

    @Test(
        "G4: an item opened wide, then the window made narrow: folded, the item alone; kill -9: the same pixels"
    )
    func narrowAfterKill() throws {
        let (session, _, window) = try openSecondItem(width: 1000)
        try session.x("xdotool", ["windowsize", "--sync", window, "600", "600"])
        try waitForSaved(session, width: 600)
        try expectSameScreenAfterKill(session, window: "Rusty Mac")
        // Folded, the item hides the list: Escape shows it, on the item's row.
        try session.key("Escape")
        try session.waitForWindow("Homepwner")
        try session.key("Down", "Return")
        try session.waitForWindow("Fluffy Mac")
    }
}
