/// Turns frames into ANSI escape sequences, writing only the cells that changed.
///
/// Keeps the previous frame. A changed cell is written with a cursor move only where the
/// cursor is not already there, and an SGR sequence only where the style changes. A wide
/// character is written once, from its first cell; if only its continuation changed, the
/// first cell is written again.
public struct ANSIRenderer: Sendable {
    /// How many colours the terminal shows: colours beyond it are written as the nearest
    /// it has; under ``ColorDepth/none`` (`NO_COLOR`) none are written, and attributes
    /// (reverse, bold) stay.
    public var colorDepth: ColorDepth
    private var previous: Screen?
    private var cursorVisible: Bool?

    /// False under `NO_COLOR` (``ColorDepth/none``). Setting it true on a renderer without
    /// colour gives it the basic colours.
    public var colorEnabled: Bool {
        get { colorDepth != .none }
        set {
            if !newValue {
                colorDepth = .none
            } else if colorDepth == .none {
                colorDepth = .basic
            }
        }
    }

    /// Creates a renderer whose first frame repaints everything.
    /// - Parameter colorDepth: What the terminal shows (``ColorDepth/detect(environment:)``).
    public init(colorDepth: ColorDepth) {
        self.colorDepth = colorDepth
    }

    /// Creates a renderer with the basic colours, or none.
    public init(colorEnabled: Bool) {
        self.init(colorDepth: colorEnabled ? .basic : .none)
    }

    /// True unless `NO_COLOR` is set to a non-empty value (https://no-color.org).
    public static func colorEnabled(environment: [String: String]) -> Bool {
        ColorDepth.detect(environment: environment) != .none
    }

    /// Forgets the previous frame: the next one clears the screen and repaints.
    public mutating func invalidate() {
        previous = nil
        cursorVisible = nil
    }

    /// The bytes that turn the previous frame into `screen`.
    public mutating func render(_ screen: Screen) -> [UInt8] {
        let old = previous.flatMap { $0.size == screen.size ? $0 : nil }
        var body = ""
        var pen: Style?
        var cursor: Point?
        for y in 0..<screen.size.height {
            var x = 0
            // After a cluster of several scalars (a flag, a family emoji) terminals differ
            // in the columns they give it: the rest of the row is then written again at
            // positions set explicitly, so that what follows never shifts or goes stale.
            var repaintRest = false
            while x < screen.size.width {
                var cell = screen[x, y]
                var start = x
                if cell.isContinuation {
                    // Only reached if the first half was unchanged: repaint from it.
                    start = x - 1
                    cell = screen[start, y]
                }
                let width = max(1, Int(cell.width))
                let changed =
                    repaintRest
                    || (old.map { old in (start..<(start + width)).contains { old[$0, y] != screen[$0, y] } }
                        ?? (cell != .blank))
                if changed {
                    if cursor != Point(x: start, y: y) { body += "\u{1B}[\(y + 1);\(start + 1)H" }
                    if pen != cell.style {
                        body += sgr(cell.style)
                        pen = cell.style
                    }
                    body.append(cell.character)
                    cursor = Point(x: start + width, y: y)
                    if cell.character.unicodeScalars.count > 1 {
                        repaintRest = true
                        cursor = nil
                    }
                }
                x = start + width
            }
        }
        var out = ""
        if old == nil { out += "\u{1B}[0m\u{1B}[2J" }
        if !body.isEmpty {
            if cursorVisible != false {
                out += "\u{1B}[?25l"  // Hidden while painting, so it does not run along.
                cursorVisible = false
            }
            out += body
            if pen != .plain { out += "\u{1B}[0m" }
        }
        if let position = screen.cursor {
            if !body.isEmpty || old == nil || position != old?.cursor || cursorVisible != true {
                out += "\u{1B}[\(position.y + 1);\(position.x + 1)H"
            }
            if cursorVisible != true {
                out += "\u{1B}[?25h"
                cursorVisible = true
            }
        } else if cursorVisible != false {
            out += "\u{1B}[?25l"
            cursorVisible = false
        }
        previous = screen
        return Array(out.utf8)
    }

    /// Select Graphic Rendition for a style, from a reset.
    package func sgr(_ style: Style) -> String {
        var codes = ["0"]
        if style.attributes.contains(.bold) { codes.append("1") }
        if style.attributes.contains(.dim) { codes.append("2") }
        if style.attributes.contains(.underline) { codes.append("4") }
        if style.attributes.contains(.reverse) { codes.append("7") }
        if colorDepth != .none {
            if let code = Self.code(style.foreground.reduced(to: colorDepth), base: 30) { codes.append(code) }
            if let code = Self.code(style.background.reduced(to: colorDepth), base: 40) { codes.append(code) }
        }
        return "\u{1B}[" + codes.joined(separator: ";") + "m"
    }

    /// The SGR parameters of a colour, foreground for `base` 30 and background for 40; nil
    /// for the terminal's default.
    private static func code(_ color: Color, base: Int) -> String? {
        switch color {
        case .default: nil
        case .black: String(base)
        case .red: String(base + 1)
        case .green: String(base + 2)
        case .yellow: String(base + 3)
        case .blue: String(base + 4)
        case .magenta: String(base + 5)
        case .cyan: String(base + 6)
        case .white: String(base + 7)
        case .gray: String(base + 60)
        case .indexed(let index): "\(base + 8);5;\(index)"
        case .rgb(let red, let green, let blue): "\(base + 8);2;\(red);\(green);\(blue)"
        }
    }
}
