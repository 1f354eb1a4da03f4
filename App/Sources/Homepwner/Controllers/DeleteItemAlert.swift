import HomepwnerCore
import StateRestoration
import TerminalKit

/// The list's "Delete “name”?": Cancel is chosen at first, the message mentions the photo
/// only when there is one, and the alert is restorable, so a `kill -9` while it is up
/// brings it back on the same item with the same button chosen (UIKit does not restore
/// alerts; here nothing stops it).
///
/// The alert follows the store while it is up (H13): an outside rename shows the new name,
/// and an item deleted outside closes the alert, with a notice on the list. A relaunch
/// shows the item as stored, so the live alert and a restored one always agree (X1).
///
/// Restoration: identifier and restoration class are its own type; it encodes its item's
/// key. If the item is gone at the relaunch, it is not restored and the list shows.
@MainActor
final class DeleteItemAlert: AlertController, StoreObserver {
    /// The archive key of the item's key.
    static let itemKeyKey = "item.itemKey"
    /// The archive key of the open item's name the message gives, when it gives one.
    static let openItemNameKey = "openItemName"

    /// The item to delete, as last read from the store.
    private(set) var item: Item
    /// The launch's store.
    let context: HomepwnerContext
    /// The list that deletes it.
    weak var list: ItemsViewController?
    /// The name of the item open beside the list when it is another one (side by side,
    /// the highlight moved away from it): the message says that one stays.
    private var openItemName: String?

    /// Creates the alert for `item`, shown over `list`.
    init(item: Item, context: HomepwnerContext, list: ItemsViewController?, openItemName: String? = nil) {
        self.item = item
        self.context = context
        self.list = list
        self.openItemName = openItemName
        super.init(title: Self.title(for: item), message: Self.message(for: item, openItemName: openItemName))
        context.watcher.add(self)
        restorationIdentifier = _typeName(type(of: self), qualified: false)
        restorationClass = DeleteItemAlert.self
        addAction(.init(title: "Cancel", style: .cancel, key: .character("n")))
        addAction(
            .init(title: "Delete", style: .destructive, key: .character("y")) { [weak self] in
                guard let self else { return }
                self.list?.delete(self.item)
            })
    }

    private static func title(for item: Item) -> String {
        // A long name is cut (``StoreWriter/quoted(_:)``): the question stays a line or two.
        "Delete \(item.name.isEmpty ? "this item" : StoreWriter.quoted(item.name))?"
    }

    /// What else happens: the photo goes too; the item open beside the list, another one,
    /// stays (the highlighted row is the one deleted).
    private static func message(for item: Item, openItemName: String?) -> String? {
        let lines = [
            item.hasPhoto ? "Its photo is deleted too." : nil,
            openItemName.map {
                "The open item, \(StoreWriter.quoted($0.isEmpty ? "(no name)" : $0)), stays."
            },
        ].compactMap(\.self)
        return lines.isEmpty ? nil : lines.joined(separator: " ")
    }

    // MARK: Outside changes

    /// While the alert is up: a renamed item (or one whose photo came or went) is named as
    /// it is now; a deleted one closes the alert, and the list says why.
    func storeDidChangeOutside() {
        guard presentingViewController != nil, let change = context.itemAfterOutsideChange(item.key) else {
            return
        }
        guard case .current(let stored) = change else {
            context.post("\(StoreWriter.quoted(item.name)) was deleted outside Homepwner.")
            // Its presenter's record and children change; dismissing tells it (rule P1).
            dismiss()
            return
        }
        guard stored.name != item.name || stored.hasPhoto != item.hasPhoto else { return }
        item = stored
        title = Self.title(for: stored)
        message = Self.message(for: stored, openItemName: openItemName)
        context.stateDidChange(self)
    }

    func commitPendingEdits() {}

    // MARK: Restoration

    /// Writes the item's key, then the chosen button.
    /// - Throws: ``StateCodingError`` from the coder.
    override func encodeRestorableState(with coder: StateEncoder) throws {
        try coder.encode(item.key, forKey: Self.itemKeyKey)
        if let openItemName { try coder.encode(openItemName, forKey: Self.openItemNameKey) }
        try super.encodeRestorableState(with: coder)
    }

    /// Reads the open item the message names, as the live alert said it (the layout may have
    /// changed since), then the chosen button.
    /// - Throws: ``StateCodingError`` for a value of the wrong type.
    override func decodeRestorableState(with coder: StateDecoder) throws {
        openItemName = try coder.decodeIfPresent(String.self, forKey: Self.openItemNameKey)
        message = Self.message(for: item, openItemName: openItemName)
        try super.decodeRestorableState(with: coder)
    }

    override func applicationFinishedRestoringState() {
        super.applicationFinishedRestoringState()
        // Restored: the list is in the Items tab of the tabs that present the alert (in an
        // archive saved before the tabs, the first screen of the root navigation controller).
        if list == nil {
            if let tabs = presentingViewController as? TabBarController {
                list = Screens(tabs: tabs).list
            } else {
                list =
                    (presentingViewController as? NavigationController)?.viewControllers.first
                    as? ItemsViewController
            }
        }
    }
}

extension DeleteItemAlert: ObjectRestoration {
    /// One alert at a time; four bound a crafted archive (rule P3).
    static var maximumRestoredObjects: Int? { 4 }

    /// Creates the alert again for the item it asked about, if that item still exists.
    static func restoreObject(withRestorationPath path: RestorationPath, coder: StateDecoder)
        -> (any RestorableObject)?
    {
        guard let context = HomepwnerContext.restoring(from: coder) else { return nil }
        do {
            let key = try coder.decode(Item.ID.self, forKey: itemKeyKey)
            guard let item = try context.store.item(forKey: key) else {
                coder.explainNotRestored("item \(ItemKey.text(key)) no longer exists in the store")
                return nil
            }
            return DeleteItemAlert(item: item, context: context, list: nil)
        } catch {
            coder.explainNotRestored("\(error)")
            return nil
        }
    }
}
