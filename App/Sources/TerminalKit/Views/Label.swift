/// Text that the user cannot edit (UIKit's `UILabel`).
///
/// Each line of ``text`` takes a row; a line too long for the frame is cut with `…`, or,
/// with ``wraps``, continues on the next row.
@MainActor
open class Label: View {
    /// How a line sits in the frame.
    public enum Alignment: Hashable, Sendable {
        case left
        case center
        case right
    }

    /// The text; `\n` starts a new row.
    public var text: String {
        // A controller may save what its labels say (a status line): it is told (rule P1).
        didSet { if text != oldValue { enclosingController?.invalidateRestorableState() } }
    }
    /// How it is drawn.
    public var style: Style
    /// Where each line sits.
    public var alignment: Alignment = .left
    /// Wraps long lines onto the next rows instead of cutting them.
    public var wraps = false

    /// Creates a label.
    public init(_ text: String = "", style: Style = .plain) {
        self.text = text
        self.style = style
        super.init()
    }

    /// One row per line of text (at least one).
    override open var preferredHeight: Int {
        max(1, rows(width: frame.width > 0 ? frame.width : Int.max).count)
    }

    override open func draw(in canvas: Canvas) {
        super.draw(in: canvas)
        for (row, line) in rows(width: canvas.size.width).prefix(canvas.size.height).enumerated() {
            let shown = TextWidth.truncate(line, to: canvas.size.width)
            let width = TextWidth.of(shown)
            let x: Int
            switch alignment {
            case .left: x = 0
            case .center: x = max(0, (canvas.size.width - width) / 2)
            case .right: x = max(0, canvas.size.width - width)
            }
            canvas.text(shown, at: Point(x: x, y: row), style: style)
        }
    }

    private func rows(width: Int) -> [String] {
        let lines = text.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        guard wraps, width > 0 else { return lines }
        return lines.flatMap { TextWidth.wrap($0, to: width) }
    }
}
