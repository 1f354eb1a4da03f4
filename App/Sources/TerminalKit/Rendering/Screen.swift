/// A frame: a grid of cells and where the cursor is.
///
/// Views draw into it through a ``Canvas``; drivers turn it into terminal output (the ANSI
/// driver writes only the cells that changed since the previous frame). Tests compare its
/// ``text`` with a multi-line string.
///
/// Invariant: a cell of width 2 is always followed, on the same row, by a continuation
/// cell, and a continuation always follows a cell of width 2. ``put(_:at:style:)`` keeps it
/// by blanking the other half of any wide character it overwrites.
public struct Screen: Hashable, Sendable {
    /// The size in cells.
    public let size: Size
    /// The cells, row after row.
    public private(set) var cells: [Cell]
    /// Where the text cursor is shown, or nil to hide it.
    public var cursor: Point?

    /// Creates a blank screen.
    public init(size: Size) {
        self.size = size
        self.cells = Array(repeating: .blank, count: size.width * size.height)
    }

    /// The cell at a position. Positions outside the screen read as blank.
    public subscript(x: Int, y: Int) -> Cell {
        guard x >= 0, y >= 0, x < size.width, y < size.height else { return .blank }
        return cells[y * size.width + x]
    }

    /// Writes a character at a position and returns the columns it took (0 if it was
    /// outside or has no width). A wide character that does not fit before the right edge
    /// is drawn as a space.
    @discardableResult
    public mutating func put(_ character: Character, at point: Point, style: Style = .plain) -> Int {
        let width = TextWidth.of(character)
        guard width > 0, point.y >= 0, point.y < size.height, point.x >= 0, point.x < size.width else {
            return 0
        }
        if width == 2 && point.x + 1 >= size.width {
            set(Cell(" ", width: 1, style: style), x: point.x, y: point.y)
            return 1
        }
        set(Cell(character, width: Int8(width), style: style), x: point.x, y: point.y)
        if width == 2 {
            set(Cell(" ", width: 0, style: style), x: point.x + 1, y: point.y)
        }
        return width
    }

    /// Fills a rectangle (clipped to the screen) with a character of width 1.
    public mutating func fill(_ rect: Rect, with character: Character = " ", style: Style = .plain) {
        let area = rect.intersection(Rect(origin: .zero, size: size))
        guard !area.isEmpty else { return }
        for y in area.minY..<area.maxY {
            for x in area.minX..<area.maxX {
                put(character, at: Point(x: x, y: y), style: style)
            }
        }
    }

    /// Replaces one cell, blanking the other half of a wide character it breaks.
    private mutating func set(_ cell: Cell, x: Int, y: Int) {
        let index = y * size.width + x
        let old = cells[index]
        if old.isContinuation, x > 0 {
            cells[index - 1] = Cell(" ", width: 1, style: cells[index - 1].style)
        }
        if old.width == 2, x + 1 < size.width {
            let next = index + 1
            if cells[next].isContinuation { cells[next] = Cell(" ", width: 1, style: cells[next].style) }
        }
        cells[index] = cell
    }

    /// The text of one row, wide characters once, trailing spaces removed.
    public func line(_ y: Int) -> String {
        guard y >= 0, y < size.height else { return "" }
        var text = ""
        for x in 0..<size.width {
            let cell = cells[y * size.width + x]
            if !cell.isContinuation { text.append(cell.character) }
        }
        while text.last == " " { text.removeLast() }
        return text
    }

    /// Every row's ``line(_:)``, joined by newlines: what a person sees, for tests.
    public var text: String {
        (0..<size.height).map(line).joined(separator: "\n")
    }

    /// Checks the wide-character invariant; true if it holds.
    public func checkInvariants() -> Bool {
        for y in 0..<size.height {
            var x = 0
            while x < size.width {
                let cell = cells[y * size.width + x]
                if cell.isContinuation { return false }
                if cell.width == 2 {
                    guard x + 1 < size.width, cells[y * size.width + x + 1].isContinuation else {
                        return false
                    }
                    x += 2
                } else {
                    x += 1
                }
            }
        }
        return true
    }
}
