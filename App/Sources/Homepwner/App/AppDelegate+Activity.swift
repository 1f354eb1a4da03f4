import HomepwnerCore
import StateRestoration
import TerminalKit

/// Homepwner's activity (rule S5): what the user was doing, in a few keys, saved with
/// every archive. When the archive must be thrown away, the app goes back there by its
/// ordinary paths; `--open` (rule S6) takes the same path.
extension AppDelegate {
    /// The kinds of activity, and the version of their keys.
    enum ActivityType: String, CaseIterable {
        /// The list, `selected`: the selected item's key, if any.
        case list = "homepwner.list"
        /// An item's detail screen, `item`: its key, `name`: its name.
        case viewItem = "homepwner.viewItem"
        /// The New Item screen, `item`: the new item's key.
        case addItem = "homepwner.addItem"

        static let version = 1
    }

    /// What the user is doing now, for the engine to save with the archive.
    func stateRestorationActivity() -> RestorationActivity? {
        guard let screens = Screens(window: application?.window) else { return nil }
        if let detail = screens.newItem {
            return activity(.addItem, title: "Adding a new item", ["item": ItemKey.text(detail.item.key)])
        }
        if let detail = screens.openDetail {
            // As on screen: the typed name, committed to the store or not yet.
            let name = detail.nameField.text
            return activity(
                .viewItem, title: "Viewing \(StoreWriter.quoted(name))",
                ["item": ItemKey.text(detail.item.key), "name": name])
        }
        var keys: [String: String] = [:]
        if let list = screens.list,
            let selected = list.tableView.indexPathForSelectedRow,
            let key = list.modelIdentifier(forElementAt: selected, in: list.tableView)
        {
            keys["selected"] = key
        }
        return activity(.list, title: "The list", keys)
    }

    /// Goes back to what `activity` describes, by the paths a user would take.
    func restoreInteractionState(with activity: RestorationActivity) -> Bool {
        guard let type = ActivityType(rawValue: activity.type), activity.version <= ActivityType.version
        else {
            return false
        }
        let key = (activity.userInfo["item"] ?? activity.userInfo["selected"]).flatMap(ItemKey.parse)
        if type != .list && key == nil { return false }
        return show(type, key: key)
    }

    /// Shows the list, with the detail screen of `key` open (`.viewItem`), the New Item
    /// screen presented for it (`.addItem`), or it selected (`.list`). Returns false, and
    /// shows nothing, if that item no longer exists.
    @discardableResult
    func show(_ type: ActivityType, key: Item.ID?) -> Bool {
        guard let window = application?.window else { return false }
        var item: Item?
        if let key {
            item = try? context.store.item(forKey: key)
            if item == nil, type != .list { return false }
            if type == .addItem, (try? context.store.isProvisional(key)) != true { return false }
        }
        let list = ItemsViewController(context: context)
        let tabs = Screens.makeRoot(context: context, list: list)
        window.rootViewController = tabs
        guard let item else { return true }
        context.itemToSelect = item.key
        switch type {
        case .list:
            break
        case .viewItem:
            list.showDetailViewController(DetailViewController(item: item, isNew: false, context: context))
        case .addItem:
            let modal = NavigationController(
                rootViewController: DetailViewController(item: item, isNew: true, context: context))
            modal.restorationIdentifier = Self.navigationIdentifier
            tabs.present(modal)
        }
        return true
    }

    /// The end of the notice shown when the archive was thrown away and its activity used.
    static func reopened(_ activity: RestorationActivity) -> String {
        switch ActivityType(rawValue: activity.type) {
        case .viewItem: "Reopened \(StoreWriter.quoted(activity.userInfo["name"] ?? ""))."
        case .addItem: "Reopened the new item."
        case .list, nil: "Started from the list."
        }
    }

    private func activity(_ type: ActivityType, title: String, _ keys: [String: String])
        -> RestorationActivity
    {
        RestorationActivity(type: type.rawValue, version: ActivityType.version, title: title, userInfo: keys)
    }
}
