/// The footer line: what the keys do right now, such as `a Add  e Edit  ^C Quit`.
///
/// Hints that do not fit are left out whole, from the end, except an essential one
/// (``KeyHint/isEssential``, such as how to quit, and Esc, the way out of every screen):
/// room is made for it first, and the others fill what is left in order, up to the first
/// that does not fit.
@MainActor
public final class KeyHintBar: View {
    /// The hints shown, in order.
    public var hints: [KeyHint] = []

    /// The hints that fit in `width` columns, in their order.
    static func shown(_ hints: [KeyHint], width: Int) -> [KeyHint] {
        func columns(_ hint: KeyHint) -> Int { TextWidth.of(hint.label) + 1 + TextWidth.of(hint.title) }
        var kept = Set<Int>()
        var used = -2  // no separator before the first hint
        var essentialTitles: Set<String> = []
        for (index, hint) in hints.enumerated()
        where (hint.isEssential || hint.key == .escape) && essentialTitles.insert(hint.title).inserted {
            guard used + 2 + columns(hint) <= width else { continue }
            used += 2 + columns(hint)
            kept.insert(index)
        }
        for (index, hint) in hints.enumerated() where !kept.contains(index) {
            guard used + 2 + columns(hint) <= width else { break }
            used += 2 + columns(hint)
            kept.insert(index)
        }
        return hints.indices.filter(kept.contains).map { hints[$0] }
    }

    override public func draw(in canvas: Canvas) {
        var x = 0
        for hint in Self.shown(hints, width: canvas.size.width) {
            x += canvas.text(hint.label, at: Point(x: x, y: 0), style: theme.hintKey)
            x += 1
            x += canvas.text(hint.title, at: Point(x: x, y: 0), style: theme.hintText)
            x += 2
        }
    }
}
