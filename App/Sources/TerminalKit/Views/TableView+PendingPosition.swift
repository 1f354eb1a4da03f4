import StateRestoration

/// A table's restored position that waits for its rows: model identifiers with the index
/// paths they had when saved (hints, rule R16), or a scroll offset.
struct PendingPosition {
    var selection: String?
    var selectionAt: ElementIndexPath?
    var firstVisible: String?
    var firstVisibleAt: ElementIndexPath?
    var offset: Int?

    /// An index path saved as `[section, row]`; anything else is no hint.
    static func indexPath(_ saved: [Int]?) -> ElementIndexPath? {
        guard let saved, saved.count == 2, saved[0] >= 0, saved[1] >= 0 else { return nil }
        return ElementIndexPath(row: saved[1], section: saved[0])
    }

    /// Where `identifier` is now, asked with the saved index path where there is one.
    @MainActor
    func resolve(
        _ identifier: String, savedAt indexPath: ElementIndexPath?, with association: any ModelAssociation,
        in view: AnyObject
    ) -> ElementIndexPath? {
        guard let indexPath else {
            return association.indexPathForElement(withModelIdentifier: identifier, in: view)
        }
        return association.indexPathForElement(withModelIdentifier: identifier, savedAt: indexPath, in: view)
    }

    /// Where the selection and the first visible row are now, each asked with its saved
    /// index path. A selection that no longer names its element once both are found (the
    /// model numbered its rows afresh while it found the second, having taken the first
    /// where it was saved) is asked for again, without its hint.
    @MainActor
    func resolveRows(with association: any ModelAssociation, in view: AnyObject)
        -> (selection: ElementIndexPath?, first: ElementIndexPath?)
    {
        var selection = self.selection.flatMap {
            resolve($0, savedAt: selectionAt, with: association, in: view)
        }
        let first = firstVisible.flatMap { resolve($0, savedAt: firstVisibleAt, with: association, in: view) }
        if let identifier = self.selection, let row = selection,
            association.modelIdentifier(forElementAt: row, in: view) != identifier
        {
            selection = resolve(identifier, savedAt: nil, with: association, in: view)
        }
        return (selection, first)
    }
}

extension PendingPosition {
    /// The position a table saved (``encode(selected:first:naming:in:to:)``, or its offset).
    /// - Throws: ``StateCodingError`` for a value of the wrong type.
    @MainActor
    init(from coder: StateDecoder) throws {
        self.init(
            selection: try coder.decodeIfPresent(String.self, forKey: "selection"),
            selectionAt: Self.indexPath(try coder.decodeIfPresent([Int].self, forKey: "selectionAt")),
            firstVisible: try coder.decodeIfPresent(String.self, forKey: "firstVisible"),
            firstVisibleAt: Self.indexPath(try coder.decodeIfPresent([Int].self, forKey: "firstVisibleAt")),
            offset: try coder.decodeIfPresent(Int.self, forKey: "contentOffset"))
    }

    /// Writes the highlighted and first shown rows as `association` names them, each with
    /// where it is now: a hint that spares the restore a lookup by identifier while the
    /// rows have not moved.
    /// - Throws: ``StateCodingError`` from the coder.
    @MainActor
    static func encode(
        selected: ElementIndexPath?, first: ElementIndexPath?, naming association: any ModelAssociation,
        in view: AnyObject, to coder: StateEncoder
    ) throws {
        if let selected, let identifier = association.modelIdentifier(forElementAt: selected, in: view) {
            try coder.encode(identifier, forKey: "selection")
            try coder.encode([selected.section, selected.row], forKey: "selectionAt")
        }
        if let first, let identifier = association.modelIdentifier(forElementAt: first, in: view) {
            try coder.encode(identifier, forKey: "firstVisible")
            try coder.encode([first.section, first.row], forKey: "firstVisibleAt")
        }
    }
}
