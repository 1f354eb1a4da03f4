/// The bar of a ``NavigationController``: back button or left items, centred title, right
/// items, in reverse video.
@MainActor
public final class NavigationBar: View {
    private var title = ""
    private var backTitle: String?
    private var leftItems: [BarButtonItem] = []
    private var rightItems: [BarButtonItem] = []

    func update(title: String, backTitle: String?, leftItems: [BarButtonItem], rightItems: [BarButtonItem]) {
        self.title = title
        self.backTitle = backTitle
        self.leftItems = leftItems
        self.rightItems = rightItems
    }

    /// The title shown.
    public var shownTitle: String { title }

    override public func draw(in canvas: Canvas) {
        let width = canvas.size.width
        canvas.clear(style: theme.bar)
        var left = 0
        if let backTitle {
            left =
                1
                + canvas.text("‹ " + backTitle, at: Point(x: 1, y: 0), style: theme.bar, maxWidth: width / 3)
        } else {
            for item in leftItems {
                let style = item.isEnabled ? theme.bar : theme.bar.adding(.dim)
                left += 1 + canvas.text(item.title, at: Point(x: left + 1, y: 0), style: style)
            }
        }
        let rightText = rightItems.map(\.title).joined(separator: "  ")
        let rightWidth = TextWidth.of(rightText)
        var x = width - 1 - rightWidth
        if x > left + 1 {
            for item in rightItems {
                let style = item.isEnabled ? theme.bar : theme.bar.adding(.dim)
                x += canvas.text(item.title, at: Point(x: x, y: 0), style: style) + 2
            }
        }
        let rightEdge =
            rightWidth > 0 && width - 1 - rightWidth > left + 1 ? width - 2 - rightWidth : width - 1
        let shown = TextWidth.truncate(title, to: max(0, rightEdge - left - 1))
        let titleWidth = TextWidth.of(shown)
        let start = max(left + 1, min((width - titleWidth) / 2, rightEdge - titleWidth))
        canvas.text(shown, at: Point(x: start, y: 0), style: theme.barTitle)
    }
}
