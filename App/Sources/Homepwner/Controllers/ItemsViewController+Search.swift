import HomepwnerCore
import StateRestoration
import TerminalKit

/// The `/` search (``ListSearch``): its keys, and its part of the list's saved state.
extension ItemsViewController {
    /// The archive keys of a search: open or not, the last query, the item it started from,
    /// what it found (``ListSearch/Status``), the field's text and cursor.
    static let searchActiveKey = "search.active"
    static let searchQueryKey = "search.query"
    static let searchOriginKey = "search.origin"
    static let searchStatusKey = "search.status"
    static let searchCursorKey = "search.cursor"
    static let searchTextKey = "search.text"

    /// `/` opens the search line; `n` finds the next match of the last query.
    var searchKeyCommands: [KeyCommand] {
        var commands = [
            KeyCommand(.character("/")) { [weak self] in
                guard let self else { return }
                self.search.begin(from: self.selectedItemKey)
            }
        ]
        if !search.query.isEmpty {
            commands.append(
                KeyCommand(.character("n")) { [weak self] in
                    guard let self else { return }
                    self.search.findNext(after: self.selectedItemKey)
                })
        }
        return commands
    }

    /// The key of the highlighted item, if there is one.
    var selectedItemKey: Item.ID? {
        guard let row = tableView.indexPathForSelectedRow?.row else { return nil }
        return try? context.store.items(offset: row, limit: 1).first?.key
    }

    /// Gives the keys back to the rows (after a search).
    func focusTable() {
        _ = tableView.becomeFirstResponder()
    }

    /// Writes an open search, or the last query (for `n`) and, while the search line says
    /// it, what the search found (`not found`, `no other match`).
    /// - Throws: ``StateCodingError`` from the coder.
    func encodeSearch(with coder: StateEncoder) throws {
        let saved = search.saved
        guard saved.isActive || !saved.query.isEmpty else { return }
        try coder.encode(saved.isActive, forKey: Self.searchActiveKey)
        try coder.encode(saved.query, forKey: Self.searchQueryKey)
        guard saved.isActive else {
            if saved.status.isResult { try coder.encode(saved.status.rawValue, forKey: Self.searchStatusKey) }
            return
        }
        if let origin = saved.origin { try coder.encode(origin, forKey: Self.searchOriginKey) }
        try coder.encode(saved.status.rawValue, forKey: Self.searchStatusKey)
        try coder.encode(saved.cursor, forKey: Self.searchCursorKey)
        try coder.encode(saved.text, forKey: Self.searchTextKey)
    }

    /// Reads what ``encodeSearch(with:)`` wrote; the search opens once the restore is over.
    /// - Throws: ``StateCodingError`` for a value of the wrong type.
    func decodeSearch(with coder: StateDecoder) throws {
        guard let query = try coder.decodeIfPresent(String.self, forKey: Self.searchQueryKey) else { return }
        let status = try coder.decodeIfPresent(String.self, forKey: Self.searchStatusKey)
        restoredSearch = ListSearch.Saved(
            isActive: try coder.decodeIfPresent(Bool.self, forKey: Self.searchActiveKey) ?? false,
            query: query, text: try coder.decodeIfPresent(String.self, forKey: Self.searchTextKey) ?? "",
            origin: try coder.decodeIfPresent(Item.ID.self, forKey: Self.searchOriginKey),
            status: status.flatMap(ListSearch.Status.init(rawValue:)) ?? .searching,
            cursor: try coder.decodeIfPresent(Int.self, forKey: Self.searchCursorKey) ?? 0)
    }
}
