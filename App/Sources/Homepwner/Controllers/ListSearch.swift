import HomepwnerCore
import StateRestoration
import TerminalKit

/// The list's `/` search, as in `less` and `vim`: type part of a name or serial number, and
/// the highlight goes to the first item from the highlighted row on (round to the top) that
/// contains it, as you type; Enter stays there, Esc goes back to the row you started from,
/// and `n` finds the next one after the search is over.
///
/// A search reads the store in steps of ``rowsPerStep`` rows, as many as fit in
/// ``turnBudget`` of one turn of the run loop (at least one), so the screen and the keys
/// never wait for long, however long the list (the search line says `searching…`
/// meanwhile). Each key typed starts the search again.
///
/// Restoration: the list saves an open search (``Saved``): its query and cursor, its start
/// and what it found; a search still reading runs again from its start.
@MainActor
final class ListSearch: TextFieldDelegate {
    /// Rows read per step.
    static let rowsPerStep = 4096

    /// What the search line shows right now.
    enum Status: String, Hashable {
        case idle
        case searching
        case notFound
        /// `n` went round the list and found no other item.
        case noOther

        /// What a finished search found, which the search line says until the next search.
        var isResult: Bool { self == .notFound || self == .noOther }
    }

    /// A search as the list saves it.
    struct Saved: Hashable {
        var isActive: Bool
        /// The last query, for `n`.
        var query: String
        /// What the open search's field holds (empty until the first key after `/`).
        var text: String
        var origin: Item.ID?
        var status: Status
        /// The field's cursor, in characters.
        var cursor: Int
    }

    /// This search, to save.
    var saved: Saved {
        Saved(
            isActive: isActive, query: query, text: isActive ? field.text : "", origin: origin,
            status: status,
            cursor: field.cursorPosition)
    }

    /// How long one turn of the run loop may spend reading (after its first step); zero: one
    /// step a turn.
    var turnBudget = Duration.milliseconds(8)
    /// Where the query is typed.
    let field = TextField(placeholder: "name or serial")
    /// True while the search line takes keys (between `/` and Enter or Esc). The line and
    /// its field show at once, not at the next layout: whether the field is the list's first
    /// view that takes keys decides where the focus goes and what is saved (restoration-fuzz).
    private(set) var isActive = false {
        didSet { list?.searchLine.showField(isActive) }
    }
    /// The last query: what `n` looks for.
    private(set) var query = ""
    /// What the search found, as the search line says it.
    private(set) var status = Status.idle
    /// The item highlighted when `/` was pressed: where the search starts, and where Esc
    /// goes back to.
    var origin: Item.ID?

    private let context: HomepwnerContext
    private weak var list: ItemsViewController?
    private var pending: (any ScheduledAction)?
    /// The search under way: the range left, where it started, whether it already went
    /// round, and whether it looks for the next match (`n`) rather than the first.
    private var scan:
        (
            lower: ItemPosition, including: Bool, upper: ItemPosition, start: ItemPosition, wrapped: Bool,
            next: Bool
        )?

    init(context: HomepwnerContext, list: ItemsViewController) {
        self.context = context
        self.list = list
        field.delegate = self
    }

    // MARK: Keys

    /// `/`: opens the search line, starting from the highlighted item.
    func begin(from key: Item.ID?) {
        stop()
        isActive = true
        origin = key
        field.text = ""
        status = .idle
        _ = field.becomeFirstResponder()
    }

    /// Esc: closes the search line, and the highlight goes back where it was.
    func cancel() {
        stop()
        isActive = false
        status = .idle
        if let origin { list?.selectItem(withKey: origin) }
        list?.focusTable()
    }

    /// Enter: closes the search line, keeping the highlight on what was found.
    func commit() {
        isActive = false
        if status != .searching { stop() }
        list?.focusTable()
    }

    /// `n`: the next item after the highlighted one that matches the last query.
    func findNext(after key: Item.ID?) {
        guard !query.isEmpty else { return }
        search(from: key, including: false)
    }

    func textFieldDidChange(_ textField: TextField) {
        query = textField.text
        if query.isEmpty {
            stop()
            status = .idle
            if let origin { list?.selectItem(withKey: origin) }
            return
        }
        search(from: origin, including: true)
    }

    func textFieldShouldReturn(_ textField: TextField) -> Bool {
        commit()
        return true
    }

    /// Opens the search again after a relaunch as it was saved, the cursor where it was (the
    /// highlight comes back with the list); one that was still reading runs again from its
    /// start. Or keeps the last query for `n`, and says again what the closed search found.
    func restore(_ saved: Saved) {
        isActive = saved.isActive
        origin = saved.origin
        query = saved.query
        field.text = saved.text
        field.cursorPosition = saved.cursor
        if !saved.isActive, saved.status.isResult { status = saved.status }
        guard saved.isActive, !saved.text.isEmpty else { return }
        if saved.status == .searching {
            search(from: origin, including: true)
        } else {
            status = saved.status
        }
    }

    // MARK: Searching

    private func stop() {
        pending?.cancel()
        pending = nil
        scan = nil
        if status == .searching { status = .idle }
    }

    private func search(from key: Item.ID?, including: Bool) {
        stop()
        let start = (key.flatMap { try? context.store.position(ofKey: $0) }) ?? .start
        scan = (start, including, .end, start, false, !including)
        status = .searching
        // After the keys of this turn: of a burst typed at once, only the last query is read.
        pending = context.schedule(after: .zero) { [weak self] in self?.step() }
        if pending == nil { step() }
    }

    /// Reads steps of rows for up to ``turnBudget``; schedules the next, if there is one,
    /// for the next turn.
    private func step(startedAt start: ContinuousClock.Instant = .now) {
        pending = nil
        guard let current = scan else { return }
        let found: ItemSearchStep
        do {
            found = try context.store.findItem(
                matching: query, after: current.lower, including: current.including, before: current.upper,
                scanning: Self.rowsPerStep)
        } catch {
            // Busy or unreadable for now: the same step again a moment later.
            pending = context.schedule(after: .milliseconds(1)) { [weak self] in self?.step() }
            if pending == nil { stop() }
            return
        }
        switch found {
        case .found(let key):
            scan = nil
            status = .idle
            list?.selectItem(withKey: key)
            if let list { context.stateDidChange(list) }
            return
        case .scanned(let position):
            scan?.lower = position
            scan?.including = false
            if ContinuousClock.now - start < turnBudget { return step(startedAt: start) }
        case .exhausted:
            guard !current.wrapped, current.start != .start else {
                scan = nil
                status = current.next ? .noOther : .notFound
                if let list { context.stateDidChange(list) }
                return
            }
            // Round to the top, in this turn.
            scan = (.start, false, current.start, current.start, true, current.next)
            step(startedAt: start)
            return
        }
        // A moment later, not at once: the run loop reads the keys typed meanwhile first.
        pending = context.schedule(after: .milliseconds(1)) { [weak self] in self?.step() }
        if pending == nil { step() }
    }

    /// The search line's words at the right: how the search goes, or where the highlight is.
    func positionText(selected: Int?, count: Int) -> String {
        switch status {
        case .searching: return "searching…"
        case .notFound: return "not found"
        case .noOther: return "no other match"
        case .idle:
            let total = ItemSummary.groupedDigits(UInt(max(0, count)))
            guard let selected else { return "\(total) items" }
            return "row \(ItemSummary.groupedDigits(UInt(selected + 1))) of \(total)"
        }
    }
}
