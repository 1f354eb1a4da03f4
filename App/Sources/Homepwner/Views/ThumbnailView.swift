import HomepwnerCore
import TerminalKit

/// The detail screen's photo: a ``Thumbnail`` drawn as half blocks, or as brightness
/// characters when colour is off, or "No photo". Given fewer rows than the thumbnail has,
/// it draws it smaller (``Thumbnail/fitted(toRows:)``).
///
/// Each half of a cell is drawn in the photo's own 24-bit colour; TerminalKit's driver
/// writes it as the terminal can show it (``ColorDepth``): exactly under
/// `COLORTERM=truecolor`, the nearest of xterm's 256 colours on a `*-256color` terminal,
/// the nearest basic colour elsewhere, where the shape stays recognisable but not the
/// colours.
@MainActor
final class ThumbnailView: View {
    /// The photo, or nil for none.
    var thumbnail: Thumbnail?
    /// False under `NO_COLOR`: draws ``Thumbnail/grayscaleLines()``.
    var colorEnabled = true

    override var preferredHeight: Int { thumbnail?.rows ?? 1 }

    override func draw(in canvas: Canvas) {
        super.draw(in: canvas)
        guard let full = thumbnail else {
            canvas.text("No photo", at: .zero, style: .dim)
            return
        }
        // Fewer rows than it prefers on a short terminal: drawn smaller, not hidden.
        let thumbnail = full.fitted(toRows: canvas.size.height)
        guard colorEnabled else {
            for (row, line) in thumbnail.grayscaleLines().enumerated() {
                canvas.text(line, at: Point(x: 0, y: row))
            }
            return
        }
        for row in 0..<thumbnail.rows {
            for column in 0..<thumbnail.columns {
                let cell = thumbnail[column, row]
                let style = Style(foreground: Self.color(cell.top), background: Self.color(cell.bottom))
                canvas.text(String(Thumbnail.halfBlock), at: Point(x: column, y: row), style: style)
            }
        }
    }

    /// The 24-bit colour of a pixel.
    static func color(_ pixel: RGB) -> Color {
        .rgb(red: pixel.red, green: pixel.green, blue: pixel.blue)
    }
}
