import Foundation
import HomepwnerCore
import TerminalKit
import Testing

@testable import Homepwner

/// The photo on the item screen is as large as the screen allows: it grows with the width
/// and the rows under the fields (sharing them with the notes), keeps its aspect ratio,
/// never leaves its pane, and is never enlarged past one of its pixels a half cell.
@Suite("Homepwner: the photo grows with the screen (headless)")
@MainActor
struct PhotoSizeTests {
    /// Where the thumbnail is drawn; records an issue unless its half blocks make one
    /// rectangle (a photo cut off or spilled shows as a ragged shape).
    private func placement(_ app: HeadlessHomepwner) -> PhotoPlacement? {
        let shown = PhotoPlacement(screen: app.terminal.text)
        #expect(shown != nil || !app.terminal.text.contains(Thumbnail.halfBlock), "\(app.terminal.text)")
        return shown
    }

    /// Rusty Bear (the second sample item) open at `size`, `image` attached to it.
    private func withPhoto(_ image: [UInt8] = ImageFiles.fourByThreePNG, size: Size) throws
        -> HeadlessHomepwner
    {
        let scratch = try scratchStore(sampleItems)
        let path = try scratch.write(image, to: "photo.png")
        let app = try HeadlessHomepwner(scratch: scratch, size: size)
        app.press(.down, .enter, .tab, .tab, .tab)
        app.type(path)
        app.press(.enter)
        #expect(try app.storedItem(1).hasPhoto)
        return app
    }

    /// Checks what a user sees of the photo at the app's size: a whole rectangle of the
    /// photo's 4:3 shape, inside the item's pane (right of the list when side by side),
    /// below the notes and above the tab bar, the notes keeping at least their 3 rows and,
    /// where there is room, as many rows as the photo.
    private func checkPhoto(_ app: HeadlessHomepwner, paneLeft: Int) throws -> PhotoPlacement {
        let shown = try #require(placement(app), "no photo drawn:\n\(app.terminal.text)")
        let size = app.terminal.size
        let tabBar = try #require(
            app.lines.firstIndex { $0.contains("1 Items   2 Summary") || $0.hasPrefix("Tab ") })
        #expect(shown.left > paneLeft, "\(shown)")
        #expect(shown.left + shown.columns <= size.width - 1, "\(shown) spills over the margin")
        #expect(shown.top + shown.rows <= tabBar, "\(shown) runs into the bar at row \(tabBar)")
        // 4:3 in square half cells: columns ≈ 2 × rows × 4 / 3, to a column.
        #expect(abs(3 * shown.columns - 8 * shown.rows) <= 3, "\(shown) is not 4:3")
        let notes = try #require(app.detail?.notesView.frame)
        #expect(notes.height >= 3)
        #expect(notes.maxY <= shown.top, "the notes (\(notes)) and the photo (\(shown)) overlap")
        if size.height >= 24 { #expect(notes.height >= shown.rows, "the photo takes the notes' rows") }
        return shown
    }

    @Test("H4, H11: the photo is wider at 80x24 than at 40x12, and wider again beside the list at 200x60")
    func growsWithTheScreen() throws {
        let small = try checkPhoto(try withPhoto(size: Size(width: 40, height: 12)), paneLeft: 0)
        let medium = try checkPhoto(try withPhoto(size: Size(width: 80, height: 24)), paneLeft: 0)
        // Side by side: the list takes the first 80 columns and the divider.
        let large = try checkPhoto(try withPhoto(size: Size(width: 200, height: 60)), paneLeft: 80)
        #expect(
            small.columns < medium.columns && medium.columns < large.columns, "\(small), \(medium), \(large)")
        // The sizes a user sees: one row at 40x12, about a third of the rows at 80x24, and
        // at 200x60 about half the pane's rows under the fields.
        #expect(small == PhotoPlacement(left: 1, top: 10, columns: 3, rows: 1))
        #expect(medium.columns >= 16 && medium.rows >= 6, "\(medium)")
        #expect(large.columns >= 60 && large.rows >= 22, "\(large)")
    }

    @Test("H4, H11: a resize redraws the photo at the new size: larger, smaller, and back to the same")
    func followsResizes() throws {
        let app = try withPhoto(size: Size(width: 80, height: 24))
        let medium = try checkPhoto(app, paneLeft: 0)
        app.terminal.resize(to: Size(width: 200, height: 60))
        app.press(.up)  // any key: a frame
        let large = try checkPhoto(app, paneLeft: 80)
        #expect(large.columns > medium.columns && large.rows > medium.rows)
        app.terminal.resize(to: Size(width: 40, height: 12))
        app.press(.up)
        let small = try checkPhoto(app, paneLeft: 0)
        #expect(small.columns < medium.columns)
        app.terminal.resize(to: Size(width: 80, height: 24))
        app.press(.up)
        #expect(try checkPhoto(app, paneLeft: 0) == medium)
    }

    @Test("H4: a small image is not enlarged on a large screen: 8x8 pixels stay 8 columns by 4 rows")
    func smallImageKeepsItsSize() throws {
        let app = try withPhoto(
            ImageFiles.png(width: 8, height: 8) { _, _ in [255, 0, 0] }, size: Size(width: 200, height: 60))
        let shown = try #require(placement(app))
        #expect(shown.columns == 8 && shown.rows == 4, "\(shown)")
    }

    @Test(
        "H4: a photo drawn smaller averages the pixels it covers: thin stripes turn to their mix, not to one of them"
    )
    func shrinkingAverages() throws {
        // 8 × 4 cells of one-pixel columns, black and white in turn.
        let cells = (0..<4).flatMap { _ in
            (0..<8).map { column in
                let shade: UInt8 = column % 2 == 0 ? 0 : 255
                return Thumbnail.Cell(top: RGB(shade, shade, shade), bottom: RGB(shade, shade, shade))
            }
        }
        let stripes = try #require(Thumbnail(columns: 8, rows: 4, cells: cells))
        let half = stripes.fitted(columns: 4, rows: 4)
        #expect(half.columns == 4 && half.rows == 2)
        #expect(
            half.cells.allSatisfy {
                $0 == Thumbnail.Cell(top: RGB(128, 128, 128), bottom: RGB(128, 128, 128))
            })
        // What fits already is drawn as it is.
        #expect(stripes.fitted(columns: 8, rows: 4) == stripes)
        #expect(stripes.fitted(columns: 100, rows: 100) == stripes)
    }
}
