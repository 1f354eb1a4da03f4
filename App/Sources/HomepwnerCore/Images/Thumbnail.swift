/// A photo shrunk to a few terminal cells, two pixels a cell (rule H4).
///
/// Each cell is drawn as `▀` (upper half block) with the foreground set to ``Cell/top``
/// and the background to ``Cell/bottom``. A cell of a terminal is about twice as tall as
/// it is wide, so a half cell is close to square, and the thumbnail keeps the photo's
/// aspect ratio by treating the grid as `columns × 2·rows` square pixels.
public struct Thumbnail: Hashable, Sendable {
    /// One terminal cell: two stacked pixels.
    public struct Cell: Hashable, Sendable {
        /// The upper pixel: the foreground of `▀`.
        public var top: RGB
        /// The lower pixel: the background of `▀`.
        public var bottom: RGB

        /// A cell from its two pixels.
        public init(top: RGB, bottom: RGB) {
            self.top = top
            self.bottom = bottom
        }
    }

    /// The detail screen's size: up to 16 columns by 8 rows.
    public static let defaultColumns = 16
    /// The detail screen's size: up to 16 columns by 8 rows.
    public static let defaultRows = 8
    /// The character to draw each cell with.
    public static let halfBlock: Character = "▀"

    /// Width in cells, at least 1.
    public let columns: Int
    /// Height in cells, at least 1.
    public let rows: Int
    /// `columns × rows` cells, row by row.
    public let cells: [Cell]

    /// A thumbnail from its cells, row by row; nil unless both sizes are positive and
    /// `cells.count == columns × rows`.
    public init?(columns: Int, rows: Int, cells: [Cell]) {
        guard columns > 0, rows > 0, cells.count == columns * rows else { return nil }
        self.init(checkedColumns: columns, rows: rows, cells: cells)
    }

    private init(checkedColumns columns: Int, rows: Int, cells: [Cell]) {
        self.columns = columns
        self.rows = rows
        self.cells = cells
    }

    /// Pairs pixel rows into cells: `pixels` is `columns × pixelRows` colours, row by row,
    /// and pixel row `p` of the `2·rows` the thumbnail needs comes from `p × pixelRows /
    /// (2·rows)`, so an image shorter than the grid repeats rows instead of leaving gaps.
    init(columns: Int, rows: Int, pixels: [RGB], pixelRows: Int) {
        var cells: [Cell] = []
        cells.reserveCapacity(columns * rows)
        for row in 0..<rows {
            let top = (2 * row) * pixelRows / (2 * rows)
            let bottom = (2 * row + 1) * pixelRows / (2 * rows)
            for column in 0..<columns {
                cells.append(
                    Cell(top: pixels[top * columns + column], bottom: pixels[bottom * columns + column]))
            }
        }
        self.init(checkedColumns: columns, rows: rows, cells: cells)
    }

    /// The thumbnail shrunk to at most `maximumRows` rows, its aspect ratio kept (pixels
    /// sampled, nearest first); itself if it fits.
    public func fitted(toRows maximumRows: Int) -> Thumbnail {
        guard rows > maximumRows, maximumRows > 0 else { return self }
        let newRows = maximumRows
        let newColumns = max(1, (columns * newRows + rows / 2) / rows)
        var pixels: [RGB] = []
        pixels.reserveCapacity(newColumns * 2 * rows)
        for pixelRow in 0..<(2 * rows) {
            let cells = pixelRow / 2
            for column in 0..<newColumns {
                let cell = self[column * columns / newColumns, cells]
                pixels.append(pixelRow % 2 == 0 ? cell.top : cell.bottom)
            }
        }
        return Thumbnail(columns: newColumns, rows: newRows, pixels: pixels, pixelRows: 2 * rows)
    }

    /// The cell at (`column`, `row`), both from 0.
    public subscript(column: Int, row: Int) -> Cell {
        cells[row * columns + column]
    }

    /// The picture as letters, one per pixel and two lines per cell row, for tests and
    /// logs: each pixel is the nearest of `K`lack, `R`ed, `G`reen, `B`lue, `Y`ellow,
    /// `C`yan, `M`agenta, `W`hite, or `.` grey.
    public func paletteText() -> String {
        var lines: [String] = []
        for row in 0..<rows {
            for half in 0..<2 {
                var line = ""
                for column in 0..<columns {
                    let cell = self[column, row]
                    line.append(Self.paletteLetter(half == 0 ? cell.top : cell.bottom))
                }
                lines.append(line)
            }
        }
        return lines.joined(separator: "\n")
    }

    /// One character a cell by brightness (`" .:-=+*#%@"`, dark to light): the picture
    /// when colour is off (`NO_COLOR`).
    public func grayscaleLines() -> [String] {
        let ramp = Array(" .:-=+*#%@")
        return (0..<rows).map { row in
            String(
                (0..<columns).map { column in
                    let cell = self[column, row]
                    let luma = (cell.top.luma + cell.bottom.luma) / 2
                    return ramp[min(luma * ramp.count / 256, ramp.count - 1)]
                })
        }
    }

    /// The grid for an image of `width × height` pixels shown in at most
    /// `maximumColumns × maximumRows` cells: as large as fits, aspect ratio kept, never
    /// enlarged past one image pixel a half cell, at least 1 × 1.
    static func size(
        width: Int, height: Int, maximumColumns: Int, maximumRows: Int
    ) -> (columns: Int, rows: Int) {
        let maximumColumns = max(maximumColumns, 1)
        let maximumRows = max(maximumRows, 1)
        let scale = min(
            Double(maximumColumns) / Double(max(width, 1)), Double(2 * maximumRows) / Double(max(height, 1)),
            1)
        let columns = min(max(Int((Double(width) * scale).rounded()), 1), maximumColumns)
        let rows = min(max(Int((Double(height) * scale / 2).rounded()), 1), maximumRows)
        return (columns, rows)
    }

    private static let palette: [(Character, RGB)] = [
        ("K", RGB(0, 0, 0)), ("R", RGB(255, 0, 0)), ("G", RGB(0, 255, 0)), ("B", RGB(0, 0, 255)),
        ("Y", RGB(255, 255, 0)), ("C", RGB(0, 255, 255)), ("M", RGB(255, 0, 255)),
        ("W", RGB(255, 255, 255)), (".", RGB(128, 128, 128)),
    ]

    private static func paletteLetter(_ colour: RGB) -> Character {
        func distance(_ other: RGB) -> Int {
            let red = Int(colour.red) - Int(other.red)
            let green = Int(colour.green) - Int(other.green)
            let blue = Int(colour.blue) - Int(other.blue)
            return red * red + green * green + blue * blue
        }
        var best = palette[0]
        for entry in palette.dropFirst() where distance(entry.1) < distance(best.1) { best = entry }
        return best.0
    }
}
