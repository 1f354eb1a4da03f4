import Foundation
import HomepwnerCore
import Testing

#if canImport(Glibc)
    import Glibc
#endif

@Suite("Image store: photos, limits and thumbnails")
struct ImageStoreTests {
    let scratch = Scratch()

    @Test("H4: a PNG photo is stored under the item key and shown as a half-block thumbnail")
    func pngThumbnail() throws {
        let store = try ItemStore(paths: scratch.paths)
        let item = try store.createItem(name: "Quadrants")
        let source = try scratch.write(ImageFiles.quadrantsPNG, to: "quadrants.png")
        let attached = try store.attachPhoto(fromPath: source, to: item.key)
        #expect(attached.hasPhoto)
        let stored = scratch.paths.imagesDirectory + "/" + ItemKey.text(item.key)
        // The original bytes are kept.
        #expect(try Data(contentsOf: URL(fileURLWithPath: stored)) == Data(ImageFiles.quadrantsPNG))
        #expect(Scratch.mode(of: stored) == 0o600)
        #expect(Scratch.mode(of: scratch.paths.imagesDirectory) == 0o700)

        // At the size a screen decodes to, one pixel a half cell: 32 columns, 8 rows.
        let full = try #require(try store.thumbnail(for: item.key))
        #expect(full.columns == 32 && full.rows == 8)
        let thumbnail = try #require(try store.thumbnail(for: item.key, maximumColumns: 16, maximumRows: 8))
        // 32 × 16 pixels fit 16 × 8 cells at half size: 16 columns, 4 rows of 2 pixels.
        #expect(thumbnail.columns == 16 && thumbnail.rows == 4)
        #expect(full.fitted(columns: 16, rows: 8) == thumbnail)
        #expect(
            thumbnail.paletteText() == """
                RRRRRRRRGGGGGGGG
                RRRRRRRRGGGGGGGG
                RRRRRRRRGGGGGGGG
                RRRRRRRRGGGGGGGG
                BBBBBBBBWWWWWWWW
                BBBBBBBBWWWWWWWW
                BBBBBBBBWWWWWWWW
                BBBBBBBBWWWWWWWW
                """)
        #expect(thumbnail[0, 0] == Thumbnail.Cell(top: RGB(255, 0, 0), bottom: RGB(255, 0, 0)))
        #expect(thumbnail[15, 3] == Thumbnail.Cell(top: RGB(255, 255, 255), bottom: RGB(255, 255, 255)))
        #expect(
            thumbnail.grayscaleLines() == [
                "::::::::++++++++", "::::::::++++++++", "........@@@@@@@@", "........@@@@@@@@",
            ])
        // It survives reopening.
        let reopened = try ItemStore(paths: scratch.paths)
        #expect(try reopened.item(forKey: item.key)?.hasPhoto == true)
        #expect(try reopened.thumbnail(for: item.key) == full)
    }

    @Test(
        "R36: a stored photo replaced by a symbolic link is not followed, and neither is a linked images directory"
    )
    func symbolicLinksRefused() throws {
        let store = try ItemStore(paths: scratch.paths)
        let item = try store.createItem(name: "Linked")
        let source = try scratch.write(ImageFiles.quadrantsPNG, to: "quadrants.png")
        try store.attachPhoto(fromPath: source, to: item.key)
        let stored = scratch.paths.imagesDirectory + "/" + ItemKey.text(item.key)
        // Someone who can write the images directory swaps the photo for a link to any file.
        let elsewhere = try scratch.write(ImageFiles.redBlueJPEG, to: "elsewhere.jpg")
        #expect(unlink(stored) == 0)
        #expect(symlink(elsewhere, stored) == 0)
        let fresh = try ItemStore(paths: scratch.paths)
        #expect(
            throws: ItemStoreError.photo(.cannotRead(path: stored, reason: "a symbolic link, not a photo"))
        ) {
            _ = try fresh.thumbnail(for: item.key)
        }

        // The images directory itself a link: nothing is read or written through it.
        let images = scratch.paths.imagesDirectory
        #expect(rename(images, scratch.file("real-images")) == 0)
        #expect(symlink(scratch.file("real-images"), images) == 0)
        let linked = try ItemStore(paths: scratch.paths)
        #expect(
            throws: ItemStoreError.photo(
                .cannotRead(path: images, reason: "a symbolic link, not the images directory itself"))
        ) { _ = try linked.thumbnail(for: item.key) }
        // The launch's sweep of orphaned photos does not reach through the link either.
        let stranger = scratch.file("real-images/" + ItemKey.text(UUID()))
        #expect(FileManager.default.createFile(atPath: stranger, contents: Data([1])))
        #expect(throws: ItemStoreError.self) { _ = try linked.removeOrphanedFiles() }
        #expect(FileManager.default.fileExists(atPath: stranger))
    }

    @Test("H4: a JPEG photo is decoded through libjpeg")
    func jpegThumbnail() throws {
        let store = try ItemStore(paths: scratch.paths)
        let item = try store.createItem(name: "Red and blue")
        let source = try scratch.write(ImageFiles.redBlueJPEG, to: "photo.jpg")
        try store.attachPhoto(fromPath: source, to: item.key)
        let thumbnail = try #require(try store.thumbnail(for: item.key))
        #expect(thumbnail.columns == 32 && thumbnail.rows == 8)
        let lines = thumbnail.paletteText().split(separator: "\n")
        #expect(lines.count == 16)
        for line in lines {
            #expect(line.prefix(7) == "RRRRRRR", "\(line)")
            #expect(line.suffix(7) == "BBBBBBB", "\(line)")
        }
        // A smaller box keeps the aspect ratio: 2:1 in 4 × 4 cells is 4 columns, 1 row.
        let small = try store.images.thumbnail(for: item.key, maximumColumns: 4, maximumRows: 4)
        #expect(small.columns == 4 && small.rows == 1)
        #expect(small.paletteText() == "RRBB\nRRBB")
    }

    @Test("H4: transparent pixels are drawn over black; tiny images are not enlarged")
    func transparencyAndSmallImages() throws {
        let png = ImageFiles.png(width: 2, height: 2, alpha: true) { x, _ in
            x == 0 ? [255, 255, 0, 255] : [255, 255, 255, 0]
        }
        let thumbnail = try ImageStore.thumbnail(ofFileAt: try scratch.write(png, to: "a.png"))
        #expect(thumbnail.columns == 2 && thumbnail.rows == 1)
        #expect(thumbnail.paletteText() == "YK\nYK")
        // A 1-pixel-high strip still fills its one row of cells.
        let strip = ImageFiles.png(width: 40, height: 1) { _, _ in [0, 255, 255] }
        let stripThumbnail = try ImageStore.thumbnail(ofFileAt: try scratch.write(strip, to: "s.png"))
        #expect(stripThumbnail.columns == 40 && stripThumbnail.rows == 1)
        #expect(
            stripThumbnail.paletteText() == String(repeating: "C", count: 40) + "\n"
                + String(repeating: "C", count: 40))
    }

    static let shapes: [(width: Int, height: Int, columns: Int, rows: Int)] = [
        (32, 16, 32, 8), (16, 16, 16, 8), (8, 64, 8, 32), (640, 80, 160, 10), (800, 400, 160, 40),
        (300, 200, 160, 53), (200, 300, 107, 80), (3, 5, 3, 3), (1, 1, 1, 1),
    ]

    @Test(
        "H4: thumbnails are decoded to fit 160 × 80 cells with the aspect ratio kept (a cell is two square pixels)",
        arguments: shapes)
    func thumbnailSizes(_ shape: (width: Int, height: Int, columns: Int, rows: Int)) throws {
        let png = ImageFiles.png(width: shape.width, height: shape.height) { _, _ in [255, 0, 255] }
        let thumbnail = try ImageStore.thumbnail(ofFileAt: try scratch.write(png, to: "shape.png"))
        #expect(thumbnail.columns == shape.columns && thumbnail.rows == shape.rows)
        #expect(
            thumbnail.cells.allSatisfy {
                $0 == Thumbnail.Cell(top: RGB(255, 0, 255), bottom: RGB(255, 0, 255))
            })
    }

    @Test("H4: a file that is not an image is refused with a clear message, and the photo is unchanged")
    func notAnImage() throws {
        let store = try ItemStore(paths: scratch.paths)
        let item = try store.createItem(name: "x")
        let text = try scratch.write(Array("hello, not a picture\n".utf8), to: "notes.txt")
        #expect(throws: ItemStoreError.photo(.notAnImage(path: text))) {
            try store.attachPhoto(fromPath: text, to: item.key)
        }
        #expect(ImageStoreError.notAnImage(path: text).description == "\(text) is not a PNG or JPEG image")
        #expect(try store.item(forKey: item.key)?.hasPhoto == false)
        #expect(!store.images.hasPhoto(for: item.key))

        // A PNG signature followed by garbage: libpng's message is passed on.
        let broken = try scratch.write(Array(ImageFiles.quadrantsPNG.prefix(40)), to: "broken.png")
        do {
            try store.attachPhoto(fromPath: broken, to: item.key)
            Issue.record("a truncated PNG was accepted")
        } catch {
            guard case .photo(.corruptImage(let path, let format, let detail)) = error else {
                Issue.record("unexpected \(error)")
                return
            }
            #expect(path == broken && format == "PNG" && !detail.isEmpty)
            // Said plainly first; the decoder's own words (libpng's chunk names) after.
            #expect("\(error)".contains("starts like a PNG image but is damaged, so it cannot be shown"))
        }
        let garbageJPEG = try scratch.write(
            [0xFF, 0xD8, 0xFF, 0xE0] + Array(repeating: 7, count: 100), to: "b.jpg")
        #expect(throws: (any Error).self) { try store.attachPhoto(fromPath: garbageJPEG, to: item.key) }
        #expect(!store.images.hasPhoto(for: item.key))
        let missing = scratch.file("nowhere.png")
        #expect(throws: ItemStoreError.photo(.cannotRead(path: missing, reason: "No such file or directory")))
        {
            try store.attachPhoto(fromPath: missing, to: item.key)
        }
        let fifo = scratch.file("fifo")
        #expect(mkfifo(fifo, 0o600) == 0)
        #expect(throws: ItemStoreError.photo(.cannotRead(path: fifo, reason: "not a regular file"))) {
            try store.attachPhoto(fromPath: fifo, to: item.key)
        }
        #expect(throws: ItemStoreError.photo(.cannotRead(path: scratch.path, reason: "not a regular file"))) {
            try store.attachPhoto(fromPath: scratch.path, to: item.key)
        }
    }

    @Test("H4: damaged PNG and JPEG files give a typed error or a thumbnail, never a crash")
    func damagedFiles() throws {
        var generator = SeededRandomNumberGenerator(seed: 2024)
        var refused = 0
        for original in [ImageFiles.quadrantsPNG, ImageFiles.redBlueJPEG] {
            for round in 0..<150 {
                var bytes = original
                if round % 3 == 0 {
                    bytes.removeLast(Int(generator.next() % UInt64(bytes.count - 4)))
                } else {
                    for _ in 0..<(1 + round % 5) {
                        let index = 3 + Int(generator.next() % UInt64(bytes.count - 3))
                        bytes[index] = UInt8(truncatingIfNeeded: generator.next())
                    }
                }
                let path = try scratch.write(bytes, to: "damaged")
                do {
                    let thumbnail = try ImageStore.thumbnail(ofFileAt: path)
                    #expect(
                        thumbnail.columns <= Thumbnail.defaultColumns
                            && thumbnail.rows <= Thumbnail.defaultRows)
                } catch {
                    switch error {
                    case .corruptImage, .tooManyPixels, .notAnImage, .incompleteImage, .tooManyScans:
                        refused += 1
                    default: Issue.record("unexpected \(error)")
                    }
                }
            }
        }
        #expect(refused > 50)
    }

    @Test("H4: files over 20 MiB or 40 megapixels are refused before they are decoded")
    func limits() throws {
        let store = try ItemStore(paths: scratch.paths)
        let item = try store.createItem(name: "x")
        // A sparse file one byte over the limit: only its size is looked at.
        let big = scratch.file("big.png")
        #expect(FileManager.default.createFile(atPath: big, contents: Data(ImageFiles.quadrantsPNG)))
        let handle = try FileHandle(forWritingTo: URL(fileURLWithPath: big))
        try handle.truncate(atOffset: UInt64(20 << 20) + 1)
        try handle.close()
        let tooLarge = ImageStoreError.fileTooLarge(path: big, bytes: (20 << 20) + 1, limit: 20 << 20)
        #expect(throws: ItemStoreError.photo(tooLarge)) { try store.attachPhoto(fromPath: big, to: item.key) }
        #expect(tooLarge.description == "\(big) is 20.0 MiB; a photo can be at most 20.0 MiB")

        let huge = try scratch.write(ImageFiles.pngHeaderOnly(width: 10_000, height: 5_000), to: "huge.png")
        let tooMany = ImageStoreError.tooManyPixels(
            path: huge, width: 10_000, height: 5_000, limit: 40_000_000)
        #expect(throws: ItemStoreError.photo(tooMany)) { try store.attachPhoto(fromPath: huge, to: item.key) }
        #expect(tooMany.description.contains("10000×5000"))
        #expect(try store.item(forKey: item.key)?.hasPhoto == false)

        // Limits are the store's to set.
        let strict = ImageStore(
            directory: scratch.file("strict"), limits: ImageLimits(maximumFileBytes: 100, maximumPixels: 100))
        let quadrants = try scratch.write(ImageFiles.quadrantsPNG, to: "q.png")
        #expect(
            throws: ImageStoreError.fileTooLarge(
                path: quadrants, bytes: ImageFiles.quadrantsPNG.count, limit: 100)
        ) {
            try strict.importPhoto(fromPath: quadrants, for: UUID())
        }
    }

    /// A store of two items named `names`, each with the quadrants photo attached from
    /// `source`.
    private func twoItemsWithPhotos(_ names: (String, String)) throws -> (
        store: ItemStore, first: Item, second: Item, source: String
    ) {
        let store = try ItemStore(paths: scratch.paths)
        let first = try store.createItem(name: names.0)
        let second = try store.createItem(name: names.1)
        let source = try scratch.write(ImageFiles.quadrantsPNG, to: "q.png")
        try store.attachPhoto(fromPath: source, to: first.key)
        try store.attachPhoto(fromPath: source, to: second.key)
        return (store, first, second, source)
    }

    @Test("H6: deleting an item deletes its photo; removing a photo clears the flag")
    func photoLifecycle() throws {
        let (store, kept, doomed, source) = try twoItemsWithPhotos(("kept", "doomed"))
        let doomedFile = store.images.path(for: doomed.key)
        #expect(FileManager.default.fileExists(atPath: doomedFile))

        try store.deleteItem(withKey: doomed.key)
        #expect(!FileManager.default.fileExists(atPath: doomedFile))
        #expect(store.images.hasPhoto(for: kept.key))

        try store.removePhoto(from: kept.key)
        #expect(!store.images.hasPhoto(for: kept.key))
        #expect(try store.thumbnail(for: kept.key) == nil)
        #expect(try ItemStore(paths: scratch.paths).item(forKey: kept.key)?.hasPhoto == false)
        #expect(throws: ItemStoreError.itemNotFound(doomed.key)) {
            try store.attachPhoto(fromPath: source, to: doomed.key)
        }
    }

    @Test("H6: photos left behind (a crash, a row deleted with sqlite3) are swept; other files are not")
    func orphans() throws {
        let (store, item, other, _) = try twoItemsWithPhotos(("kept", "deleted behind the back"))
        try RawDatabase(scratch.paths.databasePath).execute("DELETE FROM items WHERE name LIKE 'deleted%'")
        let notes = scratch.paths.imagesDirectory + "/notes.txt"
        #expect(FileManager.default.createFile(atPath: notes, contents: Data("mine".utf8)))
        #expect(try store.removeOrphanedPhotos() == 1)
        #expect(store.images.hasPhoto(for: item.key))
        #expect(!store.images.hasPhoto(for: other.key))
        #expect(FileManager.default.fileExists(atPath: notes))
    }

    static let badKeys = [
        "", "..", "../etc/passwd", "/tmp/x", "images/../../x", "notes.txt",
        "0f0e0d0c-0000-4000-8000-00000000000",  // 35 characters
        "0f0e0d0c-0000-4000-8000-0000000000001",  // 37
        "{0f0e0d0c-0000-4000-8000-000000000001}", "0f0e0d0c00004000800000000000000000001",
        "0f0e0d0c-0000-4000-8000-00000000000g", " f0e0d0c-0000-4000-8000-000000000001",
        "0f0e0d0c-0000-4000-8000/000000000001", "0f0e0d0c-0000-4000-8000-00000000000\u{0}",
    ]

    @Test("H6: only a UUID can name a photo file", arguments: badKeys)
    func badKeysRejected(_ text: String) {
        let images = ImageStore(directory: scratch.path)
        #expect(throws: ImageStoreError.invalidItemKey(text)) { try images.path(forKeyText: text) }
        #expect(ItemKey.parse(text) == nil)
    }

    @Test("H6: a valid key names a file directly inside the images directory")
    func goodKey() throws {
        let images = ImageStore(directory: scratch.path + "/images")
        let path = try images.path(forKeyText: "0F0E0D0C-0000-4000-8000-00000000000A")
        #expect(path == scratch.path + "/images/0f0e0d0c-0000-4000-8000-00000000000a")
    }
}
