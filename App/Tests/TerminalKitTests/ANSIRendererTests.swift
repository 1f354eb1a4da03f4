import Testing

@testable import TerminalKit

@Suite("ANSI output")
struct ANSIRendererTests {
    private func screen(_ lines: [String], width: Int = 10, style: Style = .plain) -> Screen {
        var screen = Screen(size: Size(width: width, height: lines.count))
        for (y, line) in lines.enumerated() {
            var x = 0
            for character in line { x += screen.put(character, at: Point(x: x, y: y), style: style) }
        }
        return screen
    }

    @Test("The first frame clears and paints; the next writes only the changed cell")
    func onlyChangedCells() {
        var renderer = ANSIRenderer(colorEnabled: true)
        let first = String(decoding: renderer.render(screen(["hello", "world"])), as: UTF8.self)
        #expect(first.contains("\u{1B}[2J"))
        #expect(first.contains("hello"))
        let second = String(decoding: renderer.render(screen(["hello", "wOrld"])), as: UTF8.self)
        #expect(second == "\u{1B}[2;2H\u{1B}[0mO")
        let third = renderer.render(screen(["hello", "wOrld"]))
        #expect(third.isEmpty)
    }

    @Test("A changed wide character is written once, from its first cell")
    func wideCharacter() {
        var renderer = ANSIRenderer(colorEnabled: true)
        _ = renderer.render(screen(["a中b"]))
        let output = String(decoding: renderer.render(screen(["a文b"])), as: UTF8.self)
        #expect(output.hasSuffix("\u{1B}[1;2H\u{1B}[0m文"))
    }

    @Test("H11: under NO_COLOR colours are left out; reverse video and bold stay")
    func noColor() {
        #expect(!ANSIRenderer.colorEnabled(environment: ["NO_COLOR": "1"]))
        #expect(ANSIRenderer.colorEnabled(environment: ["NO_COLOR": ""]))
        #expect(ANSIRenderer.colorEnabled(environment: [:]))
        let style = Style(foreground: .red, background: .blue, attributes: [.reverse, .bold])
        var plain = ANSIRenderer(colorEnabled: false)
        let withoutColor = String(decoding: plain.render(screen(["x"], style: style)), as: UTF8.self)
        #expect(withoutColor.contains("\u{1B}[0;1;7m"))
        #expect(!withoutColor.contains("31"))
        #expect(!withoutColor.contains("44"))
        var colored = ANSIRenderer(colorEnabled: true)
        let withColor = String(decoding: colored.render(screen(["x"], style: style)), as: UTF8.self)
        #expect(withColor.contains("\u{1B}[0;1;7;31;44m"))
    }

    @Test(
        "H11: the colour depth comes from the environment: NO_COLOR, COLORTERM, TERM",
        arguments: [
            (["NO_COLOR": "1", "COLORTERM": "truecolor"], ColorDepth.none),
            (["COLORTERM": "truecolor", "TERM": "xterm"], .trueColor),
            (["COLORTERM": "24bit"], .trueColor),
            (["TERM": "xterm-256color"], .indexed256),
            (["TERM": "tmux-256color", "NO_COLOR": ""], .indexed256),
            (["TERM": "xterm"], .basic),
            ([:], .basic),
        ])
    func colorDepth(environment: [String: String], depth: ColorDepth) {
        #expect(ColorDepth.detect(environment: environment) == depth)
    }

    @Test(
        "H11: a 24-bit or indexed colour is written exactly where the terminal can, as the nearest it has elsewhere",
        arguments: [
            (ColorDepth.trueColor, Color.rgb(red: 255, green: 135, blue: 0), "38;2;255;135;0"),
            (.indexed256, .rgb(red: 255, green: 135, blue: 0), "38;5;208"),
            (.indexed256, .rgb(red: 128, green: 128, blue: 128), "38;5;244"),
            (.indexed256, .indexed(33), "38;5;33"),
            (.basic, .rgb(red: 255, green: 135, blue: 0), "33"),
            (.basic, .indexed(196), "31"),
            (.basic, .gray, "90"),
        ])
    func colorAtDepth(depth: ColorDepth, color: Color, code: String) {
        let renderer = ANSIRenderer(colorDepth: depth)
        #expect(renderer.sgr(Style(foreground: color)) == "\u{1B}[0;\(code)m")
        #expect(ANSIRenderer(colorDepth: .none).sgr(Style(foreground: color)) == "\u{1B}[0m")
    }

    @Test("The cursor is shown where the screen puts it, hidden otherwise")
    func cursor() {
        var renderer = ANSIRenderer(colorEnabled: true)
        var frame = screen(["ab"])
        frame.cursor = Point(x: 1, y: 0)
        let shown = String(decoding: renderer.render(frame), as: UTF8.self)
        #expect(shown.hasSuffix("\u{1B}[1;2H\u{1B}[?25h"))
        frame.cursor = nil
        let hidden = String(decoding: renderer.render(frame), as: UTF8.self)
        #expect(hidden == "\u{1B}[?25l")
    }
}
