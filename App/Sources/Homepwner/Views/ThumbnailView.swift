import TerminalKit

/// The detail screen's photo: a ``Thumbnail`` drawn as half blocks, or as brightness
/// characters when colour is off, or "No photo".
///
/// TerminalKit has the terminal's 8 basic colours and grey, not 24-bit colour, so each
/// half of a cell gets the nearest of those. The shape of the photo stays recognisable;
/// its exact colours do not.
@MainActor
final class ThumbnailView: View {
    /// The photo, or nil for none.
    var thumbnail: Thumbnail?
    /// False under `NO_COLOR`: draws ``Thumbnail/grayscaleLines()``.
    var colorEnabled = true

    override var preferredHeight: Int { thumbnail?.rows ?? 1 }

    override func draw(in canvas: Canvas) {
        super.draw(in: canvas)
        guard let thumbnail else {
            canvas.text("No photo", at: .zero, style: .dim)
            return
        }
        guard colorEnabled else {
            for (row, line) in thumbnail.grayscaleLines().enumerated() {
                canvas.text(line, at: Point(x: 0, y: row))
            }
            return
        }
        for row in 0..<thumbnail.rows {
            for column in 0..<thumbnail.columns {
                let cell = thumbnail[column, row]
                let style = Style(foreground: Self.nearest(cell.top), background: Self.nearest(cell.bottom))
                canvas.text(String(Thumbnail.halfBlock), at: Point(x: column, y: row), style: style)
            }
        }
    }

    private static let palette: [(Color, RGB)] = [
        (.black, RGB(0, 0, 0)), (.red, RGB(205, 0, 0)), (.green, RGB(0, 205, 0)),
        (.yellow, RGB(205, 205, 0)), (.blue, RGB(0, 0, 238)), (.magenta, RGB(205, 0, 205)),
        (.cyan, RGB(0, 205, 205)), (.white, RGB(229, 229, 229)), (.gray, RGB(127, 127, 127)),
    ]

    /// The basic terminal colour closest to `colour` (xterm's default palette).
    static func nearest(_ colour: RGB) -> Color {
        func distance(_ other: RGB) -> Int {
            let red = Int(colour.red) - Int(other.red)
            let green = Int(colour.green) - Int(other.green)
            let blue = Int(colour.blue) - Int(other.blue)
            return red * red + green * green + blue * blue
        }
        var best = palette[0]
        for entry in palette.dropFirst() where distance(entry.1) < distance(best.1) { best = entry }
        return best.0
    }
}
