import HomepwnerCore
import TerminalKit

/// The detail screen's photo: a ``Thumbnail`` drawn as half blocks, or as brightness
/// characters when colour is off, or "No photo", or "Decoding the photo…" while one is
/// decoded. The photo is drawn as large as its width and ``maximumRows`` allow (never larger
/// than one of its pixels a half cell), and smaller when it is given fewer rows
/// (``Thumbnail/fitted(columns:rows:)``).
///
/// Each half of a cell is drawn in the photo's own 24-bit colour; TerminalKit's driver
/// writes it as the terminal can show it (``ColorDepth``): exactly under
/// `COLORTERM=truecolor`, the nearest of xterm's 256 colours on a `*-256color` terminal,
/// the nearest basic colour elsewhere, where the shape stays recognisable but not the
/// colours.
@MainActor
final class ThumbnailView: View {
    /// The photo, or nil for none.
    var thumbnail: Thumbnail? {
        didSet { if thumbnail != oldValue { fits.removeAll() } }
    }
    /// The most rows the photo takes (the detail screen shares the rows under its fields
    /// between the notes and the photo); nil: as many as the thumbnail has.
    var maximumRows: Int?
    /// The thumbnail fitted to the sizes asked lately (the preferred one and, on a short
    /// screen, the rows the form gives), kept until the photo changes.
    private var fits: [Size: Thumbnail] = [:]
    /// False under `NO_COLOR`: draws ``Thumbnail/grayscaleLines()``.
    var colorEnabled = true
    /// True while a photo is decoded off the main thread: "Decoding the photo…" shows in its
    /// place, and keys work meanwhile.
    private(set) var isDecoding = false
    /// The decodes started: a result that comes back after a later one started, or after the
    /// photo was removed, is dropped (``finishDecode(_:)``).
    private var decodes = 0

    /// Starts showing the placeholder for a decode; returns its ticket.
    func startDecode() -> Int {
        decodes += 1
        isDecoding = true
        return decodes
    }

    /// Ends the decode of `ticket`: false (and nothing changes) if a later one started or
    /// the photo was set since.
    func finishDecode(_ ticket: Int) -> Bool {
        guard ticket == decodes, isDecoding else { return false }
        isDecoding = false
        return true
    }

    /// Shows `thumbnail` (nil: no photo), ending any decode under way.
    func show(_ thumbnail: Thumbnail?) {
        isDecoding = false
        decodes += 1
        self.thumbnail = thumbnail
    }

    /// The rows the photo is drawn in at the view's width, up to ``maximumRows``; 1 for a
    /// line of text.
    override var preferredHeight: Int {
        guard let thumbnail else { return 1 }
        return fitted(thumbnail, toWidth: frame.width).rows
    }

    /// `thumbnail` as large as `width` columns and ``maximumRows`` allow.
    private func fitted(_ thumbnail: Thumbnail, toWidth width: Int) -> Thumbnail {
        fitted(thumbnail, to: Size(width: width, height: maximumRows ?? thumbnail.rows))
    }

    /// `thumbnail` as large as fits `size`.
    private func fitted(_ thumbnail: Thumbnail, to size: Size) -> Thumbnail {
        if let fit = fits[size] { return fit }
        if fits.count >= 4 { fits.removeAll() }
        let fit = thumbnail.fitted(columns: max(size.width, 1), rows: max(size.height, 1))
        fits[size] = fit
        return fit
    }

    override func draw(in canvas: Canvas) {
        super.draw(in: canvas)
        if isDecoding {
            canvas.text("Decoding the photo…", at: .zero, style: .dim)
            return
        }
        guard let full = thumbnail else {
            canvas.text("No photo", at: .zero, style: .dim)
            return
        }
        // Fewer rows than it prefers on a short terminal: drawn smaller, not hidden.
        let preferred = fitted(full, toWidth: canvas.size.width)
        let thumbnail = preferred.rows <= canvas.size.height ? preferred : fitted(full, to: canvas.size)
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
