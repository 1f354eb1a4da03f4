import Foundation
import HomepwnerCore
import RestorationTesting
import StateRestoration
import TerminalKit
import Testing

@testable import Homepwner

@Suite("Homepwner: the detail screen (headless)")
@MainActor
struct DetailScreenTests {
    /// Opens the detail of the second sample item ("Rusty Bear", 0A1B2, $35).
    /// At 60x16 where a photo is shown: its 4 rows fit whole below 4 rows of notes.
    private func openRustyBear(
        _ scratch: Scratch, colorEnabled: Bool = true, size: Size = Size(width: 60, height: 12)
    ) throws -> HeadlessHomepwner {
        let app = try HeadlessHomepwner(
            paths: scratch.paths, storage: InMemoryStorage(), size: size, colorEnabled: colorEnabled)
        app.press(.down, .enter)
        return app
    }

    @Test(
        "H4, T5: the fields, the read-only date in the user's locale, no photo, the notes; the name field has the focus"
    )
    func fields() throws {
        let scratch = try scratchStore(sampleItems)
        let app = try openRustyBear(scratch)
        let item = try app.storedItem(1)
        let date = DetailViewController.dateFormatter.string(from: item.dateCreated)
        #expect(DetailViewController.dateFormatter.locale == Locale.current)
        #expect(
            app.screen == """
                 ‹ Homepwner             Rusty Bear
                 Name     Rusty Bear
                 Serial   0A1B2
                 Value $  35
                 Created  \(date)
                 Photo    path of a PNG or JPEG + Enter

                 Notes    notes, any number of lines


                 No photo
                Tab Next field  Esc Back  ^T Summary  ^C Quit
                """)
        #expect(app.terminal.cursor == Point(x: 20, y: 1))
        // Tab visits the four fields and the notes, and never the date.
        var rows: [Int] = []
        for _ in 0..<5 {
            app.press(.tab)
            rows.append(app.terminal.cursor?.y ?? -1)
        }
        #expect(rows == [2, 3, 5, 7, 1])
    }

    @Test(
        "H4: the value takes whole dollars; anything else shows a message and is not stored",
        arguments: [
            ("12.50", "Value: \"12.50\" has cents; use whole dollars"),
            ("-3", "Value: \"-3\" is negative; values start at $0"),
            ("ten", "Value: \"ten\" is not a number of dollars"),
            ("", "Value: type a whole number of dollars"),
        ])
    func invalidValue(typed: String, message: String) throws {
        let scratch = try scratchStore(sampleItems)
        let app = try openRustyBear(scratch)
        app.type(" 2")
        app.press(.tab, .tab, .backspace, .backspace)
        app.type(typed)
        #expect(app.lines[6] == " " + message)
        #expect(app.terminal.screen[1, 6].style.attributes.contains(.bold))
        app.press(.escape, .escape)  // the first says the value is not stored
        let stored = try app.storedItem(1)
        #expect(stored.name == "Rusty Bear 2")  // the other fields are stored
        #expect(stored.valueInDollars == 35)  // the invalid value is not
        #expect(app.highlightedRow?.hasSuffix("$35") == true)
    }

    @Test("H4: fixing the value clears the message, and the value is stored")
    func fixedValue() throws {
        let scratch = try scratchStore(sampleItems)
        let app = try openRustyBear(scratch)
        app.press(.tab, .tab)
        app.type("x")
        #expect(app.lines[6] == " Value: \"35x\" is not a number of dollars")
        app.press(.backspace)
        #expect(app.lines[6] == "")
        app.type("0")
        app.press(.escape)
        #expect(try app.storedItem(1).valueInDollars == 350)
    }

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

    @Test(
        "H4, H11: a photo's shades stay apart where the terminal has 256 colours or 24-bit colour, and come down to the nearest basic colour elsewhere"
    )
    func photoColourDepth() throws {
        let scratch = try scratchStore(sampleItems)
        // Left half orange, right half red: one basic colour apart from each other at most.
        let png = try scratch.write(
            ImageFiles.png(width: 32, height: 16) { x, _ in x < 16 ? [255, 135, 0] : [255, 0, 0] },
            to: "orange-red.png")
        let app = try openRustyBear(scratch, size: Size(width: 60, height: 16))
        app.press(.tab, .tab, .tab)
        app.type(png)
        app.press(.enter)
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
        let scratch = try scratchStore(sampleItems)
        let png = try scratch.write(ImageFiles.quadrantsPNG, to: "quadrants.png")
        let app = try openRustyBear(scratch, colorEnabled: false, size: Size(width: 60, height: 16))
        app.press(.tab, .tab, .tab)
        app.type(png)
        app.press(.enter)
        #expect(
            Array(app.lines[11...14]) == [
                " ::::::::++++++++", " ::::::::++++++++", " ........@@@@@@@@", " ........@@@@@@@@",
            ])
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
        let app = try HeadlessHomepwner(paths: scratch.paths, storage: InMemoryStorage())
        app.press(.character("a"))
        app.type("Camera")
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
}
