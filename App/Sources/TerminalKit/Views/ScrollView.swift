import StateRestoration

/// A view that shows part of something larger than itself, and scrolls (UIKit's
/// `UIScrollView`).
///
/// The content is ``contentSize`` cells large, and is either a view (``contentView``,
/// given that size and moved as the view scrolls) or drawn by a subclass
/// (``drawContent(in:visibleRect:)``), or both. ``contentOffset`` is the content's point
/// at the view's top-left corner; it stays between zero and ``maximumContentOffset``.
///
/// With ``showsScrollIndicators`` (the default), a content taller than the view gets a
/// bar in the last column (`│` with a `█` thumb where the shown part is), and one wider
/// than the view a bar in the last row (`─` and `█`); the content is shown beside them,
/// never under them (``visibleSize``).
///
/// Keys, as ``TableView``'s, when the scroll view is the first responder or a key travels
/// up to it from a view in its content: ↑/↓ a row, ←/→ a column, Page Up/Down a screenful
/// less one row, Home/End the top and the bottom. A key along an axis the content does not
/// overflow travels on. When the focus moves to a view inside the content, the scroll view
/// scrolls just enough to show it.
///
/// Restoration (with a ``restorationIdentifier``): the offset (keys `offsetX`, `offsetY`).
/// A restored offset is applied at the next layout, clamped to the content as it is then:
/// if the content shrank, or the terminal grew, the view shows the end of the content.
@MainActor
open class ScrollView: View {
    /// The content's size, in cells. A ``contentView`` is given this size.
    public var contentSize: Size {
        didSet { layoutContent() }
    }
    /// The view scrolled, if any: it is placed at minus the offset, ``contentSize`` large.
    public var contentView: View? {
        didSet {
            if oldValue !== contentView { oldValue?.removeFromSuperview() }
            if let contentView { clipView.addSubview(contentView) }
            layoutContent()
        }
    }
    /// Shows where the visible part is when the content overflows. Default true.
    public var showsScrollIndicators = true
    /// Called after the offset changed through the keyboard, or by a scroll to a focused view.
    public var onScroll: (@MainActor (ScrollView) -> Void)?

    /// The view the content is drawn into: the visible part, beside the indicators.
    private let clipView: ClipView
    private var offset = Point.zero {
        // Scrolled by a key, by the app or by a layout that clamped it (rule P1).
        didSet { if offset != oldValue { restorableStateDidChange() } }
    }
    /// The view inside the content that had the focus at the last layout.
    private weak var focusedDescendant: View?

    /// Creates a scroll view, empty or showing `contentView` at `contentSize`.
    public init(contentView: View? = nil, contentSize: Size = .zero) {
        self.contentSize = contentSize
        self.clipView = ClipView()
        super.init()
        clipView.scrollView = self
        addSubview(clipView)
        self.contentView = contentView
        if let contentView { clipView.addSubview(contentView) }
    }

    override open var canBecomeFirstResponder: Bool { true }

    // MARK: Geometry

    /// The content's point at the view's top-left corner. Setting it clamps it to the
    /// content (to zero alone before the view has a size).
    public var contentOffset: Point {
        get { offset }
        set {
            offset = clamped(newValue)
            layoutContent()
        }
    }

    /// Which indicators show: a vertical bar when the content is taller than the view, a
    /// horizontal one when it is wider than the columns left.
    private var indicators: (vertical: Bool, horizontal: Bool) {
        guard showsScrollIndicators else { return (false, false) }
        var vertical = contentSize.height > frame.height
        let horizontal = contentSize.width > frame.width - (vertical ? 1 : 0)
        if horizontal && !vertical { vertical = contentSize.height > frame.height - 1 }
        return (vertical, horizontal)
    }

    /// The size of the part of the content shown: the view less its indicators.
    public var visibleSize: Size {
        let (vertical, horizontal) = indicators
        return Size(
            width: max(0, frame.width - (vertical ? 1 : 0)),
            height: max(0, frame.height - (horizontal ? 1 : 0)))
    }

    /// The largest offset: the content's end at the view's end (zero where it fits).
    public var maximumContentOffset: Point {
        let visible = visibleSize
        return Point(
            x: max(0, contentSize.width - visible.width), y: max(0, contentSize.height - visible.height))
    }

    /// The part of the content shown, in the content's coordinates.
    public var visibleRect: Rect {
        Rect(origin: offset, size: visibleSize)
    }

    /// Scrolls as little as it takes to show `rect` (content coordinates); a rect larger
    /// than the view shows its top-left corner.
    public func scrollRectToVisible(_ rect: Rect) {
        let visible = visibleSize
        var target = offset
        if rect.maxX > target.x + visible.width { target.x = rect.maxX - visible.width }
        if rect.minX < target.x { target.x = rect.minX }
        if rect.maxY > target.y + visible.height { target.y = rect.maxY - visible.height }
        if rect.minY < target.y { target.y = rect.minY }
        scroll(to: target)
    }

    private func clamped(_ point: Point) -> Point {
        let lowest = Point(x: max(0, point.x), y: max(0, point.y))
        guard !frame.isEmpty else { return lowest }
        let maximum = maximumContentOffset
        return Point(x: min(lowest.x, maximum.x), y: min(lowest.y, maximum.y))
    }

    /// Moves to `target` (clamped) and tells ``onScroll`` if that moved anything.
    private func scroll(to target: Point) {
        let old = offset
        offset = clamped(target)
        layoutContent()
        if offset != old { onScroll?(self) }
    }

    // MARK: Layout and drawing

    override open func layoutSubviews() {
        super.layoutSubviews()
        offset = clamped(offset)
        let focused = window?.firstResponder
        if let focused, focused !== self, focused !== focusedDescendant, let contentView,
            focused.isDescendant(of: contentView)
        {
            focusedDescendant = focused
            if let rect = frameInContent(of: focused) { scrollRectToVisible(rect) }
        } else if focused.map({ $0 === self || !$0.isDescendant(of: self) }) ?? true {
            focusedDescendant = nil
        }
        layoutContent()
    }

    /// Places the clip view beside the indicators and the content view at minus the offset.
    private func layoutContent() {
        clipView.frame = Rect(origin: .zero, size: visibleSize)
        contentView?.frame = Rect(origin: Point(x: -offset.x, y: -offset.y), size: contentSize)
    }

    /// A view's frame in the content's coordinates, or nil if it is not in the content.
    private func frameInContent(of view: View) -> Rect? {
        var rect = view.frame
        var current = view.superview
        while let ancestor = current, ancestor !== contentView {
            rect = rect.offsetBy(dx: ancestor.frame.minX, dy: ancestor.frame.minY)
            current = ancestor.superview
        }
        return current == nil ? nil : rect
    }

    /// Draws the content that is not a view. `canvas` is in the content's coordinates
    /// (0,0 is the content's top-left cell) and clipped to what shows; draw what falls in
    /// `visibleRect` only, so a long content costs what the view shows. The default draws
    /// nothing.
    open func drawContent(in canvas: Canvas, visibleRect: Rect) {}

    override open func draw(in canvas: Canvas) {
        super.draw(in: canvas)
        let (vertical, horizontal) = indicators
        let visible = visibleSize
        let maximum = maximumContentOffset
        if vertical {
            drawIndicator(
                in: canvas, cells: (0..<visible.height).map { Point(x: visible.width, y: $0) }, track: "│",
                content: contentSize.height, offset: offset.y, maximum: maximum.y)
        }
        if horizontal {
            drawIndicator(
                in: canvas, cells: (0..<visible.width).map { Point(x: $0, y: visible.height) }, track: "─",
                content: contentSize.width, offset: offset.x, maximum: maximum.x)
        }
    }

    /// Draws one indicator along `cells`: the track dim, the thumb as `█`.
    private func drawIndicator(
        in canvas: Canvas, cells: [Point], track: Character, content: Int, offset: Int, maximum: Int
    ) {
        let (start, length) = Self.thumb(
            track: cells.count, content: content, offset: offset, maximum: maximum)
        for (position, cell) in cells.enumerated() {
            let inThumb = position >= start && position < start + length
            canvas.text(String(inThumb ? "█" : track), at: cell, style: inThumb ? .plain : .dim)
        }
    }

    /// Where an indicator's thumb is on a track: as long as the part shown is of the
    /// content (one cell at least), at the top at offset zero and at the end at the maximum.
    static func thumb(track: Int, content: Int, offset: Int, maximum: Int) -> (start: Int, length: Int) {
        guard track > 0, content > 0 else { return (0, 0) }
        let length = min(track, max(1, track * track / content))
        guard maximum > 0 else { return (0, length) }
        let room = track - length
        let start = Int((Double(min(max(0, offset), maximum)) * Double(room) / Double(maximum)).rounded())
        return (min(room, start), length)
    }

    // MARK: Keys

    /// Says what each key it uses changed (rule P1): its offset.
    override open var reportsRestorableStateChanges: Bool { true }

    override open func handleKey(_ key: Key) -> Bool {
        let visible = visibleSize
        let maximum = maximumContentOffset
        let page = max(1, visible.height - 1)
        var target = clamped(offset)
        switch key.code {
        case .up where maximum.y > 0: target.y -= 1
        case .down where maximum.y > 0: target.y += 1
        case .left where maximum.x > 0: target.x -= 1
        case .right where maximum.x > 0: target.x += 1
        case .pageUp where maximum.y > 0: target.y -= page
        case .pageDown where maximum.y > 0: target.y += page
        case .home where maximum.y > 0: target.y = 0
        case .end where maximum.y > 0: target.y = maximum.y
        default: return false
        }
        scroll(to: target)
        return true
    }

    // MARK: Restoration

    /// Writes the offset (keys `offsetX`, `offsetY`).
    /// - Throws: ``StateCodingError`` from the coder.
    override open func encodeRestorableState(with coder: StateEncoder) throws {
        try super.encodeRestorableState(with: coder)
        try coder.encode(offset.x, forKey: "offsetX")
        try coder.encode(offset.y, forKey: "offsetY")
    }

    /// Reads the offset; a negative value is zero, and the next layout clamps it to the
    /// content then (it may have shrunk since).
    /// - Throws: ``StateCodingError`` for a value of the wrong type.
    override open func decodeRestorableState(with coder: StateDecoder) throws {
        try super.decodeRestorableState(with: coder)
        let x = try coder.decodeIfPresent(Int.self, forKey: "offsetX") ?? offset.x
        let y = try coder.decodeIfPresent(Int.self, forKey: "offsetY") ?? offset.y
        // Kept within reach of any content (no arithmetic on it can overflow); the layout
        // clamps it to the content it finds.
        let limit = 1 << 32
        offset = Point(x: min(max(0, x), limit), y: min(max(0, y), limit))
        layoutContent()
    }
}

/// The visible part of a ``ScrollView``: clips the content view, and draws what the
/// scroll view draws itself.
@MainActor
private final class ClipView: View {
    weak var scrollView: ScrollView?

    override func draw(in canvas: Canvas) {
        super.draw(in: canvas)
        guard let scrollView else { return }
        let offset = scrollView.contentOffset
        let content = scrollView.contentSize
        let contentCanvas = canvas.subcanvas(
            Rect(x: -offset.x, y: -offset.y, width: content.width, height: content.height))
        let visible = scrollView.visibleRect.intersection(Rect(origin: .zero, size: content))
        scrollView.drawContent(in: contentCanvas, visibleRect: visible)
    }
}
