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

extension DiscardNewItemAlert: ObjectRestoration {
    /// One alert at a time; four bound a crafted archive (rule P3).
    static var maximumRestoredObjects: Int? { 4 }

    /// Creates the alert again, if its item is still an unfinished new item.
    static func restoreObject(withRestorationPath path: RestorationPath, coder: StateDecoder)
        -> (any RestorableObject)?
    {
        restoreAlert(
            from: coder, unlessReason: "is not an unfinished new item",
            applies: { context, key in try context.store.isProvisional(key) == true },
            make: { DiscardNewItemAlert(itemKey: $0, detail: nil) })
    }
}
