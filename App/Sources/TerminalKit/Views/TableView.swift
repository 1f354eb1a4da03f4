import StateRestoration

/// A scrolling list of rows in sections, one row per line (UIKit's `UITableView`).
///
/// Keys while it is the first responder: ↑/↓ move the highlighted row
/// (``indexPathForSelectedRow``), Page Up/Down move a screenful, Home/End go to the
/// ends, Enter opens the row (the delegate's `didSelectRowAt`). In editing mode, Delete
/// or Backspace asks the data source to delete the row, Shift-↑/↓ move it.
///
/// Row counts are read again at every layout, so a model that changed without
/// ``reloadData()`` never makes the table ask for a row that is gone.
///
/// Restoration (rule R16): with a ``restorationIdentifier``, it saves the highlighted row
/// and the first visible row as model identifiers when its data source adopts
/// `ModelAssociation` (keys `selection`, `firstVisible`), so they land on the same items
/// after rows were moved or deleted; otherwise only the scroll offset (`contentOffset`).
/// The position is applied when decoding and again once all objects are restored, so it
/// works whenever the data arrives.
@MainActor
open class TableView: View {
    /// What editing does to a row.
    public enum EditingStyle: Hashable, Sendable {
        case delete
    }

    private enum Line: Hashable {
        case header(section: Int, title: String)
        case row(ElementIndexPath)

        var isHeader: Bool {
            if case .header = self { return true }
            return false
        }
    }

    /// Provides the rows.
    public weak var dataSource: (any TableViewDataSource)?
    /// Hears about selection.
    public weak var delegate: (any TableViewDelegate)?
    /// Shown when there are no rows.
    public var emptyText: String?
    /// Highlights the first row when rows exist and none is highlighted, so the keys
    /// always have a row to act on. Default true.
    public var selectsFirstRowAutomatically = true
    /// The index of the first line shown (headers count as lines).
    public private(set) var contentOffset = 0 {
        didSet { if contentOffset != oldValue { restorableStateDidChange() } }
    }
    /// The highlighted row.
    public private(set) var indexPathForSelectedRow: ElementIndexPath? {
        didSet { if indexPathForSelectedRow != oldValue { restorableStateDidChange() } }
    }

    private var lines: [Line] = []
    private var rowCounts: [Int] = []
    /// The line of each section's first row, so a row's line is found without a search.
    private var firstRowLines: [Int] = []
    private var needsReload = true
    private var pendingPosition: PendingPosition? {
        didSet {
            // The restore waits while a position waits for its data (rule R27).
            if pendingPosition == nil {
                waitingForData?.complete()
                waitingForData = nil
            }
        }
    }
    /// Extends the restore while the position waits for data that has not arrived yet.
    private var waitingForData: RestorationExtension?
    private var editing = false

    /// Creates an empty table.
    public init() {
        super.init()
    }

    override open var canBecomeFirstResponder: Bool { true }

    /// Editing mode: rows show a delete mark and, where allowed, a move mark.
    public var isEditing: Bool {
        get { editing }
        set { editing = newValue }
    }

    // MARK: Data

    /// Reads the sections and rows again; keeps the selection where it still exists.
    public func reloadData() {
        needsReload = false
        // The rows the position names by model identifier may be others now (rule P1).
        restorableStateDidChange()
        guard let dataSource else {
            lines = []
            rowCounts = []
            firstRowLines = []
            indexPathForSelectedRow = nil
            return
        }
        readRows(from: dataSource, counts: currentRowCounts(of: dataSource))
        if let selected = indexPathForSelectedRow, !contains(selected) {
            indexPathForSelectedRow = nearestRow(to: selected)
        }
        contentOffset = min(contentOffset, max(0, lines.count - 1))
        checkInvariants()
    }

    /// The number of sections, as last read.
    public var numberOfSections: Int {
        reloadIfNeeded()
        return rowCounts.count
    }

    /// The number of rows in a section, as last read.
    public func numberOfRows(inSection section: Int) -> Int {
        reloadIfNeeded()
        return section >= 0 && section < rowCounts.count ? rowCounts[section] : 0
    }

    /// Removes rows the model already deleted, at their index paths before the deletion.
    /// The highlight stays on its row (up by one for each deleted row above it); if its row
    /// was deleted, the row that took its place is highlighted, or the last row if it was
    /// the last. The first row shown stays the same where it is still there. Index paths that
    /// do not match the data source's new row counts read everything again
    /// (``reloadData()``) where UIKit would raise.
    public func deleteRows(at indexPaths: [ElementIndexPath]) {
        updateRows(deleting: indexPaths, inserting: [])
    }

    /// Adds rows the model already inserted, at their index paths after the insertion. The
    /// highlight and the first row shown stay on their rows (down by one for each row
    /// inserted above them). Index paths that do not match the data source's new row
    /// counts read everything again (``reloadData()``) where UIKit would raise.
    public func insertRows(at indexPaths: [ElementIndexPath]) {
        updateRows(deleting: [], inserting: indexPaths)
    }

    /// Applies rows deleted and inserted in the model: the highlight and the first row shown
    /// follow their rows. Anything that does not add up reloads.
    private func updateRows(deleting deleted: [ElementIndexPath], inserting inserted: [ElementIndexPath]) {
        guard !needsReload, pendingPosition == nil, let dataSource,
            let update = TableRowUpdate(counts: rowCounts, deleting: deleted, inserting: inserted)
        else { return reloadData() }
        let counts = currentRowCounts(of: dataSource)
        guard counts == update.counts else { return reloadData() }
        let selected = indexPathForSelectedRow.map(update.indexPath(after:))
        let first = firstRowShown.map(update.indexPath(after:))
        let headerOnTop = lines.indices.contains(contentOffset) && lines[contentOffset].isHeader
        readRows(from: dataSource, counts: counts)
        if let selected {
            indexPathForSelectedRow = contains(selected) ? selected : nearestRow(to: selected)
        }
        if let first, let row = contains(first) ? first : nearestRow(to: first), let line = lineIndex(of: row)
        {
            // A section's header shown above its first row stays shown.
            contentOffset = headerOnTop && line > 0 && lines[line - 1].isHeader ? line - 1 : line
        }
        contentOffset = min(contentOffset, max(0, lines.count - 1))
        checkInvariants()
    }

    /// The row counts the data source gives now, by section.
    private func currentRowCounts(of dataSource: any TableViewDataSource) -> [Int] {
        (0..<max(0, dataSource.numberOfSections(in: self))).map {
            max(0, dataSource.tableView(self, numberOfRowsInSection: $0))
        }
    }

    /// Builds the lines (headers and rows) for sections of `counts` rows.
    private func readRows(from dataSource: any TableViewDataSource, counts: [Int]) {
        var newLines: [Line] = []
        var firstRows: [Int] = []
        for (section, rows) in counts.enumerated() {
            if let title = dataSource.tableView(self, titleForHeaderInSection: section) {
                newLines.append(.header(section: section, title: title))
            }
            firstRows.append(newLines.count)
            for row in 0..<rows { newLines.append(.row(ElementIndexPath(row: row, section: section))) }
        }
        lines = newLines
        rowCounts = counts
        firstRowLines = firstRows
    }

    private func reloadIfNeeded() {
        if needsReload {
            reloadData()
            return
        }
        // Cheap check that the model did not change behind the table's back.
        guard let dataSource else { return }
        let sections = max(0, dataSource.numberOfSections(in: self))
        if sections != rowCounts.count { return reloadData() }
        for section in 0..<sections
        where max(0, dataSource.tableView(self, numberOfRowsInSection: section)) != rowCounts[section] {
            return reloadData()
        }
    }

    private func contains(_ indexPath: ElementIndexPath) -> Bool {
        indexPath.section >= 0 && indexPath.section < rowCounts.count
            && indexPath.row >= 0 && indexPath.row < rowCounts[indexPath.section]
    }

    /// The row at or before `indexPath` that exists now, or the first row.
    private func nearestRow(to indexPath: ElementIndexPath) -> ElementIndexPath? {
        let rows = lines.compactMap { line -> ElementIndexPath? in
            if case .row(let path) = line { return path }
            return nil
        }
        guard !rows.isEmpty else { return nil }
        return rows.last { $0 <= indexPath } ?? rows.first
    }

    private func lineIndex(of indexPath: ElementIndexPath) -> Int? {
        // A restored selection deep in a long list is found at once, not by a search of the
        // lines before it (rule P2).
        guard contains(indexPath) else { return nil }
        return firstRowLines[indexPath.section] + indexPath.row
    }

    // MARK: Selection and scrolling

    /// Highlights a row (nil: none). The delegate is not told. The highlighted row is
    /// always scrolled into view at the next layout, whatever `scrollToVisible` says: Enter
    /// acts on it, so it must be on screen (the parameter keeps UIKit's shape).
    public func selectRow(at indexPath: ElementIndexPath?, scrollToVisible: Bool = true) {
        reloadIfNeeded()
        guard let indexPath, contains(indexPath) else {
            indexPathForSelectedRow = nil
            return
        }
        indexPathForSelectedRow = indexPath
    }

    /// Scrolls so that a row is the first line shown (or as close as the end allows).
    public func scrollToRow(at indexPath: ElementIndexPath) {
        reloadIfNeeded()
        guard let line = lineIndex(of: indexPath) else { return }
        var target = line
        // Keep the section's header in view with its first row.
        if line > 0, case .header = lines[line - 1], indexPath.row == 0 { target = line - 1 }
        contentOffset = target
        clampOffset()
    }

    /// The first row shown, if any.
    public var firstVisibleIndexPath: ElementIndexPath? {
        reloadIfNeeded()
        return firstRowShown
    }

    /// The first row shown, as last read (no reload).
    private var firstRowShown: ElementIndexPath? {
        lines.dropFirst(contentOffset).lazy.compactMap { line -> ElementIndexPath? in
            if case .row(let path) = line { return path }
            return nil
        }.first
    }

    /// The rows shown, top to bottom.
    public var indexPathsForVisibleRows: [ElementIndexPath] {
        reloadIfNeeded()
        let end = min(lines.count, contentOffset + max(0, frame.height))
        guard contentOffset < end else { return [] }
        return lines[contentOffset..<end].compactMap { line -> ElementIndexPath? in
            if case .row(let path) = line { return path }
            return nil
        }
    }

    private func clampOffset() {
        guard frame.height > 0 else {
            contentOffset = max(0, min(contentOffset, lines.count - 1))
            return
        }
        contentOffset = max(0, min(contentOffset, lines.count - frame.height))
    }

    private func ensureSelectionVisible() {
        guard let selected = indexPathForSelectedRow, let line = lineIndex(of: selected), frame.height > 0
        else {
            return
        }
        var top = line
        if selected.row == 0, line > 0, case .header = lines[line - 1] { top = line - 1 }
        if top < contentOffset { contentOffset = top }
        if line >= contentOffset + frame.height { contentOffset = line - frame.height + 1 }
    }

    private func moveSelection(by delta: Int) {
        let rows = lines.enumerated().compactMap { entry -> (Int, ElementIndexPath)? in
            if case .row(let path) = entry.element { return (entry.offset, path) }
            return nil
        }
        guard !rows.isEmpty else { return }
        let target: ElementIndexPath
        if let selected = indexPathForSelectedRow, let position = rows.firstIndex(where: { $0.1 == selected })
        {
            target = rows[max(0, min(rows.count - 1, position + delta))].1
        } else {
            target = firstVisibleIndexPath ?? rows[0].1
        }
        select(target)
    }

    private func select(_ indexPath: ElementIndexPath) {
        let changed = indexPathForSelectedRow != indexPath
        indexPathForSelectedRow = indexPath
        if changed { delegate?.tableViewSelectionDidChange(self) }
    }

    // MARK: Keys

    /// Says what each key it uses changed (rule P1): the highlight and the rows shown.
    override open var reportsRestorableStateChanges: Bool { true }

    override open func takeKey(_ key: Key) -> Bool {
        reloadIfNeeded()
        let page = max(1, frame.height - 1)
        let shift = key.modifiers.contains(.shift)
        switch key.code {
        case .up where shift && editing: return moveSelectedRow(by: -1)
        case .down where shift && editing: return moveSelectedRow(by: 1)
        case .up: moveSelection(by: -1)
        case .down: moveSelection(by: 1)
        case .pageUp: moveSelection(by: -page)
        case .pageDown: moveSelection(by: page)
        case .home: moveSelection(by: -lines.count)
        case .end: moveSelection(by: lines.count)
        case .enter:
            guard let selected = indexPathForSelectedRow, let delegate else { return false }
            delegate.tableView(self, didSelectRowAt: selected)
        case .delete, .backspace:
            guard editing, let selected = indexPathForSelectedRow, let dataSource,
                dataSource.tableView(self, canEditRowAt: selected)
            else { return false }
            dataSource.tableView(self, commit: .delete, forRowAt: selected)
        default:
            return false
        }
        return true
    }

    private func moveSelectedRow(by delta: Int) -> Bool {
        guard let source = indexPathForSelectedRow, let dataSource,
            dataSource.tableView(self, canMoveRowAt: source)
        else { return true }
        let row = source.row + delta
        guard row >= 0, row < numberOfRows(inSection: source.section) else { return true }
        let destination = ElementIndexPath(row: row, section: source.section)
        dataSource.tableView(self, moveRowAt: source, to: destination)
        reloadData()
        select(destination)
        return true
    }

    override open var keyHints: [KeyHint] {
        guard editing else { return [] }
        return [KeyHint(label: "Del", title: "Delete"), KeyHint(label: "S-↑↓", title: "Move")]
    }

    // MARK: Layout and drawing

    override open func layoutSubviews() {
        super.layoutSubviews()
        reloadIfNeeded()
        if pendingPosition != nil { applyPendingPosition(final: frame.height > 0) }
        if indexPathForSelectedRow == nil && selectsFirstRowAutomatically && pendingPosition == nil {
            indexPathForSelectedRow = firstVisibleIndexPath
        }
        clampOffset()
        // The highlighted row is always on screen (Enter acts on it): after a resize, a
        // restored position from a taller terminal, or a row moved elsewhere.
        ensureSelectionVisible()
    }

    override open func draw(in canvas: Canvas) {
        super.draw(in: canvas)
        guard let dataSource else { return }
        if lines.isEmpty, let emptyText {
            canvas.text(
                TextWidth.truncate(emptyText, to: canvas.size.width - 2), at: Point(x: 1, y: 0), style: .dim)
            return
        }
        let end = min(lines.count, contentOffset + canvas.size.height)
        guard contentOffset < end else { return }
        for (y, line) in lines[contentOffset..<end].enumerated() {
            let frame = Rect(x: 0, y: y, width: canvas.size.width, height: 1)
            switch line {
            case .header(_, let title):
                canvas.text(
                    TextWidth.truncate(title, to: canvas.size.width - 1), at: Point(x: 1, y: y),
                    style: theme.sectionHeader)
            case .row(let indexPath):
                guard contains(indexPath) else { continue }
                let cell = dataSource.tableView(self, cellForRowAt: indexPath)
                cell.theme = theme
                cell.frame = frame
                cell.isSelected = indexPath == indexPathForSelectedRow
                cell.isEditingRow = editing && dataSource.tableView(self, canEditRowAt: indexPath)
                cell.showsReorderControl = editing && dataSource.tableView(self, canMoveRowAt: indexPath)
                cell.layoutTree()
                cell.render(in: canvas.subcanvas(frame))
            }
        }
    }

    // MARK: Restoration

    /// Writes the position: model identifiers with `ModelAssociation`, else the offset.
    /// - Throws: ``StateCodingError`` from the coder.
    override open func encodeRestorableState(with coder: StateEncoder) throws {
        try super.encodeRestorableState(with: coder)
        reloadIfNeeded()
        if let association = dataSource?.modelAssociation {
            try PendingPosition.encode(
                selected: indexPathForSelectedRow, first: firstVisibleIndexPath, naming: association,
                in: self,
                to: coder)
        } else {
            try coder.encode(contentOffset, forKey: "contentOffset")
        }
    }

    /// Reads the position and applies it if the data is there; else it is applied once
    /// the data is (at the end of restoration, or the first layout).
    /// - Throws: ``StateCodingError`` for a value of the wrong type.
    override open func decodeRestorableState(with coder: StateDecoder) throws {
        try super.decodeRestorableState(with: coder)
        pendingPosition = try PendingPosition(from: coder)
        applyPendingPosition(final: false)
        if pendingPosition != nil, waitingForData == nil {
            // The data may come later (a load): the restore is not complete until the
            // position is applied, or the first layout drops what cannot be (R27).
            waitingForData = coder.extendStateRestoration(
                reason: "a table view's position waits for its rows")
        }
    }

    override open func applicationFinishedRestoringState() {
        super.applicationFinishedRestoringState()
        if pendingPosition != nil { applyPendingPosition(final: false) }
    }

    /// Applies the restored position as far as the model resolves it. Until the first
    /// layout (`final`), a position the model cannot resolve yet stays pending, as the data
    /// may still be coming; at the first layout whatever resolves is applied and the rest
    /// dropped (the item was deleted).
    private func applyPendingPosition(final: Bool) {
        guard let position = pendingPosition else { return }
        reloadData()
        guard !lines.isEmpty || final else { return }
        if let offset = position.offset {
            contentOffset = max(0, offset)
            pendingPosition = nil
            return
        }
        if let association = dataSource?.modelAssociation {
            let (selection, first) = position.resolveRows(with: association, in: self)
            if let selection, contains(selection) { indexPathForSelectedRow = selection }
            if let first { scrollToRow(at: first) }
            let resolved =
                (position.selection == nil || selection != nil)
                && (position.firstVisible == nil || first != nil)
            if !resolved && !final { return }
        }
        pendingPosition = nil
    }

    /// Debug-build check of the line model.
    private func checkInvariants() {
        #if DEBUG
            let rowLines = lines.filter { if case .row = $0 { return true } else { return false } }
            assert(rowLines.count == rowCounts.reduce(0, +), "table lines do not match the row counts")
            if let selected = indexPathForSelectedRow {
                assert(contains(selected), "selection outside the table")
            }
            for (section, rows) in rowCounts.enumerated() where rows > 0 {
                assert(
                    lines[firstRowLines[section] + rows - 1]
                        == .row(ElementIndexPath(row: rows - 1, section: section)),
                    "a section's rows are not where the table finds them")
            }
        #endif
    }
}
