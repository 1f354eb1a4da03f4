import Foundation
import HomepwnerCore
import Testing
import TmuxTesting

/// A large progressive JPEG attached through the real `homepwner` (rule H14): the item
/// screen shows a placeholder and takes keys while the photo decodes, then the thumbnail;
/// one of 500 scans is refused with the limit named.
@Suite(
    "H14: large and crafted JPEGs through the real homepwner", .serialized,
    .enabled(
        if: HomepwnerTmux.isAvailable,
        "needs tmux, sqlite3 and the homepwner binary (swift build --build-tests)"))
struct LargePhotoEndToEndTests {
    /// The terminals each test opens, closed when it ends.
    let terminals = Terminals()

    /// Homepwner at 60x16 on the sample items, Rusty Bear open, with `image`'s path typed in
    /// the photo field and Enter pressed.
    private func attaching(_ image: [UInt8]) async throws -> HomepwnerTmux {
        let session = try terminals.open(width: 60, height: 16)
        try session.seed()
        let path = session.directory + "/photo.jpg"
        try Data(image).write(to: URL(fileURLWithPath: path))
        try await session.launch()
        try session.press("Down", "Enter", "Tab", "Tab", "Tab")
        try session.type(path)
        try session.press("Enter")
        return session
    }

    @Test(
        "H14: an 8000x5000 progressive JPEG of 60 scans: a placeholder, keys typed meanwhile show, then the photo"
    )
    func largeProgressiveJPEG() async throws {
        let session = try await attaching(
            try ImageFiles.progressiveJPEG(width: 8000, height: 5000, scans: 60))
        // The placeholder shows while the photo decodes (about 2 s of libjpeg's work), and
        // keys typed meanwhile are handled: down to the notes, and text there. On a loaded
        // machine the decode can end before a frame shows the placeholder (the headless
        // LargeJPEGTests see it on every run, on a manual clock): keys must work either way.
        _ = try await session.waitFor("the placeholder or the photo", timeout: .seconds(60)) {
            $0.contains("Decoding the photo…") || $0.contains("Photo attached") || $0.contains("▀")
        }
        try session.press("Down")
        try session.type("typed meanwhile")
        _ = try await session.waitFor("the keys typed") { $0.contains("typed meanwhile") }
        // "Photo attached" is a notice that the next keys may replace: the thumbnail is what
        // stays on the screen.
        let done = try await session.waitFor("the photo", timeout: .seconds(60)) {
            $0.contains("▀") && !$0.contains("Decoding the photo…")
        }
        #expect(done.contains("▀"))
        #expect(!done.contains("Decoding the photo…"))
        #expect(done.contains("typed meanwhile"))
        #expect(
            try session.sqlite("SELECT has_photo FROM items WHERE name = 'Rusty Bear'").trimmingCharacters(
                in: .whitespacesAndNewlines) == "1")
    }

    @Test("H14: a progressive JPEG of 500 scans is refused with the limit named; the item keeps no photo")
    func fiveHundredScans() async throws {
        let session = try await attaching(try ImageFiles.progressiveJPEG(width: 800, height: 500, scans: 500))
        let screen = try await session.waitFor("the refusal") {
            $0.split(whereSeparator: \.isWhitespace).joined(separator: " ").contains(
                "is a progressive JPEG of more than 64 scans")
        }
        #expect(screen.contains("No photo"))
        #expect(
            try session.sqlite("SELECT has_photo FROM items WHERE name = 'Rusty Bear'").trimmingCharacters(
                in: .whitespacesAndNewlines) == "0")
    }
}
