import StateRestoration

extension DetailViewController: ObjectRestoration {
    /// Creates the detail screen again, for a new item when the path has 3 components (the
    /// modal navigation controller is in it) and for an existing one when it has 2, as the
    /// chapter's `viewControllerWithRestorationIdentifierPath:` does.
    ///
    /// If the item no longer exists (deleted with `sqlite3` while the app was closed), it
    /// returns nil, and says why in the diagnostic (rule H9): the screen is not restored and
    /// the list shows.
    static func restoreObject(withRestorationPath path: RestorationPath, coder: StateDecoder)
        -> (any RestorableObject)?
    {
        guard let context = HomepwnerContext.current else {
            coder.explainNotRestored("no item store is open (restoration ran outside a Homepwner launch)")
            return nil
        }
        let isNew = path.count == 3
        let key: Item.ID
        do {
            key = try coder.decode(Item.ID.self, forKey: itemKeyKey)
        } catch {
            coder.explainNotRestored("\(error)")
            return nil
        }
        do {
            guard let item = try context.store.item(forKey: key) else {
                coder.explainNotRestored(
                    "item \(ItemKey.text(key)) no longer exists in the store (deleted outside Homepwner?)")
                context.post("The item you had open no longer exists; showing the list.")
                return nil
            }
            return DetailViewController(item: item, isNew: isNew, context: context)
        } catch {
            coder.explainNotRestored("item \(ItemKey.text(key)) could not be read: \(error)")
            return nil
        }
    }
}
