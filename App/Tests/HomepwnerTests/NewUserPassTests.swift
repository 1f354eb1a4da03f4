import Foundation
import RestorationTesting
import StateRestoration
import TerminalKit
import Testing

@testable import Homepwner

/// What a new user found trying every key of the README at 40x12, 80x24 and 200x60
/// (issue 13, "Done when"), checked on a headless terminal.
@Suite("Homepwner: a new user's pass (issue 13, headless)")
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
}
