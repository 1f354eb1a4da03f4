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

    /// On the Notes tab.
    static let notes =
        "Tour: a text view. Type several lines, select with Shift, Alt-c/x/v to copy, cut "
        + "and paste; kill me and start again: the text, selection and scroll come back."

    /// The Tour tab: what each container restores.
    static let containers = """
        TerminalKit's containers, and what each brings back after Ctrl-Z, q or kill -9.

        Tabs (this bar at the bottom). Ctrl-T goes to the next tab, Alt-1 to Alt-3 to one \
        by number. The tab you were on comes back, and every tab keeps its own screens.

        Split view (the Shopping tab). From 120 columns the list and the open item show \
        side by side; Ctrl-O moves between them. Narrower, the item shows alone, over the \
        list, and Esc goes back. Make the terminal narrower or wider while an item is open: \
        the item, the text you typed and the cursor stay. Kill me in one shape and start me \
        in the other: it comes back in the new one.

        Navigation stack. Each tab's screens, in order; Esc goes back.

        Text view (the Notes tab). Many lines, wrapped at the width, with a selection \
        (Shift and the arrows) and copy, cut and paste inside the app (Alt-c, Alt-x, \
        Alt-v). The text, the selection and where it was scrolled come back.

        Scroll view (this text). Taller than the screen: ↑ ↓ PgUp PgDn Home End scroll it. \
        Where it was scrolled comes back, moved up if the text got shorter or the terminal \
        taller.

        Modal screens and alerts. Add (a) shows the new item over the tabs; Del asks before \
        deleting. Both come back over the same screen, with what was typed and the button \
        chosen.

        Every one of these is saved by StateRestoration, the engine under TerminalKit, \
        which knows nothing about terminals.
        """

    /// A dim label that wraps `text`.
    static func label(_ text: String) -> Label {
        let label = Label(text, style: .dim)
        label.wraps = true
        return label
    }
}
