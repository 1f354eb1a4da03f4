import Foundation
import HomepwnerCore
import RestorationTesting
import StateRestoration
import TerminalKit
import Testing

@testable import Homepwner

/// An item's photo: attached from a path as typed or dropped, drawn in half blocks at the
/// terminal's colour depth and size, and removed only when the user says so.
@Suite("Homepwner: an item's photo: attached, drawn and removed (headless)")
@MainActor
struct PhotoTests {
    /// Opens the detail of the second sample item ("Rusty Bear", 0A1B2, $35).
    /// At 60x16 where a photo is shown: its 4 rows fit whole below 4 rows of notes.
    private func openRustyBear(_ scratch: Scratch, size: Size = Size(width: 60, height: 12)) throws
        -> HeadlessHomepwner
    {
        let app = try HeadlessHomepwner(scratch: scratch, size: size)
        app.press(.down, .enter)
        return app
    }

    /// Writes `image` to a scratch directory of the sample items, opens Rusty Bear (the
    /// second) at `size`, and types the image's path in the photo field, then Enter.
    private func attachingPhoto(
        _ image: [UInt8], size: Size = Size(width: 60, height: 16), colorEnabled: Bool = true
    ) throws -> HeadlessHomepwner {
        let scratch = try scratchStore(sampleItems)
        let path = try scratch.write(image, to: "photo.png")
        let app = try HeadlessHomepwner(scratch: scratch, size: size, colorEnabled: colorEnabled)
        app.press(.down, .enter, .tab, .tab, .tab)
        app.type(path)
        app.press(.enter)
        return app
    }

    // MARK: Attaching

    @Test(
        "H4: a PNG is attached from its path, stored under the item's key, shown as half blocks, and removed")
    func photo() throws {
        let scratch = try scratchStore(sampleItems)
        let png = try scratch.write(ImageFiles.quadrantsPNG, to: "quadrants.png")
        let app = try openRustyBear(scratch, size: Size(width: 60, height: 16))
        #expect(!app.screen.contains("Remove photo"))
        app.press(.tab, .tab, .tab)
        app.type(png)
        app.press(.enter)
        let item = try app.storedItem(1)
        #expect(item.hasPhoto)
        #expect(
            FileManager.default.fileExists(
                atPath: scratch.paths.imagesDirectory + "/" + ItemKey.text(item.key)))
        #expect(app.lines[5] == " Photo    path of a PNG or JPEG + Enter")
        #expect(app.lines[6] == " Photo attached")
        // 32×16 pixels in 16×4 cells under 4 rows of notes: red | green over blue | white.
        #expect(app.lines[7] == " Notes    notes, any number of lines")
        #expect(app.lines[11] == " " + String(repeating: "▀", count: 16))
        let screen = app.terminal.screen
        let red = Color.rgb(red: 255, green: 0, blue: 0)
        let green = Color.rgb(red: 0, green: 255, blue: 0)
        let blue = Color.rgb(red: 0, green: 0, blue: 255)
        let white = Color.rgb(red: 255, green: 255, blue: 255)
        #expect(screen[1, 11].style == Style(foreground: red, background: red))
        #expect(screen[16, 12].style == Style(foreground: green, background: green))
        #expect(screen[1, 13].style == Style(foreground: blue, background: blue))
        #expect(screen[16, 14].style == Style(foreground: white, background: white))
        #expect(app.lines.last == "Tab Next field  Esc Back  Enter Attach  ^X Remove photo")

        app.press(.ctrl("x"), .character("y"))  // it asks first
        #expect(try app.storedItem(1).hasPhoto == false)
        #expect(
            !FileManager.default.fileExists(
                atPath: scratch.paths.imagesDirectory + "/" + ItemKey.text(item.key)))
        #expect(app.lines[6] == " Photo removed")
        // The notes take the rows the photo gave back.
        #expect(app.lines[14] == " No photo")
    }

    @Test("H4: a file that is not an image, or does not exist, gets a clear message and changes nothing")
    func notAnImage() throws {
        let scratch = try scratchStore(sampleItems)
        let text = try scratch.write(Array("hello".utf8), to: "notes.txt")
        let app = try openRustyBear(scratch)
        app.press(.tab, .tab, .tab)
        app.type(text)
        app.press(.enter)
        // The message wraps at spaces, onto rows that start at the margin.
        #expect(
            app.screen.replacingOccurrences(of: "\n ", with: " ").contains(
                "\(text) is not a PNG or JPEG image"))
        #expect(try app.storedItem(1).hasPhoto == false)
        app.press(.ctrl("u"))
        app.type(scratch.file("missing.png"))
        app.press(.enter)
        #expect(app.lines[6].contains("missing.png"))
        #expect(app.screen.contains("\n No photo\n"))
    }

    @Test("H2, H4: on the new-item screen Enter in the photo field attaches the photo instead of Done")
    func photoOnNewItem() throws {
        let scratch = try scratchStore(sampleItems)
        let png = try scratch.write(ImageFiles.quadrantsPNG, to: "quadrants.png")
        let app = try HeadlessHomepwner(paths: scratch.paths)
        app.startNewItem(named: "Camera")
        app.press(.tab, .tab, .tab)
        app.type(png)
        app.press(.enter)
        #expect(app.detail?.isNew == true)
        #expect(app.lines[6] == " Photo attached")
        app.press(.escape, .character("y"))  // Cancel, confirmed, deletes the item and its photo.
        #expect(try app.storedNames() == sampleItems.map(\.0))
        let images = try FileManager.default.contentsOfDirectory(atPath: scratch.paths.imagesDirectory)
        #expect(images.filter { !$0.hasPrefix(".") }.isEmpty)
    }

    @Test(
        "H4: a photo path as terminals paste a dropped file is accepted",
        arguments: ["'QUOTED'", "\"QUOTED\"", "ESCAPED", "file://URL", " 'QUOTED' "])
    func droppedPath(form: String) throws {
        let scratch = try scratchStore(sampleItems)
        let png = try scratch.write(
            ImageFiles.png(width: 2, height: 2) { _, _ in [255, 0, 0] }, to: "my photo (1).png")
        let typed =
            form
            .replacingOccurrences(of: "QUOTED", with: png)
            .replacingOccurrences(
                of: "ESCAPED",
                with: png.replacingOccurrences(of: " ", with: "\\ ")
                    .replacingOccurrences(of: "(", with: "\\(").replacingOccurrences(of: ")", with: "\\)")
            )
            .replacingOccurrences(
                of: "URL", with: png.addingPercentEncoding(withAllowedCharacters: .urlPathAllowed) ?? png)
        let app = try HeadlessHomepwner(paths: scratch.paths)
        app.press(.down, .enter, .tab, .tab, .tab)
        app.terminal.paste(typed)
        app.press(.enter)
        #expect(app.screen.contains("Photo attached"), "\(typed)")
        #expect(try app.storedItem(1).hasPhoto)
    }

    // MARK: Drawing

    @Test(
        "H4, H11: a photo's shades stay apart where the terminal has 256 colours or 24-bit colour, and come down to the nearest basic colour elsewhere"
    )
    func photoColourDepth() throws {
        // Left half orange, right half red: one basic colour apart from each other at most.
        let app = try attachingPhoto(
            ImageFiles.png(width: 32, height: 16) { x, _ in x < 16 ? [255, 135, 0] : [255, 0, 0] })
        let orange = app.terminal.screen[1, 11].style
        let red = app.terminal.screen[16, 11].style
        #expect(orange.foreground == .rgb(red: 255, green: 135, blue: 0))
        #expect(red.foreground == .rgb(red: 255, green: 0, blue: 0))
        func sgr(_ style: Style, _ depth: ColorDepth) -> String {
            ANSIRenderer(colorDepth: depth).sgr(style)
        }
        #expect(sgr(orange, .trueColor) == "\u{1B}[0;38;2;255;135;0;48;2;255;135;0m")
        #expect(sgr(orange, .indexed256) == "\u{1B}[0;38;5;208;48;5;208m")
        #expect(sgr(red, .indexed256) == "\u{1B}[0;38;5;196;48;5;196m")
        #expect(sgr(orange, .basic) == "\u{1B}[0;33;43m")
        #expect(sgr(red, .basic) == "\u{1B}[0;31;41m")
        #expect(sgr(orange, .none) == "\u{1B}[0m")
    }

    @Test("H4, H11: under NO_COLOR the photo is drawn in brightness characters")
    func photoWithoutColour() throws {
        let app = try attachingPhoto(ImageFiles.quadrantsPNG, colorEnabled: false)
        #expect(
            Array(app.lines[11...14]) == [
                " ::::::::++++++++", " ::::::::++++++++", " ........@@@@@@@@", " ........@@@@@@@@",
            ])
    }

    @Test("H4, H11: on a 40x12 terminal a photo taller than the rows left is drawn smaller, not left out")
    func photoOnShortTerminal() throws {
        // 16 × 32 pixels, red above blue: 8 × 8 cells where there is room.
        let app = try attachingPhoto(
            ImageFiles.png(width: 16, height: 32) { _, y in y < 16 ? [255, 0, 0] : [0, 0, 255] },
            size: Size(width: 40, height: 25))
        // Under 8 rows of notes, above the bar of tabs.
        #expect(
            Array(app.lines[15...22]) == Array(repeating: " " + String(repeating: "▀", count: 8), count: 8))
        #expect(app.lines[23].hasPrefix("  1 Items   2 Summary"))

        app.terminal.resize(to: Size(width: 40, height: 12))
        app.press(.up)  // any key: a frame
        // The notes keep 3 rows (T5); one is left under them: 1 × 1 cell, red above blue.
        #expect(Array(app.lines[7...9]) == [" Notes    notes, any number of lines", "", ""])
        #expect(app.lines[10] == " ▀")
        let screen = app.terminal.screen
        #expect(screen[1, 10].style.foreground == .rgb(red: 255, green: 0, blue: 0))
        #expect(screen[1, 10].style.background == .rgb(red: 0, green: 0, blue: 255))
    }

    // MARK: Removing

    @Test(
        "H4, H12: Ctrl-X asks before removing the photo, saying the user's own file is not touched; Enter keeps it"
    )
    func removePhotoAsks() throws {
        let scratch = try scratchStore(sampleItems)
        try scratch.attachRedPhoto(toItemAt: 1)
        let app = try openRustyBear(scratch)
        app.type("XY")
        app.press(.ctrl("x"))
        #expect(try app.storedItem(1).hasPhoto)
        #expect(app.screen.contains("Remove the photo?"))
        // The alert's text, as it wraps inside its frame, read as words.
        let words = app.screen.split(whereSeparator: { $0.isWhitespace || $0 == "│" }).joined(separator: " ")
        #expect(
            words.contains("The copy kept with this item is deleted; your original file is not touched."),
            "\(app.screen)")
        #expect(!words.contains("Its file is deleted"))
        app.press(.enter)
        #expect(try app.storedItem(1).hasPhoto)
        #expect(!app.screen.contains("Remove the photo?"))
        app.type("Z")  // the focus is back in the name field
        #expect(app.lines[1] == " Name     Rusty BearXYZ")
        app.press(.ctrl("x"), .character("y"))
        #expect(try app.storedItem(1).hasPhoto == false)
        #expect(app.screen.contains("Photo removed"))
    }

    /// Rusty Bear with a photo, open on an 80x24 screen.
    private func openItemWithPhoto() throws -> (bear: Item, app: HeadlessHomepwner) {
        let scratch = try scratchStore(sampleItems)
        let bear = try scratch.attachRedPhoto(toItemAt: 1)
        return (bear, try openRustyBear(scratch, size: Size(width: 80, height: 24)))
    }

    @Test(
        "H8, X1: killed while \"Remove the photo?\" was up, the relaunch asks again over the item; y removes it"
    )
    func removePhotoAlertComesBack() throws {
        let (bear, first) = try openItemWithPhoto()
        first.press(.ctrl("x"), .right)
        let before = first.screen
        #expect(before.contains("Remove the photo?"))
        first.press(.ctrl("z"))

        let second = try first.relaunched()
        #expect(second.screen == before)
        #expect(second.application.restorationReport?.diagnostics.isEmpty == true)
        second.press(.character("y"))
        #expect(try second.storedItem(1).hasPhoto == false)
        #expect(second.screen.contains("Photo removed"))
        #expect(second.detail?.item.key == bear.key)
    }

    @Test("H8: a photo removed meanwhile: the alert is not restored, the item screen shows alone")
    func removePhotoAlertWithoutPhoto() throws {
        let (bear, first) = try openItemWithPhoto()
        first.press(.ctrl("x"))
        first.press(.ctrl("z"))
        try ItemStore(paths: first.paths).removePhoto(from: bear.key)

        let second = try first.relaunched()
        #expect(!second.screen.contains("Remove the photo?"))
        #expect(second.detail?.item.key == bear.key)
    }
}
