import TerminalKit

extension HeadlessTerminal {
    /// The text of the rows drawn in reverse video below the bar (a table's highlighted
    /// row), as a person sees the highlight.
    var highlightedLines: [String] { highlightedLines(from: 1) }

    /// The text of the rows drawn in reverse video from row `first`, above the footer.
    func highlightedLines(from first: Int) -> [String] {
        (first..<max(first, screen.size.height - 1)).filter { y in
            screen[1, y].style.attributes.contains(.reverse)
        }.map { screen.line($0) }
    }
}
