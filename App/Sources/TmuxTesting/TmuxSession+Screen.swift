extension TmuxSession {
    /// The visible pane as text (`capture-pane -p`), each row ending in a newline.
    /// - Parameter styled: Keep the SGR escape sequences (`-e`): colours, reverse video.
    public func screen(styled: Bool = false) throws -> String {
        try run(["capture-pane", "-p"] + (styled ? ["-e"] : []) + ["-t", Self.target])
    }

    /// The visible pane and its cursor, read by one tmux command so that both describe the
    /// same moment (two commands could straddle a redraw).
    /// - Parameter styled: Keep the SGR escape sequences (`-e`).
    /// - Throws: ``TmuxError/unexpectedOutput(command:output:)`` if the cursor cannot be read.
    public func capture(styled: Bool = false) throws -> TmuxCapture {
        let command =
            ["capture-pane", "-p"] + (styled ? ["-e"] : []) + ["-t", Self.target, ";"]
            + ["display-message", "-p", "-t", Self.target, Self.cursorFormat]
        let output = try run(command)
        // The pane's rows, each ending in a newline, then the cursor's line.
        let body = output.hasSuffix("\n") ? output.dropLast() : Substring(output)
        let start = body.lastIndex(of: "\n").map(body.index(after:)) ?? body.startIndex
        guard let cursor = TmuxCursor(body[start...]) else {
            throw TmuxError.unexpectedOutput(command: command, output: output)
        }
        return TmuxCapture(text: String(body[..<start]), cursor: cursor)
    }

    /// Where the pane's cursor is.
    /// - Throws: ``TmuxError/unexpectedOutput(command:output:)`` if tmux says something else.
    public func cursor() throws -> TmuxCursor {
        let text = try display(Self.cursorFormat)
        guard let cursor = TmuxCursor(Substring(text)) else {
            throw TmuxError.unexpectedOutput(command: ["display-message", Self.cursorFormat], output: text)
        }
        return cursor
    }

    /// A pane variable (`alternate_on`, `cursor_flag`, which is 1 while the cursor shows,
    /// `cursor_x`, `pane_pid`), trimmed.
    public func value(_ name: String) throws -> String {
        try display("#{\(name)}")
    }

    /// A tmux format expanded for the pane, trimmed.
    private func display(_ format: String) throws -> String {
        try run(["display-message", "-p", "-t", Self.target, format])
            .trimmingCharacters(in: .whitespacesAndNewlines)
    }

    /// True while the pane shows its alternate screen: a full-screen app is in charge.
    public func isAlternateScreen() throws -> Bool { try value("alternate_on") == "1" }

    /// Resizes the window to `width` columns by `height` rows; the app gets `SIGWINCH`.
    public func resize(width: Int, height: Int) throws {
        try run(["resize-window", "-t", Self.target, "-x", "\(width)", "-y", "\(height)"])
    }

    private static let cursorFormat = "#{cursor_x},#{cursor_y}"
}
