import Foundation
import Homepwner
import HomepwnerCore
import Testing
import TmuxTesting

/// A photo's colours in the real `homepwner`, in a real terminal (tmux), at the depth the
/// environment declares.
@Suite(
    "Homepwner: photo colours end to end in tmux",
    .enabled(
        if: HomepwnerTmux.isAvailable,
        "needs tmux, sqlite3 and the homepwner binary (swift build --build-tests)"))
struct ColourEndToEndTests {
    /// The terminals each test opens, closed when it ends.
    let terminals = Terminals()

    @Test(
        "H11, H4: the photo is drawn in 24-bit colour under COLORTERM=truecolor, in 256 colours on a 256color TERM, in the basic colours otherwise",
        arguments: [
            ("COLORTERM=truecolor TERM=xterm", "38;2;255;135;0"),
            ("COLORTERM= TERM=xterm-256color", "38;5;208"),
            ("COLORTERM= TERM=xterm", "33"),
        ])
    func photoColours(environment: String, orange: String) async throws {
        let session = try terminals.open(width: 60, height: 14)
        let store = try ItemStore(paths: session.paths)
        let item = try store.createItem(name: "Orange", serialNumber: "O1", valueInDollars: 5)
        let png = session.directory + "/orange.png"
        try Data(ImageFiles.png(width: 32, height: 16) { _, _ in [255, 135, 0] })
            .write(to: URL(fileURLWithPath: png))
        _ = try store.attachPhoto(fromPath: png, to: item.key)
        try await session.launch(environment: environment)
        try session.press("Enter")
        try await session.waitFor(text: "▀▀▀▀")
        // tmux writes each cell's colour back as it received it. The photo is under the notes.
        let row = try #require(try session.lines().firstIndex { $0.contains("▀▀▀▀") })
        #expect(row > 7)
        let photoRow = try session.screen(styled: true).components(separatedBy: "\n")[row]
        #expect(photoRow.contains("\u{1B}[" + orange + "m") || photoRow.contains(";" + orange + "m"))
        #expect(try await session.quit(key: "C-c") == "0")
    }
}
