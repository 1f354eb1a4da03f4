import Foundation
import HomepwnerCore
import RestorationTesting
import StateRestoration
import TerminalKit
import Testing

@testable import Homepwner

/// Large and crafted JPEGs: decoded off the main thread with a placeholder shown meanwhile,
/// scaled by libjpeg's DCT, refused past a number of scans or when cut short, and decoded
/// once per session.
@Suite("Homepwner: large, many-scan and truncated JPEGs", .serialized)
@MainActor
struct LargeJPEGTests {
    /// 8000 × 5000 pixels, progressive, 60 scans: under the scan limit, and seconds of work
    /// if decoded at full size on the main thread.
    static let large: [UInt8] = (try? ImageFiles.progressiveJPEG(width: 8000, height: 5000, scans: 60)) ?? []

    /// Homepwner at 60x16 on the sample items, Rusty Bear open, `image` written to a file
    /// whose path is typed into the photo field (Enter not yet pressed).
    private func typingPhotoPath(_ image: [UInt8]) throws -> (HeadlessHomepwner, Scratch) {
        let scratch = try scratchStore(sampleItems)
        let path = try scratch.write(image, to: "photo.jpg")
        let app = try HeadlessHomepwner(scratch: scratch, size: Size(width: 60, height: 16))
        app.press(.down, .enter, .tab, .tab, .tab)
        app.type(path)
        return (app, scratch)
    }

    /// ``typingPhotoPath(_:)``, then Enter, waiting until the photo is attached.
    private func attaching(_ image: [UInt8]) throws -> HeadlessHomepwner {
        let (app, _) = try typingPhotoPath(image)
        app.press(.enter)
        try waitUntil(app) { app.screen.contains("Photo attached") }
        return app
    }

    /// The message rows (from the sixth), their wrapping and margins undone.
    private func message(_ app: HeadlessHomepwner) -> String {
        app.lines[6...].joined(separator: " ").split(whereSeparator: \.isWhitespace).joined(separator: " ")
    }

    /// Processes events until `condition` holds (the decode's result comes back through
    /// the run loop); fails the test after 60 s.
    private func waitUntil(_ app: HeadlessHomepwner, _ condition: () -> Bool) throws {
        let deadline = ContinuousClock.now + .seconds(60)
        while !condition() {
            try #require(ContinuousClock.now < deadline, "gave up waiting; the screen:\n\(app.screen)")
            Thread.sleep(forTimeInterval: 0.01)
            app.application.processEvents()
        }
    }

    @Test(
        "H14: an 8000x5000 progressive JPEG: the placeholder shows, keys are handled while it decodes, then the thumbnail"
    )
    func decodedOffTheMainThread() throws {
        try #require(!Self.large.isEmpty)
        let (app, _) = try typingPhotoPath(Self.large)
        app.press(.enter)
        #expect(app.screen.contains("Decoding the photo…"))
        // Keys work meanwhile: ↓ to the notes and type there.
        app.press(.down)
        app.type("typed while decoding")
        #expect(app.detail?.notesView.text == "typed while decoding")
        try waitUntil(app) { app.screen.contains("Photo attached") }
        #expect(!app.screen.contains("Decoding the photo…"))
        #expect(app.screen.contains("▀"))
        let thumbnail = try #require(app.detail?.photoView.thumbnail)
        // 8000 x 5000 in at most 160 x 80 cells, keeping the aspect: 160 x 50.
        #expect(thumbnail.columns == 160 && thumbnail.rows == 50)
        #expect(try app.storedItem(1).hasPhoto)
        #expect(app.detail?.notesView.text == "typed while decoding")
    }

    @Test(
        "H14: reopening an item whose large photo was decoded shows the thumbnail at once, without a decode")
    func reopenedFromTheCache() throws {
        try #require(!Self.large.isEmpty)
        let app = try attaching(Self.large)
        app.press(.escape)
        app.press(.enter)
        #expect(!app.screen.contains("Decoding the photo…"))
        #expect(app.detail?.photoView.thumbnail != nil)
        #expect(app.screen.contains("▀"))
    }

    @Test(
        "H14: after a relaunch, the large photo is decoded off the main thread again, the placeholder first")
    func relaunchDecodesInTheBackground() throws {
        try #require(!Self.large.isEmpty)
        let app = try attaching(Self.large)
        app.press(.ctrl("z"))  // saves, as a suspend does; then killed and relaunched
        let relaunched = try app.relaunched()
        #expect(relaunched.screen.contains("Decoding the photo…"))
        try waitUntil(relaunched) { relaunched.screen.contains("▀") }
        #expect(relaunched.detail?.photoView.thumbnail?.columns == 160)
    }

    @Test("H14: a progressive JPEG of 500 scans is refused, naming the limit; nothing is stored")
    func tooManyScans() throws {
        let image = try ImageFiles.progressiveJPEG(width: 800, height: 500, scans: 500)
        let (app, scratch) = try typingPhotoPath(image)
        app.press(.enter)
        try waitUntil(app) { app.screen.contains("scans") }
        #expect(message(app).contains("is a progressive JPEG of more than 64 scans"), "\(app.screen)")
        #expect(try app.storedItem(1).hasPhoto == false)
        #expect(
            !FileManager.default.fileExists(
                atPath: scratch.paths.imagesDirectory + "/" + ItemKey.text(try app.storedItem(1).key)))
    }

    @Test("H4: a progressive JPEG of ten scans is attached, scaled by the DCT, its colours kept")
    func tenScans() throws {
        let image = try ImageFiles.progressiveJPEG(width: 800, height: 500, scans: 10)
        let app = try attaching(image)
        let thumbnail = try #require(app.detail?.photoView.thumbnail)
        #expect(thumbnail.columns == 160 && thumbnail.rows == 50)
        // The gradient: red grows to the right, green down.
        #expect(thumbnail[159, 0].top.red > thumbnail[0, 0].top.red + 150)
        #expect(thumbnail[0, 49].bottom.green > thumbnail[0, 0].top.green + 150)
    }

    @Test("H4: a JPEG cut to its first third is refused as incomplete, not shown with a grey bottom")
    func truncated() throws {
        let whole = try #require(ImageDecoder.gradientJPEG(width: 320, height: 240, progressive: false))
        let (app, _) = try typingPhotoPath(Array(whole.prefix(whole.count / 3)))
        app.press(.enter)
        #expect(
            message(app).contains("is an incomplete JPEG image: the file ends before the picture does"),
            "\(app.screen)")
        #expect(!app.screen.contains("Photo attached"))
        #expect(try app.storedItem(1).hasPhoto == false)
    }
}
