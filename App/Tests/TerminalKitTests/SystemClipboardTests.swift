import Foundation
import RestorationTesting
import StateRestoration
import Testing

@testable import TerminalKit

/// Copy and cut in a text view reach the desktop's clipboard through the terminal (OSC 52),
/// as well as the app's own pasteboard.
@Suite("H21: copy and cut also go to the desktop's clipboard (OSC 52)")
@MainActor
struct SystemClipboardTests {
    @Test("H21: M-c, M-x and ^K write OSC 52 with the base64 of the UTF-8 text, and the pasteboard keeps it")
    func copyWritesOSC52() throws {
        let pasteboard = Pasteboard()
        let notes = NotesController(pasteboard: pasteboard)
        let launch = try ViewLaunch(root: notes, size: Size(width: 40, height: 10))
        launch.type("hello 世界")
        launch.send(String(repeating: "\u{1B}[1;2D", count: 2) + "\u{1B}c")  // Shift-← ×2, Alt-c
        #expect(pasteboard.string == "世界")
        let base64 = Data("世界".utf8).base64EncodedString()
        #expect(launch.terminal.clipboardWrites == ["\u{1B}]52;c;\(base64)\u{07}"])
        launch.press(.home)
        launch.send(String(repeating: "\u{1B}[1;2C", count: 6) + "\u{1B}x")  // Shift-→ ×6, Alt-x
        #expect(notes.body.text == "世界")
        #expect(launch.terminal.clipboardWrites.last == "\u{1B}]52;c;aGVsbG8g\u{07}")  // "hello "
        launch.press(.home)
        launch.press(.ctrl("k"))
        #expect(launch.terminal.clipboardWrites.count == 3)
        #expect(pasteboard.string == "世界")
        // Nothing selected: nothing copied, nothing written.
        launch.send("\u{1B}c")
        #expect(launch.terminal.clipboardWrites.count == 3)
    }

    @Test(
        "H21: the sequence is bounded: at most 100,000 bytes of base64; longer text stays in the app's pasteboard"
    )
    func bounded() throws {
        let longest = String(repeating: "a", count: SystemClipboard.maximumBytes)
        let sequence = try #require(SystemClipboard.sequence(copying: longest))
        #expect(sequence.utf8.count - "\u{1B}]52;c;\u{07}".utf8.count <= 100_000)
        #expect(sequence.hasPrefix("\u{1B}]52;c;YWFh"))
        #expect(SystemClipboard.sequence(copying: longest + "a") == nil)
        // Counted in bytes: wide characters take three each.
        #expect(SystemClipboard.sequence(copying: String(repeating: "世", count: 25_000)) == nil)

        let pasteboard = Pasteboard()
        let notes = NotesController(text: longest + "a", pasteboard: pasteboard)
        let launch = try ViewLaunch(root: notes, size: Size(width: 40, height: 10))
        launch.send("\u{1B}a\u{1B}c")  // Alt-a, Alt-c
        #expect(pasteboard.string?.count == SystemClipboard.maximumBytes + 1)
        #expect(launch.terminal.clipboardWrites == [nil])
    }
}
