import HomepwnerCore
import TerminalKit

/// Where a photo's half blocks are on a screen, as a person sees them: one rectangle, in
/// columns (wide characters left of it count two) and rows.
struct PhotoPlacement: Equatable, CustomStringConvertible {
    var left: Int
    var top: Int
    var columns: Int
    var rows: Int
    var description: String { "\(columns)x\(rows) at (\(left), \(top))" }

    /// The half blocks of `screen` (its rows, one a line); nil when there are none, or
    /// when they do not make one rectangle: rows of one run each, at one column, of one
    /// width, one under the other (a photo cut off or spilled is ragged).
    init?(screen: String) {
        var found: PhotoPlacement?
        for (y, line) in screen.components(separatedBy: "\n").enumerated() {
            let characters = Array(line)
            guard let first = characters.firstIndex(of: Thumbnail.halfBlock) else { continue }
            let run = characters[first...].prefix { $0 == Thumbnail.halfBlock }.count
            guard !characters[(first + run)...].contains(Thumbnail.halfBlock) else { return nil }
            let left = TextWidth.of(String(characters[..<first]))
            if var shown = found {
                guard shown.left == left, shown.columns == run, shown.top + shown.rows == y else {
                    return nil
                }
                shown.rows += 1
                found = shown
            } else {
                found = PhotoPlacement(left: left, top: y, columns: run, rows: 1)
            }
        }
        guard let found else { return nil }
        self = found
    }

    /// A rectangle of `columns` × `rows` cells at (`left`, `top`).
    init(left: Int, top: Int, columns: Int, rows: Int) {
        (self.left, self.top, self.columns, self.rows) = (left, top, columns, rows)
    }
}
