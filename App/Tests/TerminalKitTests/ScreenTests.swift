import Testing

@testable import TerminalKit

@Suite("Screen and widths")
@MainActor
struct ScreenTests {
    @Test("H11: a Chinese character takes two cells, an accented letter one")
    func widths() {
        #expect(TextWidth.of("中") == 2)
        #expect(TextWidth.of("e\u{301}") == 1)
        #expect(TextWidth.of("a") == 1)
        #expect(TextWidth.of("苹果 Apple") == 10)
    }

    /// A screen one row high and `width` cells wide, with each character put at its column, in turn.
    private func row(width: Int, putting puts: [(character: Character, x: Int)]) -> Screen {
        var screen = Screen(size: Size(width: width, height: 1))
        for (character, x) in puts { screen.put(character, at: Point(x: x, y: 0)) }
        return screen
    }

    @Test("A wide character fills two cells and shows once in the text")
    func wideCells() {
        let screen = row(width: 6, putting: [("中", 1)])
        #expect(screen[1, 0].width == 2)
        #expect(screen[2, 0].isContinuation)
        #expect(screen.text == " 中")
        #expect(screen.checkInvariants())
    }

    @Test("Overwriting half of a wide character blanks the other half")
    func overwriteHalf() {
        var screen = row(width: 6, putting: [("中", 0), ("文", 2), ("x", 1)])
        #expect(screen.text == " x文")
        screen.put("字", at: Point(x: 3, y: 0))
        #expect(screen.text == " x 字")
        #expect(screen.checkInvariants())
    }

    @Test("A wide character at the right edge becomes a space, never half a glyph")
    func wideAtEdge() {
        var screen = row(width: 3, putting: [("a", 0), ("b", 1)])
        #expect(screen.put("中", at: Point(x: 2, y: 0)) == 1)
        #expect(screen.text == "ab")
        #expect(screen.checkInvariants())
    }

    @Test("A canvas clips to its view; a wide character cut by the clip is a space")
    func canvasClip() {
        let buffer = ScreenBuffer(size: Size(width: 8, height: 2))
        let canvas = Canvas(
            target: buffer, origin: Point(x: 2, y: 0), size: Size(width: 3, height: 1),
            clip: Rect(x: 0, y: 0, width: 8, height: 2))
        canvas.text("中文字", at: .zero)
        canvas.text("outside", at: Point(x: 0, y: 1))
        #expect(buffer.screen.text == "  中\n")
        #expect(buffer.screen.checkInvariants())
    }
}
