import Foundation
import Testing
import TmuxTesting

/// The photo through the real `homepwner` in tmux (rules H4, H11): as a terminal is resized,
/// the thumbnail is drawn again at the size there is, wider on a larger terminal, and never
/// past the item's pane.
@Suite(
    "H4, H11: the photo's size follows the terminal end to end in tmux", .serialized,
    .enabled(
        if: HomepwnerTmux.isAvailable,
        "needs tmux, sqlite3 and the homepwner binary (swift build --build-tests)"))
struct PhotoSizeEndToEndTests {
    /// The terminals each test opens, closed when it ends.
    let terminals = Terminals()

    /// Waits for a photo of another width than `previous` and checks it is inside the pane:
    /// right of `paneLeft` (the divider's column when side by side), inside the right margin,
    /// above the tab bar (where there is one) and the footer.
    private func photo(
        in session: HomepwnerTmux, width: Int, paneLeft: Int, other previous: PhotoPlacement?
    ) async throws -> PhotoPlacement {
        let screen = try await session.waitFor("the photo redrawn at \(width) columns") {
            guard let shown = PhotoPlacement(screen: $0) else { return false }
            return shown.columns != previous?.columns
        }
        let shown = try #require(PhotoPlacement(screen: screen))
        let lines = try session.lines()
        #expect(shown.left > paneLeft, "\(shown)\n\(screen)")
        #expect(shown.left + shown.columns <= width - 1, "\(shown) past the margin\n\(screen)")
        // Above the tab bar, where there is one, and the footer.
        let bars = lines.firstIndex { $0.contains("1 Items   2 Summary") } ?? lines.count - 1
        #expect(shown.top + shown.rows <= bars, "\(shown) over the bars\n\(screen)")
        return shown
    }

    @Test(
        "H4, H11: a 400x300 photo attached at 80x24 is drawn wider at 200x60 beside the list, narrower at 40x12, and as before back at 80x24"
    )
    func photoFollowsTheTerminal() async throws {
        let session = try terminals.open(width: 80, height: 24)
        try session.seed()
        let path = session.directory + "/photo.png"
        try Data(ImageFiles.fourByThreePNG).write(to: URL(fileURLWithPath: path))
        try await session.launch()
        try session.press("Down", "Enter", "Tab", "Tab", "Tab")
        try session.type(path)
        try session.press("Enter")
        let medium = try await photo(in: session, width: 80, paneLeft: 0, other: nil)

        try session.resize(width: 200, height: 60)
        let large = try await photo(in: session, width: 200, paneLeft: 80, other: medium)
        #expect(large.columns > medium.columns && large.rows > medium.rows, "\(medium), then \(large)")

        try session.resize(width: 40, height: 12)
        let small = try await photo(in: session, width: 40, paneLeft: 0, other: large)
        #expect(small.columns < medium.columns, "\(medium), then \(small)")

        try session.resize(width: 80, height: 24)
        #expect(try await photo(in: session, width: 80, paneLeft: 0, other: small) == medium)
        #expect(try await session.quit(key: "C-c") == "0")
    }
}
