import TerminalKit

extension HeadlessTerminal {
    /// The text of the rows drawn in reverse video below the bar (a table's highlighted
    /// row), as a person sees the highlight.
    var highlightedLines: [String] {
        (1..<max(1, screen.size.height - 1)).filter { y in
            screen[1, y].style.attributes.contains(.reverse)
        }.map { screen.line($0) }
    }
}
