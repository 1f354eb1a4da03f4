/// A position in a tmux pane, counted from 0 at the top left, as tmux reports the cursor.
public struct TmuxCursor: Equatable, Sendable, CustomStringConvertible {
    /// The column, from 0; a wide character takes two.
    public let column: Int
    /// The row, from 0.
    public let row: Int

    /// A position at `column`, `row`.
    public init(column: Int, row: Int) {
        self.column = column
        self.row = row
    }

    /// Reads tmux's `column,row`.
    init?(_ text: Substring) {
        let parts = text.split(separator: ",")
        guard parts.count == 2, let column = Int(parts[0]), let row = Int(parts[1]) else { return nil }
        self.init(column: column, row: row)
    }

    public var description: String { "column \(column), row \(row)" }
}
