import HomepwnerCore
import StateRestoration
import TerminalKit

/// The detail screen's "Remove the photo?" (Ctrl-X): Cancel is chosen at first, and the
/// alert is restorable, as the delete confirmation is, so a `kill -9` while it is up brings
/// it back over the same item with the same button chosen.
///
/// Restoration: identifier and restoration class are its own type; it encodes its item's
/// key. It is not restored if the item is gone or has no photo any more; the detail screen
/// shows alone then.
@MainActor
final class RemovePhotoAlert: ItemAlert {
    init(itemKey: Item.ID, detail: DetailViewController?) {
        super.init(
            itemKey: itemKey, detail: detail, title: "Remove the photo?",
            message: "The copy kept with this item is deleted; your original file is not touched.",
            cancelTitle: "Cancel", actionTitle: "Remove"
        ) { $0.removePhoto() }
    }
}

extension RemovePhotoAlert: RestorableItemAlert {
    static let notRestoredReason = "no longer has a photo to remove"

    /// True while the item still has a photo.
    static func stillApplies(in context: HomepwnerContext, to key: Item.ID) throws -> Bool {
        try context.store.item(forKey: key)?.hasPhoto == true
    }
}
