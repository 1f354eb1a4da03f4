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

    /// The size a photo is decoded to: up to 160 columns by 80 rows, the most a detail
    /// screen shows; a screen draws it smaller to fit the rows and columns it has
    /// (``fitted(columns:rows:)``).
    public static let defaultColumns = 160
    /// The size a photo is decoded to: up to 160 columns by 80 rows.
    public static let defaultRows = 80
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

    /// The thumbnail shrunk to fit `maximumColumns × maximumRows` cells, its aspect ratio
    /// kept (``size(width:height:maximumColumns:maximumRows:)``), each new pixel the average of
    /// the pixels it covers, so a photo drawn small keeps its thin lines and its colours;
    /// itself if it fits.
    public func fitted(columns maximumColumns: Int, rows maximumRows: Int) -> Thumbnail {
        guard columns > maximumColumns || rows > maximumRows else { return self }
        let sourceRows = 2 * rows
        let size = Self.size(
            width: columns, height: sourceRows, maximumColumns: maximumColumns, maximumRows: maximumRows)
        let pixelRows = 2 * size.rows
        var pixels: [RGB] = []
        pixels.reserveCapacity(size.columns * pixelRows)
        for y in 0..<pixelRows {
            let top = y * sourceRows / pixelRows
            let bottom = max(top + 1, (y + 1) * sourceRows / pixelRows)
            for x in 0..<size.columns {
                let left = x * columns / size.columns
                let right = max(left + 1, (x + 1) * columns / size.columns)
                var (red, green, blue) = (0, 0, 0)
                for row in top..<bottom {
                    for column in left..<right {
                        let cell = self[column, row / 2]
                        let pixel = row % 2 == 0 ? cell.top : cell.bottom
                        red += Int(pixel.red)
                        green += Int(pixel.green)
                        blue += Int(pixel.blue)
                    }
                }
                let count = (bottom - top) * (right - left)
                pixels.append(
                    RGB(
                        UInt8((red + count / 2) / count), UInt8((green + count / 2) / count),
                        UInt8((blue + count / 2) / count)))
            }
        }
        return Thumbnail(columns: size.columns, rows: size.rows, pixels: pixels, pixelRows: pixelRows)
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
