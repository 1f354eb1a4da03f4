import Foundation
import RestorationTesting
import StateRestoration
import TerminalKit
import Testing

@testable import Homepwner

/// The item screen where room is short or a value is not one: the footer at 40 columns,
/// a photo on a short terminal, and what the value field shows, checked on a headless
/// terminal.
@Suite("Homepwner: the item screen's footer, photo and value (headless)")
@MainActor
struct NewUserPassTests {
    @Test(
        "H1, H4: at 40 columns the item footer keeps how to leave before Ctrl-X, and says that Enter attaches in the photo field, never Done"
    )
    func footerAtFortyColumns() throws {
        let scratch = try scratchStore(sampleItems)
        let png = try scratch.write(ImageFiles.quadrantsPNG, to: "quadrants.png")
        let app = try HeadlessHomepwner(
            paths: scratch.paths, storage: InMemoryStorage(), size: Size(width: 40, height: 12))
        app.press(.down, .enter, .tab, .tab, .tab)
        app.type(png)
        app.press(.enter)
        #expect(app.screen.contains("Photo attached"), "\(app.screen)")
        #expect(app.lines.last == "Tab Next field  Esc Back  Enter Attach")
        app.press(.up)
        // Before, Ctrl-X came first and Esc Back was the hint that did not fit.
        #expect(app.lines.last == "Tab Next field  Esc Back")

        // The new-item screen: Done where Enter is Done, Attach in the photo field.
        app.press(.escape, .character("a"))
        #expect(app.lines.last == "Tab Next field  Esc Cancel  Enter Done")
        app.press(.tab, .tab, .tab)
        #expect(app.lines.last == "Tab Next field  Esc Cancel  Enter Attach")
    }

    @Test("H4, H11: on a 40x12 terminal a photo taller than the rows left is drawn smaller, not left out")
    func photoOnShortTerminal() throws {
        let scratch = try scratchStore(sampleItems)
        // 16 × 32 pixels, red above blue: 8 × 8 cells where there is room.
        let png = try scratch.write(
            ImageFiles.png(width: 16, height: 32) { _, y in y < 16 ? [255, 0, 0] : [0, 0, 255] },
            to: "tall.png")
        let app = try HeadlessHomepwner(
            paths: scratch.paths, storage: InMemoryStorage(), size: Size(width: 40, height: 24))
        app.press(.down, .enter, .tab, .tab, .tab)
        app.type(png)
        app.press(.enter)
        // Under 8 rows of notes.
        #expect(
            Array(app.lines[15...22]) == Array(repeating: " " + String(repeating: "▀", count: 8), count: 8))

        app.terminal.resize(to: Size(width: 40, height: 12))
        app.press(.up)  // any key: a frame
        // The notes keep 3 rows (T5); one is left under them: 1 × 1 cell, red above blue.
        #expect(Array(app.lines[7...9]) == [" Notes    notes, any number of lines", "", ""])
        #expect(app.lines[10] == " ▀")
        let screen = app.terminal.screen
        #expect(screen[1, 10].style.foreground == .rgb(red: 255, green: 0, blue: 0))
        #expect(screen[1, 10].style.background == .rgb(red: 0, green: 0, blue: 255))
    }

    @Test(
        "H4: the value kept after an invalid one is written as the list writes it, with thousands separators")
    func keptValueFormatted() throws {
        let scratch = try scratchStore(sampleItems)
        let app = try HeadlessHomepwner(paths: scratch.paths, storage: InMemoryStorage())
        app.press(.down, .down, .down, .enter, .tab, .tab, .ctrl("u"))
        app.type("12.5")
        app.press(.escape)
        #expect(app.screen.replacingOccurrences(of: "\n ", with: " ").contains("so $1,200 stays."))
    }

    @Test("H4: an emptied value shows what to type, not a dim 0 that reads as a value of $0")
    func emptyValuePlaceholder() throws {
        let scratch = try scratchStore(sampleItems)
        let app = try HeadlessHomepwner(paths: scratch.paths, storage: InMemoryStorage())
        app.press(.down, .enter, .tab, .tab, .ctrl("u"))
        #expect(app.lines[3] == " Value $  whole dollars")
        #expect(app.lines[6] == " Value: type a whole number of dollars")
    }
}
