import GtkKit
import StateRestoration

/// The restorable state of a ``GtkKit/ColumnView``: the selected row and the first row on
/// screen, both by their keys, so that rows added or removed elsewhere in the meantime do
/// not move them to another item (rule G2).
///
/// The scroll is given back once the window is on screen (``applyOnScreen(isFinal:)``):
/// GTK sizes only the rows it shows, so the list scrolls near the row by the height of
/// the rows it shows, then onto it, a step per turn of the main loop, until it is there.
@MainActor
public final class ListState: Restorable, RestorableView, FocusTarget, OnScreenRestoring {
    /// The list.
    public let list: ColumnView
    /// The first row on screen when saved (its key, and the pixels of it scrolled past),
    /// until the scroll is given back.
    private var restoredScroll: (key: String, offset: Double)?
    /// The most moves a scroll makes to come back (most take two), and how long it waits
    /// for GTK's layout in all (a loaded machine lays out slowly).
    static let maximumScrollMoves = 60
    static let scrollTimeout: Duration = .seconds(10)

    /// Creates the state of `list`, saved under `identifier`.
    public init(_ list: ColumnView, identifier: String) {
        self.list = list
        super.init(restorationIdentifier: identifier)
        list.onSelectionChange { [weak self] in self?.invalidateRestorableState() }
        list.onScroll { [weak self] in self?.invalidateRestorableState() }
    }

    // snippet: gtk-list-state
    public override func encodeRestorableState(with coder: StateEncoder) throws {
        try coder.encode(list.selectedKey ?? "", forKey: "selectedKey")
        let rows = list.rows
        if let position = pendingPosition ?? list.scrollPosition, rows.indices.contains(position.row) {
            try coder.encode(rows[position.row], forKey: "firstVisibleKey")
            try coder.encode(position.offset, forKey: "firstVisibleOffset")
        }
    }
    // end-snippet

    /// The scroll read at launch, while it is not given back yet: saved as it was.
    private var pendingPosition: ColumnView.ScrollPosition? {
        guard let (key, offset) = restoredScroll, let row = list.rows.firstIndex(of: key) else { return nil }
        return ColumnView.ScrollPosition(row: row, offset: offset)
    }

    /// Selects the saved key's row, if a row still has it; a key gone since selects nothing.
    /// The first row on screen is given back once the window is on screen.
    // snippet: gtk-list-state-decode
    public override func decodeRestorableState(with coder: StateDecoder) throws {
        let key = try coder.decodeIfPresent(String.self, forKey: "selectedKey") ?? ""
        list.selectedKey = key.isEmpty ? nil : key
        if let first = try coder.decodeIfPresent(String.self, forKey: "firstVisibleKey") {
            let offset = try coder.decodeIfPresent(Double.self, forKey: "firstVisibleOffset") ?? 0
            restoredScroll = (first, offset.isFinite ? max(0, offset) : 0)
        }
    }
    // end-snippet

    /// Scrolls back to the saved first row, a step per turn of the main loop; then, if the
    /// list has the focus, puts it on the selected row (GTK's list scrolls to its focused
    /// row, which may have been off screen before).
    public func applyOnScreen(isFinal: Bool) {
        guard !isScrolling, let position = pendingPosition else { return }
        isScrolling = true
        step(toward: position, moves: 0, deadline: ContinuousClock.now + Self.scrollTimeout)
    }

    private var isScrolling = false

    private func step(
        toward position: ColumnView.ScrollPosition, moves: Int, deadline: ContinuousClock.Instant
    ) {
        let step = list.scrollStep(toward: position)
        let moved = moves + (step == .moved ? 1 : 0)
        if step == .there || moved >= Self.maximumScrollMoves || ContinuousClock.now >= deadline {
            restoredScroll = nil
            isScrolling = false
            if list.containsFocus { restoreFocus() }
            return
        }
        MainLoop.schedule(after: .milliseconds(10)) { [weak self] in
            self?.step(toward: position, moves: moved, deadline: deadline)
        }
    }

    public var focusWidget: Widget { list }

    /// Focuses the selected row (keyboard navigation goes on from there), else the list.
    public func restoreFocus() {
        if let row = list.selectedRow, list.focusRow(row) { return }
        list.grabFocus()
    }
}
