import Foundation
import RestorationTesting
import StateRestoration
import TerminalKit
import Testing

@testable import Homepwner

/// The footer's key hints: only the keys that work on the screen shown, the ones a user
/// needs most first, so that a narrow terminal keeps them.
@Suite("Homepwner: the footer offers the keys that work, the most needed first (headless)")
@MainActor
struct FooterTests {
    @Test("H12: an empty list's footer offers only what works")
    func emptyListFooter() throws {
        let app = try HeadlessHomepwner(paths: Scratch().paths)
        #expect(app.lines.last == "a Add  ^T Summary  q Quit  Q Quit & forget  ^C Quit")
    }

    @Test(
        "H12: the footer puts Enter Open first, so a narrow terminal keeps it, and keeps q Quit"
    )
    func footerOrder() throws {
        let app = try HeadlessHomepwner.launched(size: Size(width: 40, height: 12))
        #expect(app.lines.last == "Enter Open  a Add  Del Delete  q Quit")
    }

    @Test("H12: the alert's footer shows Esc and what Enter does, not q or Q")
    func alertFooter() throws {
        let app = try HeadlessHomepwner.launched(size: Size(width: 80, height: 12))
        app.press(.delete)
        #expect(app.lines.last == "Enter/n/Esc Cancel  y Delete  ←→ Choose  ^C Quit")
        app.press(.character("q"))
        #expect(app.application.state == .active)
        app.press(.right)
        #expect(app.lines.last == "Enter/y Delete  n/Esc Cancel  ←→ Choose  ^C Quit")
    }

    @Test(
        "H1, H4: at 40 columns the item footer keeps how to leave before Ctrl-X, and says that Enter attaches in the photo field, never Done"
    )
    func footerAtFortyColumns() throws {
        let scratch = try scratchStore(sampleItems)
        let png = try scratch.write(ImageFiles.quadrantsPNG, to: "quadrants.png")
        let app = try HeadlessHomepwner(
            paths: scratch.paths, size: Size(width: 40, height: 12))
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
}
