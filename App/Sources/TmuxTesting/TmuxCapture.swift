/// What a tmux pane showed at one moment: its text and where its cursor was.
public struct TmuxCapture: Equatable, Sendable {
    /// The rows, each ending in a newline, as `capture-pane -p` prints them.
    public let text: String
    /// The cursor.
    public let cursor: TmuxCursor
}
