/// One row of a ``TableView``: text at the left, detail text at the right.
///
/// Subclass and override ``draw(in:)`` for other layouts; ``isSelected`` and
/// ``isEditingRow`` say how to draw.
@MainActor
open class TableViewCell: View {
    /// The main text.
    public var text: String
    /// Text aligned to the right edge, or nil.
    public var detailText: String?
    /// The style of the text when not selected.
    public var textStyle: Style = .plain
    /// Set by the table: the row is the highlighted one.
    public internal(set) var isSelected = false
    /// Set by the table: editing mode, and whether this row can be deleted or moved.
    public internal(set) var isEditingRow = false
    /// Set by the table: the row can be moved in editing mode.
    public internal(set) var showsReorderControl = false

    /// Creates a cell.
    public init(text: String, detailText: String? = nil) {
        self.text = text
        self.detailText = detailText
        super.init()
    }

    override open func draw(in canvas: Canvas) {
        let style = isSelected ? theme.selection : textStyle
        canvas.clear(style: isSelected ? theme.selection : .plain)
        var left = 1
        if isEditingRow { left += canvas.text("- ", at: Point(x: left, y: 0), style: style) }
        var right = canvas.size.width - 1
        if showsReorderControl {
            right -= 2
            canvas.text("=", at: Point(x: right + 1, y: 0), style: style)
        }
        if let detailText, !detailText.isEmpty {
            let detail = TextWidth.truncate(detailText, to: max(0, (right - left) / 2))
            let width = TextWidth.of(detail)
            canvas.text(detail, at: Point(x: right - width, y: 0), style: style)
            right -= width + 1
        }
        canvas.text(
            TextWidth.truncate(text, to: max(0, right - left)), at: Point(x: left, y: 0), style: style)
    }
}
