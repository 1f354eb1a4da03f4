import GtkKit
import GtkRestoration
import HomepwnerCore
import StateRestoration

/// A page about one item (its details, the question whether to delete it): it saves the
/// item's key, by which its restoration class finds the item again
/// (``DesktopContext/restoringItem(from:key:)``).
@MainActor
class ItemPage: Page {
    static let itemKeyKey = "itemKey"

    let context: DesktopContext
    let item: Item

    init(item: Item, context: DesktopContext, content: Widget, restorationIdentifier: String) {
        self.item = item
        self.context = context
        super.init(content: content, restorationIdentifier: restorationIdentifier)
    }

    override func encodeRestorableState(with coder: StateEncoder) throws {
        try super.encodeRestorableState(with: coder)
        try coder.encode(item.key, forKey: Self.itemKeyKey)
    }
}
