import Foundation
import HomepwnerCore
import StateRestoration
import Testing

/// The item's Notes (rule G3), restored with their cursor and selection after `kill -9`
/// (G4), their text from the store.
@Suite("G4: homepwner-gtk's Notes after kill -9, end to end")
struct NotesEndToEndTests {
    @Test(
        "G4: Notes typed over two lines, a selection, kill -9: the same pixels; typing replaces the selection"
    )
    func notesWithSelectionAfterKill() throws {
        let (session, store) = try DesktopSession.launched(items: ["Shiny Bear", "Rusty Mac"])
        try session.key("Down", "Down", "Return")
        try session.waitForWindow("Rusty Mac")
        // Name, Serial, Value, then Notes.
        try session.key("Tab", "Tab", "Tab")
        try session.type("熊猫 dents")
        try session.key("Return")
        try session.type("left side")
        try session.key("shift+Left", "shift+Left", "shift+Left", "shift+Left")
        let notes = "熊猫 dents\nleft side"
        let length = Int64(notes.unicodeScalars.count)
        try poll("the notes in the store and their selection in the saved state") {
            guard let saved = try session.savedValues("DetailPage", "notes") else { return false }
            return try store.allItems().last?.notes == notes
                && Set([saved["cursor"], saved["anchor"]]) == [.int(length - 4), .int(length)]
        }
        try expectSameScreenAfterKill(session, window: "Rusty Mac")
        // The focus and the selection ("side") came back: typing replaces it.
        try session.type("arm")
        try poll("the selection replaced in the store") {
            try store.allItems().last?.notes == "熊猫 dents\nleft arm"
        }
    }
}
