import Foundation
import HomepwnerCore
import StateRestoration
import Testing

/// The item's photo, attached with GTK's file chooser and shown as a picture (rule G3),
/// shown again after `kill -9` (G4).
@Suite("G3: homepwner-gtk's photo, end to end")
struct PhotoEndToEndTests {
    @Test(
        "G3: Ctrl+O, a PNG chosen in the file chooser: the picture shows on the item page; kill -9: the same pixels"
    )
    func photoAfterKill() throws {
        let (session, store) = try DesktopSession.launched(items: ["Shiny Bear", "Rusty Mac"])
        let photo = session.scratch.file("gradient.png")
        try session.x("/usr/bin/convert", ["-size", "320x200", "gradient:red-blue", photo])
        try session.key("Down", "Return")
        try session.waitForWindow("Rusty Mac")
        let before = try session.settledScreenshot("no-photo")
        #expect(try session.pixelCount(of: "rgb(255,0,0)", in: before) == 0)
        try session.key("ctrl+o")
        try session.focus(try session.waitForWindow("Choose a Photo"))
        // GTK's chooser takes a path typed in its location bar (Ctrl+L); Enter attaches.
        try session.key("ctrl+l")
        try session.type(photo)
        try session.key("Return")
        try poll("the photo in the store") { try store.allItems().last?.hasPhoto == true }
        try session.focus(try session.waitForWindow("Rusty Mac"))
        // The gradient's red top rows show in the picture.
        try poll("the picture on screen") {
            try session.pixelCount(of: "rgb(255,0,0)", in: session.screenshot("photo")) > 100
        }
        try expectSameScreenAfterKill(session, window: "Rusty Mac")
    }
}
