import RestorationTesting
import StateRestoration
import Testing

@testable import TerminalKit

@Suite("T4: text view: work follows what is shown")
@MainActor
struct TextViewLinearityTests {
    /// `count` characters in lines of about fifty, Latin and Chinese.
    static func longText(_ count: Int) -> String {
        let line = "abc 熊猫 def ghij klm nop 熊猫熊猫 qrs tuv wxyz 12345"
        var text = ""
        while text.count < count { text += line + "\n" }
        return String(text.prefix(count))
    }

    @Test(
        "T4: opening, typing in the middle and paging in 100,000 characters measure the screen, not the text",
        arguments: ViewLaunch.sizes)
    func measuresTheScreen(size: Size) throws {
        var counts: [[Int]] = []
        for length in [100_000, 200_000] {
            var launched: (ViewLaunch, NotesController)?
            let opening = try widthMeasurements {
                launched = try launchNotes(size, text: Self.longText(length))
            }
            let (launch, notes) = try #require(launched)
            #expect(notes.body.cursorPosition == length)
            notes.body.cursorPosition = length / 2
            launch.application.processEvents()
            // Ten keys, each read and drawn on its own as a person types them.
            let typing = widthMeasurements { for key in "typed here" { launch.type(String(key)) } }
            #expect(notes.body.text.count == length + 10)
            #expect(notes.body.selectedRange == length / 2 + 10..<length / 2 + 10)
            let paging = widthMeasurements { launch.press(.pageDown, times: 3) }
            counts.append([opening, typing, paging])
        }
        let cells = size.width * size.height
        // (name, index, frames): opening lays out and draws twice, each key once, the three
        // PgDn once (after walking three pages of rows).
        for (name, index, frames) in [
            ("opening", 0, 2), ("typing ten characters", 1, 10), ("three PgDn", 2, 3),
        ] {
            let (small, large) = (counts[0][index], counts[1][index])
            // At most three times the cells shown per frame: wrapping the rows, drawing them.
            #expect(small < frames * 3 * cells, "\(name) measured \(small) characters at \(size)")
            // Twice the text, the same work: within one screenful (the rows shown differ).
            #expect(abs(large - small) <= cells, "\(name): \(small) then \(large) measurements")
        }
    }

    @Test(
        "T4: one line of 100,000 characters is wrapped once, linearly; typing at its end then measures the screen"
    )
    func oneLongLine() throws {
        let size = Size(width: 40, height: 12)
        var counts: [(opening: Int, typing: Int)] = []
        for length in [100_000, 200_000] {
            let text = String(LongTextTests.longText(length))
            var launched: (ViewLaunch, NotesController)?
            let opening = try widthMeasurements { launched = try launchNotes(size, text: text) }
            let (launch, notes) = try #require(launched)
            let typing = widthMeasurements { launch.type("0123456789") }
            #expect(notes.body.text.hasSuffix("0123456789"))
            #expect(launch.terminal.cursor?.y == size.height - 2)
            counts.append((opening, typing))
        }
        // Opening wraps the line up to the cursor at its end: about its length, once.
        // (Characters before a row's break after a space are measured again in the next
        // row: about a sixth more with a space every nine characters.)
        #expect(counts[0].opening >= 100_000 && counts[0].opening < 150_000, "\(counts)")
        let ratio = Double(counts[1].opening) / Double(counts[0].opening)
        #expect(ratio > 1.8 && ratio < 2.2, "\(counts)")
        // Typing ten characters (one read, one frame): the rows around the cursor, whatever
        // the length.
        #expect(counts[0].typing < 3 * size.width * size.height, "\(counts)")
        #expect(abs(counts[1].typing - counts[0].typing) <= size.width * size.height, "\(counts)")
    }
}
