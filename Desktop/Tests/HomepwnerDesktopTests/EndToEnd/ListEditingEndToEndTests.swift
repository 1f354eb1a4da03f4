import Foundation
import HomepwnerCore
import Testing

/// Deleting and moving items on the list (rule G3), and the delete confirmation restored
/// after `kill -9` (G4), end to end.
@Suite("G3: homepwner-gtk's list: delete with confirmation, reorder, end to end")
struct ListEditingEndToEndTests {
    @Test(
        "G4: the delete confirmation, kill -9: it comes back over the list, the same pixels; Delete deletes")
    func deleteConfirmationAfterKill() throws {
        let (session, store) = try DesktopSession.launched(items: ["Shiny Bear", "Rusty Mac", "Fluffy Mac"])
        try session.key("Down", "Delete")
        try session.focus(try session.waitForWindow("Delete Item"))
        try poll("the confirmation in the saved state") {
            try session.archive()?.records.contains { $0.path.identifiers.last == "DeleteItemPage" } == true
        }
        try expectSameScreenAfterKill(session, window: "Delete Item")
        // Cancel has the focus; Tab reaches Delete, Space presses it.
        try session.key("Tab", "space")
        try poll("Rusty Mac deleted from the store") {
            try store.allItems().map(\.name) == ["Shiny Bear", "Fluffy Mac"]
        }
    }

    @Test("G3: in edit mode, Shift+↓ moves the selected item down, in the store's order too")
    func reorder() throws {
        let (session, store) = try DesktopSession.launched(items: ["First", "Second", "Third"])
        try session.key("Down")
        // Not in edit mode, Shift+↓ moves the selection (GTK's own key), not the item.
        try session.key("shift+Down", "Up")
        #expect(try store.allItems().map(\.name) == ["First", "Second", "Third"])
        try session.key("alt+e")  // the Edit button's mnemonic
        // A button pressed from the keyboard clicks a moment later: edit mode is on once the
        // saved state says so.
        try poll("edit mode in the saved state") {
            let list = try session.archive()?.records.first { $0.path.identifiers.last == "ItemsPage" }
            return list?.entries.contains { $0.key == "editing" && $0.value == .bool(true) } == true
        }
        try session.key("shift+Down")
        try poll("Second moved below Third") {
            try store.allItems().map(\.name) == ["First", "Third", "Second"]
        }
        // The moved item stays selected: Enter opens it.
        try session.key("Return")
        try session.waitForWindow("Second")
    }
}
