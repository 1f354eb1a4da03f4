import RestorationTesting
import StateRestoration
import Testing

@testable import TerminalKit

/// One grapheme cluster of hundreds of thousands of combining marks (`"e"` and U+0301
/// repeated): Swift counts it as one character, and a view that measured it whole at each
/// key spent seconds per key. TextClusters cuts it into characters of at most 128 bytes
/// for editing, measuring and drawing; the text itself is never changed.
@Suite("Text: one giant grapheme cluster is edited and drawn in bounded pieces")
@MainActor
struct GiantClusterTests {
    /// `"e"` and `marks` combining acute accents: one grapheme cluster, 1 + 2 x marks bytes.
    static func cluster(marks: Int) -> String {
        "e" + String(repeating: "\u{301}", count: marks)
    }

    @Test(
        "H14, T4: typing at the end of one 200,000-mark cluster measures the screen, whatever the cluster's length"
    )
    func typingIsBounded() throws {
        let size = Size(width: 40, height: 12)
        var perKey: [Int] = []
        for marks in [100_000, 200_000] {
            let text = Self.cluster(marks: marks)
            let (launch, notes) = try launchNotes(size, text: text)
            let typed = WidthMeasurementCounter.bytes { launch.type("x") }
            perKey.append(typed)
            let kept = notes.body.text == text + "x"
            let heard = notes.savedNote == text + "x"
            #expect(kept, "the text is the cluster and x")
            #expect(heard, "the delegate hears the whole text")
        }
        let cells = size.width * size.height
        // A key draws the screen once: at most a few times its cells, each at most 128 bytes.
        for bytes in perKey {
            #expect(bytes < 3 * cells * TextClusters.maximumBytes, "a key measured \(bytes) bytes")
        }
        // Twice the cluster, the same work: within one screenful (the rows shown differ).
        #expect(abs(perKey[0] - perKey[1]) <= cells * TextClusters.maximumBytes, "\(perKey)")
    }

    @Test(
        "H14, T4: Backspace and ← at the end of a giant cluster take one piece of at most 128 bytes, not the cluster"
    )
    func backspaceTakesAPiece() throws {
        let text = Self.cluster(marks: 200_000)
        let (launch, notes) = try launchNotes(Size(width: 40, height: 12), text: text)
        let end = notes.body.cursorPosition
        launch.press(.backspace)
        let left = notes.body.text
        let isPrefix = text.utf8.starts(with: left.utf8)
        #expect(isPrefix, "Backspace removed the end of the text")
        let removed = text.utf8.count - left.utf8.count
        #expect(removed > 0 && removed <= TextClusters.maximumBytes, "Backspace removed \(removed) bytes")
        #expect(notes.body.cursorPosition == end - 1)
        launch.press(.left, times: 3)
        #expect(notes.body.cursorPosition == end - 4)
        launch.type("Z")
        #expect(notes.body.text.utf8.count == left.utf8.count + 1)
        let zs = notes.body.text.unicodeScalars.filter { $0 == "Z" }.count
        #expect(zs == 1, "Z is in the text once, inside the cluster (marks follow it)")
    }

    @Test(
        "T4: the cluster shows cut: its first piece on the base letter, the rest as marks on dotted circles")
    func shownCut() throws {
        let text = Self.cluster(marks: 10_000)
        let (launch, _) = try launchNotes(Size(width: 40, height: 12), text: text)
        launch.press(Key(.home, modifiers: .control))
        let screen = launch.terminal.screen
        let first = screen[0, 1].character
        #expect(first.unicodeScalars.first == "e")
        #expect(first.unicodeScalars.count == 64, "e and 63 marks: 127 bytes")
        let second = screen[1, 1].character
        #expect(second.unicodeScalars.first == "\u{25CC}")
        #expect(second.unicodeScalars.dropFirst().allSatisfy { $0 == "\u{301}" })
        #expect(screen.checkInvariants())
    }

    @Test("R33, T4: a giant cluster is saved and restored whole; the cursor comes back at its end")
    func restoredWhole() throws {
        let text = Self.cluster(marks: 200_000) + " and more"
        let saved = try savedNotes(Size(width: 40, height: 12), text: text) { _, _ in }
        let (_, restored) = try launchNotes(Size(width: 40, height: 12), storage: saved.storage)
        let whole = restored.body.text == text
        #expect(whole, "the restored text is the saved one, byte for byte")
        #expect(restored.body.cursorPosition == saved.notes.body.cursorPosition)
    }

    @Test(
        "H14: a text field holding a giant cluster: keys are bounded, Backspace takes one piece, the text is kept"
    )
    func textField() throws {
        var perKey: [Int] = []
        for marks in [100_000, 200_000] {
            let text = Self.cluster(marks: marks)
            var launched: (Application, HeadlessTerminal, TextField)?
            let opening = WidthMeasurementCounter.bytes { launched = launchField(text: text) }
            let (app, terminal, field) = try #require(launched)
            let typing = WidthMeasurementCounter.bytes {
                terminal.type("a")
                app.processEvents()
            }
            perKey.append(typing)
            // A field 23 columns wide walks back at most its width and 64 zero-width
            // characters, twice, and draws its width: each step at most 128 bytes.
            let bound = 4 * (30 + 64) * TextClusters.maximumBytes
            #expect(opening < bound && typing < bound, "opening \(opening), a key \(typing) bytes")
            terminal.type("b")
            app.processEvents()
            let kept = field.text == text + "ab"
            #expect(kept, "the field holds the cluster and ab")
            terminal.press(.backspace, times: 3)
            app.processEvents()
            let removed = text.utf8.count - field.text.utf8.count
            #expect(removed > 0 && removed <= TextClusters.maximumBytes, "Backspace removed \(removed) bytes")
            let isPrefix = text.utf8.starts(with: field.text.utf8)
            #expect(isPrefix, "Backspace removed the end of the text")
            #expect(terminal.screen.checkInvariants())
        }
        #expect(abs(perKey[0] - perKey[1]) <= 30 * TextClusters.maximumBytes, "\(perKey)")
    }

    @Test("T4: ordinary clusters are never cut: flags, emoji sequences and accents step whole")
    func ordinaryClustersWhole() {
        let samples = ["🇫🇷🇩🇪🇯🇵", "👨‍👩‍👧‍👦x", "e\u{301}\u{302}\u{303}a", "熊猫", "🏴󠁧󠁢󠁳󠁣󠁴󠁿!", "a\r\nb"]
        for sample in samples {
            let text = Substring(sample)
            #expect(TextClusters.count(text) == sample.count, "\(sample)")
            #expect(Array(TextClusters.characters(of: text)).map(String.init) == sample.map(String.init))
            var backward: [String] = []
            var index = text.endIndex
            while index > text.startIndex {
                let previous = TextClusters.index(before: index, in: text)
                backward.insert(String(text[previous..<index]), at: 0)
                index = previous
            }
            #expect(backward == sample.map(String.init), "\(sample)")
        }
    }
}
