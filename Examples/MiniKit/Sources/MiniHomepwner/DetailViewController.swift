import Foundation
import MiniKit
import StateRestoration

/// One item's detail: its name in a text field. Pushed for an existing item; for a new one,
/// wrapped in a navigation controller that the list presents, with Done and Cancel.
@MainActor
public final class DetailViewController: ViewController {
    /// The item shown.
    public let item: Item
    /// True for the new-item screen, which Done keeps and Cancel deletes.
    public let isNew: Bool
    /// The name, as typed: a view with its own identifier, so it saves its draft itself.
    public let nameField = TextField(restorationIdentifier: "nameField")
    private let store: ItemStore

    /// Creates the screen for `item`.
    public init(item: Item, isNew: Bool, store: ItemStore) {
        self.item = item
        self.isNew = isNew
        self.store = store
        super.init()
        restorationIdentifier = String(describing: DetailViewController.self)
        restorationClass = DetailViewController.self
        nameField.text = item.name
        nameField.moveCursor(to: item.name.count)
        views = [nameField]
    }

    /// The new-item screen's Done: keeps the item with the name typed, and goes away.
    public func done() {
        item.name = nameField.text
        navigationController?.presentingViewController?.dismiss()
    }

    /// The new-item screen's Cancel: deletes the item, and goes away.
    public func cancel() {
        store.removeItem(item)
        navigationController?.presentingViewController?.dismiss()
    }

    /// Going back from a pushed screen: the name typed goes into the item.
    public func goBack() {
        item.name = nameField.text
        navigationController?.popViewController()
    }

    // snippet: detail-coding
    public override func encodeRestorableState(with coder: StateEncoder) throws {
        try super.encodeRestorableState(with: coder)
        try coder.encode(item.itemKey, forKey: "item.itemKey")
    }
    // end-snippet
}

extension DetailViewController: ObjectRestoration {
    // snippet: detail-restoration
    /// Creates the screen again for the item it showed, or nothing if the item is gone.
    public static func restoreObject(
        withRestorationPath path: RestorationPath, coder: StateDecoder
    ) -> (any RestorableObject)? {
        guard let store = ItemStore.restoring(from: coder) else { return nil }
        let key: UUID
        do {
            key = try coder.decode(UUID.self, forKey: "item.itemKey")
        } catch {
            coder.explainNotRestored("\(error)")
            return nil
        }
        guard let item = store.item(withKey: key) else {
            coder.explainNotRestored("item \(key) no longer exists")
            return nil
        }
        return DetailViewController(item: item, isNew: isInModalNavigation(path), store: store)
    }

    /// True when the screen's parent is a navigation controller other than the root: the
    /// one presented for a new item. The chapter counts 3 components, but that holds only
    /// when the root navigation controller presents; presented by the list, the path has 4.
    static func isInModalNavigation(_ path: RestorationPath) -> Bool {
        let identifiers = path.identifiers
        return identifiers.count >= 3
            && identifiers[identifiers.count - 2] == AppDelegate.navigationIdentifier
    }
    // end-snippet
}
