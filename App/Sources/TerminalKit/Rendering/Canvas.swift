/// Where a view draws: the window's ``Screen``, seen through the view's frame.
///
/// Coordinates are the view's own (0,0 is its top-left cell). Everything is clipped to
/// the view's visible area, so a view can never draw over its neighbours or outside the
/// terminal, whatever its size (a 1x1 terminal included).
@MainActor
public final class Canvas {
    private let target: ScreenBuffer
    /// The view's top-left cell on the screen.
    private let origin: Point
    /// The cells the view may touch, in screen coordinates.
    private let clip: Rect
    /// The size of the view (its bounds).
    public let size: Size

    init(target: ScreenBuffer, origin: Point, size: Size, clip: Rect) {
        self.target = target
        self.origin = origin
        self.size = size
        self.clip = clip.intersection(Rect(origin: origin, size: size))
    }

    /// A canvas for a rectangle inside this one, in this canvas's coordinates.
    func subcanvas(_ frame: Rect) -> Canvas {
        Canvas(
            target: target, origin: Point(x: origin.x + frame.minX, y: origin.y + frame.minY),
            size: frame.size, clip: clip)
    }

    /// Draws text on one row, from `point`, and returns the columns used. Text stops at
    /// `maxWidth` columns and at the clip edge; a wide character cut by the edge becomes a
    /// space. Newlines and control characters are not drawn. Characters are
    /// ``TextClusters``': a piece of a cluster too long to be one character that starts with
    /// a combining mark is drawn on a dotted circle (U+25CC), as fonts show a lone mark.
    @discardableResult
    public func text(
        _ string: some StringProtocol, at point: Point, style: Style = .plain, maxWidth: Int? = nil
    )
        -> Int
    {
        let limit = maxWidth.map { point.x + max(0, $0) } ?? size.width
        var x = point.x
        for piece in TextClusters.characters(of: Substring(string)) {
            if x >= limit { break }
            let width = TextWidth.of(piece: piece)
            if width == 0 { continue }
            if x + width > limit { break }
            put(Self.drawn(piece), width: width, at: Point(x: x, y: point.y), style: style)
            x += width
        }
        return x - point.x
    }

    /// The character a cell shows for one of ``TextClusters``' characters: a piece that
    /// starts with a mark of no width goes on a dotted circle, so the terminal does not put
    /// it on the cell before.
    private static func drawn(_ piece: Substring) -> Character {
        guard let first = piece.unicodeScalars.first,
            first.properties.canonicalCombiningClass != .notReordered
        else { return TextClusters.character(piece) }
        return TextClusters.character(Substring("\u{25CC}" + piece))
    }

    /// Fills a rectangle (in view coordinates) with a character.
    public func fill(_ rect: Rect, with character: Character = " ", style: Style = .plain) {
        let area = rect.intersection(Rect(origin: .zero, size: size))
        guard !area.isEmpty else { return }
        for y in area.minY..<area.maxY {
            for x in area.minX..<area.maxX {
                put(character, width: 1, at: Point(x: x, y: y), style: style)
            }
        }
    }

    /// Fills the whole view.
    public func clear(style: Style = .plain) {
        fill(Rect(origin: .zero, size: size), style: style)
    }

    /// Shows the text cursor at a point of this view, if that point is visible.
    public func placeCursor(at point: Point) {
        let absolute = Point(x: origin.x + point.x, y: origin.y + point.y)
        guard clip.contains(absolute) else { return }
        target.screen.cursor = absolute
    }

    private func put(_ character: Character, width: Int, at point: Point, style: Style) {
        let absolute = Point(x: origin.x + point.x, y: origin.y + point.y)
        guard clip.contains(absolute) else { return }
        if width == 2 && !clip.contains(Point(x: absolute.x + 1, y: absolute.y)) {
            target.screen.put(" ", at: absolute, style: style)
            return
        }
        target.screen.put(character, at: absolute, style: style)
    }
}

/// The screen being drawn, shared by every canvas of one frame.
@MainActor
final class ScreenBuffer {
    var screen: Screen

    init(size: Size) {
        screen = Screen(size: size)
    }
}
