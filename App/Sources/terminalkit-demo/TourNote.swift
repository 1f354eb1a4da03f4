import TerminalKit

/// The line of the guided tour on each screen: what TerminalKit brings back here, and
/// what to try. Dim, so that it reads as a note rather than as content.
@MainActor
enum TourNote {
    /// On the list.
    static let list =
        "Tour: Ctrl-Z, q or kill -9, then start me again: this highlighted row, the scroll "
        + "and edit mode come back. Enter opens an item."
    /// On an item that was opened.
    static let item =
        "Tour: type something, then kill me and start again: the screen, the text you typed "
        + "and the cursor come back. Esc saves and goes back."
    /// On the new-item screen.
    static let newItem =
        "Tour: this screen comes back over the list after a relaunch, with what you typed; "
        + "Enter (Done) and Esc (Cancel) still work."

    /// A dim label that wraps `text`.
    static func label(_ text: String) -> Label {
        let label = Label(text, style: .dim)
        label.wraps = true
        return label
    }
}
