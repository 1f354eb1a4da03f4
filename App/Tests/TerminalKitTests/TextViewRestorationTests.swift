import RestorationTesting
import StateRestoration
import TestSupport
import Testing

@testable import TerminalKit

@Suite("T4: text view: what a relaunch brings back")
@MainActor
struct TextViewRestorationTests {
    /// 150 lines, some wrapping at 40 columns, some Chinese: more than 120x40 shows.
    static let text = (1...150).map { number in
        number % 3 == 0
            ? "\(number) 熊猫 \(String(repeating: "熊猫", count: number % 20))"
            : "\(number) the line of text number \(number), long enough to wrap at forty"
    }.joined(separator: "\n")

    @Test(
        "T4: text, cursor, selection and scroll come back, and so does the screen",
        arguments: ViewLaunch.sizes)
    func relaunch(size: Size) throws {
        let (storage, first, notes) = try savedNotes(size, text: Self.text) { launch, _ in
            launch.press(Key(.home, modifiers: .control))
            launch.press(.down, times: 3)
            launch.press(.pageDown, times: 2)
            launch.press(.right)
            launch.send("\u{1B}[1;2B\u{1B}[1;2C")  // Shift-↓, Shift-→
        }
        let screen = first.terminal.text
        let cursor = try #require(first.terminal.cursor)
        let selected = first.reversedCells
        let range = notes.body.selectedRange
        let scroll = notes.body.scrollPosition
        // A fresh layout would not show this: the cursor is mid-view, the text scrolled.
        #expect(scroll > 0)
        #expect(!range.isEmpty)
        #expect(cursor.y > 1 && cursor.y < size.height - 2)
        #expect(!selected.isEmpty)

        let (second, restored) = try launchNotes(size, text: "something else", storage: storage)
        #expect(restored.body.text == Self.text)
        #expect(restored.body.selectedRange == range)
        #expect(restored.body.scrollPosition == scroll)
        #expect(second.terminal.text == screen)
        #expect(second.terminal.cursor == cursor)
        #expect(second.reversedCells == selected)
        #expect(second.application.window.firstResponder === restored.body)
        // And it edits on from there: typing replaces the selection.
        second.type("X")
        #expect(restored.body.selectedRange == range.lowerBound + 1..<range.lowerBound + 1)
        #expect(restored.body.text.count == Self.text.count - range.count + 1)
    }

    @Test(
        "T4: saved in a wide terminal, restored in a narrow one: the same text at the top, the cursor in sight"
    )
    func narrowerRelaunch() throws {
        let (storage, _, notes) = try savedNotes(Size(width: 120, height: 40), text: Self.text) { launch, _ in
            launch.press(Key(.home, modifiers: .control), .pageDown, .down, .down)
        }
        let scroll = notes.body.scrollPosition
        let cursor = notes.body.cursorPosition
        let lines = Self.text.split(separator: "\n", omittingEmptySubsequences: false)
        #expect(scroll == lines.prefix(37).reduce(0) { $0 + $1.count + 1 })
        let (second, restored) = try launchNotes(Size(width: 40, height: 12), storage: storage)
        #expect(restored.body.scrollPosition == scroll)
        #expect(restored.body.cursorPosition == cursor)
        // Line 38 wraps at 40 columns: its first row on top, the cursor two lines below; the
        // row leaves no room for "↑ 37 more lines", so the arrow says it.
        #expect(second.terminal.screen.line(1) == "38 the line of text number 38, long    ↑")
        let cursorRow = try #require(second.terminal.cursor)
        #expect(cursorRow.x == 0 && cursorRow.y > 2 && cursorRow.y <= 10)
        #expect(second.terminal.screen.line(cursorRow.y).hasPrefix("40 the line of text"))
    }

    @Test(
        "T4: random typing, moves, selections and cuts, then a relaunch: the screen a fresh wrap draws is the same",
        arguments: ViewLaunch.sizes)
    func randomEdits(size: Size) throws {
        let keys: [Key] =
            Array(repeating: .character("a"), count: 6) + Array(repeating: .character(" "), count: 3) + [
                .character("熊"), .character("\u{301}"), .character("🇺"), .character("🇸"), .enter, .backspace,
                .delete, .left, .right, .up, .down, .home, .end, .pageUp, .pageDown,
                Key(.left, modifiers: .shift), Key(.up, modifiers: .shift), Key(.down, modifiers: .shift),
                Key(.end, modifiers: .shift), Key(.home, modifiers: .control), Key(.end, modifiers: .control),
                .ctrl("k"), .ctrl("u"), .ctrl("w"), .ctrl("y"), Key(.character("x"), modifiers: .alt),
                Key(.character("c"), modifiers: .alt), Key(.character("v"), modifiers: .alt),
            ]
        let start = (1...40).map { "\($0) " + LongTextTests.longText($0 * 3) }.joined(separator: "\n")
        for seed in UInt64(1)...10 {
            var random = SplitMix64(seed: seed)
            let (storage, first, notes) = try savedNotes(size, text: start) { launch, _ in
                for _ in 0..<120 {
                    launch.press(keys.randomElement(using: &random) ?? .left)
                    #expect(launch.terminal.screen.checkInvariants())
                }
            }
            let (second, restored) = try launchNotes(size, storage: storage)
            #expect(restored.body.text == notes.body.text, "seed \(seed)")
            #expect(restored.body.selectedRange == notes.body.selectedRange, "seed \(seed)")
            #expect(restored.body.scrollPosition == notes.body.scrollPosition, "seed \(seed)")
            #expect(second.terminal.text == first.terminal.text, "seed \(seed)")
            #expect(second.terminal.cursor == first.terminal.cursor, "seed \(seed)")
            #expect(second.reversedCells == first.reversedCells, "seed \(seed)")
        }
    }

    @Test(
        "T4: a hostile archive's negative or huge offsets are clamped to the text, and the cursor shows",
        arguments: ViewLaunch.sizes)
    func hostileOffsets(size: Size) throws {
        let (storage, _, _) = try savedNotes(size, text: Self.text) { _, _ in }
        try editArchive(in: storage, identifier: "body") { entries in
            entries.set("cursor", to: .int(-5))
            entries.set("anchor", to: .int(1_000_000_000_000))
            entries.set("scroll", to: .int(.max))
        }
        let (second, restored) = try launchNotes(size, storage: storage)
        #expect(restored.body.text == Self.text)
        // Everything selected, the cursor at the start, and the start shows.
        #expect(restored.body.selectedRange == 0..<Self.text.count)
        #expect(restored.body.scrollPosition == 0)
        #expect(second.terminal.cursor == Point(x: 0, y: 1))
        #expect(second.terminal.screen.line(1).hasPrefix("1 the line of text"))
        #expect(second.terminal.screen.checkInvariants())

        try editArchive(in: storage, identifier: "body") { entries in
            entries.set("cursor", to: .int(-1))
            entries.set("anchor", to: .int(-1))
            entries.set("scroll", to: .int(-40))
        }
        let (third, again) = try launchNotes(size, storage: storage)
        #expect(again.body.selectedRange == 0..<0)
        #expect(again.body.scrollPosition == 0)
        #expect(third.terminal.cursor == Point(x: 0, y: 1))
    }

    @Test(
        "T4: a scroll past a text that shrank is clamped: the end shows, no empty rows under it",
        arguments: ViewLaunch.sizes)
    func textShrank(size: Size) throws {
        let (storage, _, _) = try savedNotes(size, text: Self.text) { launch, notes in
            launch.press(.pageUp)
            #expect(notes.body.scrollPosition > 0)
        }
        // The saved text is shorter now (another version wrote it, or the file was cut).
        let short = (1...30).map { "row \($0)" }.joined(separator: "\n")
        try editArchive(in: storage, identifier: "body") { entries in
            entries.set("text", to: .string(short))
        }
        let (second, restored) = try launchNotes(size, storage: storage)
        let height = size.height - 2
        #expect(restored.body.text == short)
        #expect(restored.body.cursorPosition == short.count)
        let shown = min(30, height)
        #expect(second.terminal.screen.line(shown) == "row 30")
        // With lines above the top, the first row says how many.
        let above = 30 - shown
        let top = second.terminal.screen.line(1)
        #expect(top.hasPrefix(above == 0 ? "row 1" : "row \(above + 1) "), "\(top)")
        #expect(above == 0 ? top == "row 1" : top.hasSuffix(" ↑ \(above) more lines"), "\(top)")
        #expect(second.terminal.cursor == Point(x: 6, y: shown))
    }
}
