import Foundation
import HomepwnerCore
import RestorationTesting
import StateRestoration
import TerminalKit
import Testing

@testable import Homepwner

/// Notes holding one grapheme cluster of hundreds of thousands of combining marks: the
/// item opens and takes keys measuring what shows, and the text is saved as it is.
@Suite("Homepwner: notes holding one giant grapheme cluster (headless)")
@MainActor
struct GiantGraphemeTests {
    /// Homepwner on a store whose one item's notes are `"e"` and `marks` combining acute
    /// accents (one grapheme cluster), the item opened and the notes focused with the cursor
    /// at their end; and the notes.
    static func openNotes(marks: Int) throws -> (HeadlessHomepwner, notes: String) {
        let notes = "e" + String(repeating: "\u{301}", count: marks)
        let scratch = try scratchStore([("Mug", "M1", 3)])
        let store = try ItemStore(paths: scratch.paths)
        var item = try #require(try store.allItems().first)
        item.notes = notes
        try store.update(item)
        let app = try HeadlessHomepwner(scratch: scratch)
        app.press(.enter)
        app.press(.tab, times: 4)
        app.press(Key(.end, modifiers: .control))
        return (app, notes)
    }

    @Test(
        "H14, R33: a key typed at the end of a 400 KB grapheme in the notes measures the screen; the store gets the text whole"
    )
    func typingIsBoundedAndSavedWhole() throws {
        var perKey: [Int] = []
        for marks in [100_000, 200_000] {
            let (app, notes) = try Self.openNotes(marks: marks)
            let view = try #require(app.detail?.notesView)
            #expect(view.isFirstResponder)
            perKey.append(WidthMeasurementCounter.bytes { app.type("Z") })
            let typed = view.text == notes + "Z"
            #expect(typed, "the notes are the cluster and Z")
            // The cluster shows cut, as marks on dotted circles, with Z after them where
            // the cursor is.
            let cursor = try #require(app.terminal.cursor)
            #expect(app.terminal.screen[cursor.x - 1, cursor.y].character == "Z")
            #expect(Self.isCutPiece(app.terminal.screen[cursor.x - 2, cursor.y].character))
            // Back to the list: the store holds the text, byte for byte.
            app.press(.escape)
            let stored = try app.storedItem(0).notes
            let whole = stored.utf8.elementsEqual((notes + "Z").utf8)
            #expect(whole, "the store holds the cluster and Z: \(stored.utf8.count) bytes")
        }
        // 60x12 cells, each at most 128 bytes, a few times over: the same for twice the marks.
        for bytes in perKey { #expect(bytes < 4 * 60 * 12 * TextClusters.maximumBytes, "\(perKey)") }
        #expect(abs(perKey[0] - perKey[1]) <= 60 * 12 * TextClusters.maximumBytes, "\(perKey)")
    }

    @Test("H14: Backspace at the end of a giant grapheme in the notes deletes one piece of it, not all of it")
    func backspaceDeletesAPiece() throws {
        let (app, notes) = try Self.openNotes(marks: 200_000)
        let view = try #require(app.detail?.notesView)
        app.press(.backspace)
        let left = view.text
        let removed = notes.utf8.count - left.utf8.count
        #expect(removed > 0 && removed <= TextClusters.maximumBytes, "Backspace removed \(removed) bytes")
        let isPrefix = notes.utf8.starts(with: left.utf8)
        #expect(isPrefix, "what is left is the start of the notes")
        let cursor = try #require(app.terminal.cursor)
        #expect(Self.isCutPiece(app.terminal.screen[cursor.x - 1, cursor.y].character))
        // The start of the notes: the base letter with its first marks.
        app.press(Key(.home, modifiers: .control))
        let first = app.terminal.screen[10, 7].character.unicodeScalars
        #expect(first.first == "e" && first.count == 64, "e and 63 marks, 127 bytes")
        #expect(Self.isCutPiece(app.terminal.screen[11, 7].character))
    }

    /// True if a cell shows a piece of a cut cluster: combining marks on a dotted circle.
    static func isCutPiece(_ character: Character) -> Bool {
        let scalars = character.unicodeScalars
        return scalars.first == "\u{25CC}" && scalars.count > 1
            && scalars.dropFirst().allSatisfy { $0 == "\u{301}" }
    }
}
