import HomepwnerCore
import StateRestoration

extension DetailViewController: ObjectRestoration {
    /// The created date as the screen showed it, read before its view loads, when the
    /// archive has it.
    private static func shownCreatedDate(_ coder: StateDecoder) throws -> CreatedDate.Shown? {
        guard let text = try coder.decodeIfPresent(String.self, forKey: createdTextKey),
            let setting = try coder.decodeIfPresent(String.self, forKey: createdSettingKey)
        else { return nil }
        return CreatedDate.Shown(text: text, setting: setting)
    }

    /// A window shows a detail screen open beside or over the list and a New Item screen at
    /// most: eight is far more than any archive Homepwner writes, and bounds what a crafted
    /// one costs (each screen reads its item and may decode a photo; rule P3).
    static var maximumRestoredObjects: Int? { 8 }

    /// Creates the detail screen again, for a new item when its parent in the path is a
    /// navigation controller other than the root (the modal one), for an existing one
    /// otherwise. The chapter counts components (3 for new, 2 for pushed), which holds only
    /// while the root navigation controller presents: presented by the list, the path has 4.
    ///
    /// If the item no longer exists (deleted with `sqlite3` while the app was closed), it
    /// returns nil, and says why in the diagnostic (rule H9): the screen is not restored and
    /// the list shows. A New Item screen whose item is not provisional (already kept, or
    /// an archive naming someone else's item) is not restored either (H12).
    static func restoreObject(withRestorationPath path: RestorationPath, coder: StateDecoder)
        -> (any RestorableObject)?
    {
        guard let context = HomepwnerContext.restoring(from: coder) else { return nil }
        let identifiers = path.identifiers
        let isNew =
            identifiers.count >= 3 && identifiers[identifiers.count - 2] == AppDelegate.navigationIdentifier
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
            // A New Item screen owns only a provisional item, one it created: an archive
            // naming an item already kept would let Cancel delete it (H12).
            // And only one of this session's, or of none (made before sessions owned them):
            // another session's unfinished item is that session's to finish (H18).
            if isNew {
                let owner = try context.store.provisionalSession(of: key)
                guard let owner, owner.isEmpty || owner == context.store.session else {
                    coder.explainNotRestored(
                        "item \(ItemKey.text(key)) is not this session's new item (it was kept with Done, "
                            + "or belongs to another session)")
                    return nil
                }
            }
            let screen = DetailViewController(item: item, isNew: isNew, context: context)
            // A crafted value of another type only costs the shortcut.
            screen.state.restored.created = (try? shownCreatedDate(coder)) ?? nil
            return screen
        } catch {
            coder.explainNotRestored("item \(ItemKey.text(key)) could not be read: \(error)")
            return nil
        }
    }
}
