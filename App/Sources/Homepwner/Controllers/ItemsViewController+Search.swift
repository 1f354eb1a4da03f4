import HomepwnerCore
import StateRestoration
import TerminalKit

/// The `/` search (``ListSearch``): its keys, and its part of the list's saved state.
extension ItemsViewController {
    /// The archive keys of an open search, its query and the item it started from.
    static let searchActiveKey = "search.active"
    static let searchQueryKey = "search.query"
    static let searchOriginKey = "search.origin"

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

    /// Writes an open search, or the last query (for `n`).
    /// - Throws: ``StateCodingError`` from the coder.
    func encodeSearch(with coder: StateEncoder) throws {
        guard search.isActive || !search.query.isEmpty else { return }
        try coder.encode(search.isActive, forKey: Self.searchActiveKey)
        try coder.encode(search.query, forKey: Self.searchQueryKey)
        if search.isActive, let origin = search.origin {
            try coder.encode(origin, forKey: Self.searchOriginKey)
        }
    }

    /// Reads what ``encodeSearch(with:)`` wrote; the search runs again once the restore is over.
    /// - Throws: ``StateCodingError`` for a value of the wrong type.
    func decodeSearch(with coder: StateDecoder) throws {
        guard let query = try coder.decodeIfPresent(String.self, forKey: Self.searchQueryKey) else { return }
        restoredSearch = (
            try coder.decodeIfPresent(Bool.self, forKey: Self.searchActiveKey) ?? false, query,
            try coder.decodeIfPresent(Item.ID.self, forKey: Self.searchOriginKey)
        )
    }
}
