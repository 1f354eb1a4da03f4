import TerminalKit

/// The row under the items list: where the highlight is (`row 751 of 100,000`) at the right,
/// dimmed; while a `/` search is open, its prompt and query at the left, and how it goes
/// (`searching…`, `not found`) at the right.
@MainActor
final class SearchLine: View {
    /// The query's field, shown while a search is open.
    let field: TextField
    /// The words at the right.
    var position = ""
    /// True while a search is open: the prompt and the field show.
    private(set) var showsField = false

    /// Shows or hides the prompt and the field, and the line with them when they show.
    func showField(_ shown: Bool) {
        showsField = shown
        field.isHidden = !shown
        if shown { isHidden = false }
    }

    init(field: TextField) {
        self.field = field
        super.init()
        // Hidden until a search opens: never the first view to take keys before a layout.
        field.isHidden = true
        addSubview(field)
    }

    override func layoutSubviews() {
        super.layoutSubviews()
        let positionWidth = TextWidth.of(position)
        field.frame = Rect(x: 3, y: 0, width: max(0, bounds.width - positionWidth - 6), height: 1)
    }

    override func draw(in canvas: Canvas) {
        if showsField { canvas.text("/", at: Point(x: 1, y: 0), style: .bold) }
        let width = TextWidth.of(position)
        let x = max(showsField ? 3 : 1, canvas.size.width - 1 - width)
        canvas.text(
            position, at: Point(x: x, y: 0), style: showsField ? .plain : .dim,
            maxWidth: canvas.size.width - x)
    }
}
