/// The footer line: what the keys do right now, such as `a Add  e Edit  ^C Quit`.
///
/// Hints that do not fit are left out whole, from the end.
@MainActor
public final class KeyHintBar: View {
    /// The hints shown, in order.
    public var hints: [KeyHint] = []

    override public func draw(in canvas: Canvas) {
        var x = 0
        for hint in hints {
            let width = TextWidth.of(hint.label) + 1 + TextWidth.of(hint.title)
            if x + width > canvas.size.width { break }
            x += canvas.text(hint.label, at: Point(x: x, y: 0), style: theme.hintKey)
            x += 1
            x += canvas.text(hint.title, at: Point(x: x, y: 0), style: theme.hintText)
            x += 2
        }
    }
}
