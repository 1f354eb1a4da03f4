import Foundation
import HomepwnerCore
import StateRestoration
import Testing

/// The New Item dialog (rule G3), restored with what was typed in it after `kill -9` (G4).
@Suite("G4: homepwner-gtk's New Item dialog after kill -9, end to end")
struct NewItemEndToEndTests {
    @Test(
        "G4: New Item with Chinese typed and a selection, kill -9: the same dialog, pixels and draft; Enter adds"
    )
    func newItemDialogAfterKill() throws {
        let (session, store) = try DesktopSession.launched(items: ["Shiny Bear", "Rusty Mac"])
        try session.key("alt+a")  // the header's Add
        try session.focus(try session.waitForWindow("New Item"))
        try session.type("熊猫 Lamp")
        try session.key("Tab")
        try session.type("S42")
        try session.key("shift+Left", "shift+Left")
        // Past the debounce: the draft, the serial's selection ("42") and the dialog's focus.
        try poll("the draft in the saved state") {
            guard let name = try session.savedValues("NewItemPage", "name"),
                let serial = try session.savedValues("NewItemPage", "serialNumber")
            else { return false }
            return name["text"] == .string("熊猫 Lamp") && serial["text"] == .string("S42")
                && Set([serial["cursor"], serial["anchor"]]) == [.int(1), .int(3)]
        }
        // Nothing is in the store before Add.
        #expect(try store.allItems().map(\.name) == ["Shiny Bear", "Rusty Mac"])
        try expectSameScreenAfterKill(session, window: "New Item")
        // The serial still has the focus and "42" selected: typing replaces it.
        try session.type("7")
        try session.key("Return")
        try poll("the new item in the store") {
            try store.allItems().map { "\($0.name)/\($0.serialNumber)" }
                == ["Shiny Bear/", "Rusty Mac/", "熊猫 Lamp/S7"]
        }
        try session.waitForWindow("Homepwner")
    }

    @Test("G3: Escape in the New Item dialog adds nothing, and the list has the focus again")
    func cancelAddsNothing() throws {
        let (session, store) = try DesktopSession.launched(items: ["Shiny Bear", "Rusty Mac"])
        try session.key("alt+a")
        try session.focus(try session.waitForWindow("New Item"))
        try session.type("Never")
        try session.key("Escape")
        try poll("the dialog gone from the saved state") {
            try session.savedValues("ItemsPage") != nil && session.savedValues("NewItemPage") == nil
        }
        #expect(try store.allItems().map(\.name) == ["Shiny Bear", "Rusty Mac"])
        // The list has the focus: ↓ ↓ Enter opens the second item.
        try session.focus(try session.waitForWindow("Homepwner"))
        try session.key("Down", "Down", "Return")
        try session.waitForWindow("Rusty Mac")
    }
}
