import HomepwnerCore
import StateRestoration
import TerminalKit

/// The New Item screen's "Discard the new item?" (Esc once something was typed, rule H2):
/// Esc is "back" everywhere else and pressed by reflex, so it asks, with "Keep editing"
/// chosen at first. Restorable, as the other alerts are: a `kill -9` while it is up brings
/// it back over the same New Item screen.
///
/// Restoration: identifier and restoration class are its own type; it encodes its item's
/// key. It is not restored if the item is no longer an unfinished new item.
@MainActor
final class DiscardNewItemAlert: ItemAlert {
    init(itemKey: Item.ID, detail: DetailViewController?) {
        super.init(
            itemKey: itemKey, detail: detail, title: "Discard the new item?",
            message: "What you typed in it is lost.", cancelTitle: "Keep editing", actionTitle: "Discard"
        ) { $0.discard() }
    }
}

extension DiscardNewItemAlert: RestorableItemAlert {
    static let notRestoredReason = "is not an unfinished new item"

    /// True while the item is still an unfinished new item.
    static func stillApplies(in context: HomepwnerContext, to key: Item.ID) throws -> Bool {
        try context.store.isProvisional(key) == true
    }
}
