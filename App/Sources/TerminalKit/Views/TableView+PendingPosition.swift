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
}
