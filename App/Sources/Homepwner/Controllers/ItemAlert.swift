import HomepwnerCore
import StateRestoration
import TerminalKit

/// An alert about one item that an item's screen acts on: "Remove the photo?" and
/// "Discard the new item?". Restorable: its identifier and restoration class are its own
/// type, it saves its item's key (and the chosen button), and once restored it finds the
/// item's screen again with ``findDetail()``.
@MainActor
class ItemAlert: AlertController {
    /// The archive key of the item's key.
    static let itemKeyKey = "item.itemKey"

    /// The item it asks about.
    let itemKey: Item.ID
    /// The item's screen that acts on the answer; found again after a restore.
    weak var detail: DetailViewController?

    /// Creates the alert with Cancel (`n`, chosen at first) and the destructive `action`
    /// (`y`), which the item's screen carries out.
    init(
        itemKey: Item.ID, detail: DetailViewController?, title: String, message: String, cancelTitle: String,
        actionTitle: String, action: @escaping @MainActor (DetailViewController) -> Void
    ) {
        self.itemKey = itemKey
        self.detail = detail
        super.init(title: title, message: message)
        restorationIdentifier = _typeName(type(of: self), qualified: false)
        restorationClass = type(of: self) as? any ObjectRestoration.Type
        addAction(.init(title: cancelTitle, style: .cancel, key: .character("n")))
        addAction(
            .init(title: actionTitle, style: .destructive, key: .character("y")) { [weak self] in
                if let detail = self?.detail { action(detail) }
            })
    }

    /// Writes the item's key, then the chosen button.
    override func encodeRestorableState(with coder: StateEncoder) throws {
        try coder.encode(itemKey, forKey: Self.itemKeyKey)
        try super.encodeRestorableState(with: coder)
    }

    override func applicationFinishedRestoringState() {
        super.applicationFinishedRestoringState()
        if detail == nil, let found = findDetail(), found.item.key == itemKey { detail = found }
    }

    /// The item's screen this alert was presented over, after a restore: the item open in
    /// the tabs that present it, or the top of the New Item screen's stack (or, in an
    /// archive saved before the tabs, of the root's).
    func findDetail() -> DetailViewController? {
        if let tabs = presentingViewController as? TabBarController { return Screens(tabs: tabs).openDetail }
        return (presentingViewController as? NavigationController)?.topViewController as? DetailViewController
    }

    /// Creates an archived alert again with `make`, if `applies` says its item still wants
    /// it; otherwise tells `coder` why not: the item `unlessReason` (for example "no longer
    /// has a photo to remove"), or the error that stopped the check.
    static func restoreAlert(
        from coder: StateDecoder, unlessReason: String,
        applies: (HomepwnerContext, Item.ID) throws -> Bool, make: (Item.ID) -> ItemAlert
    ) -> ItemAlert? {
        guard let context = HomepwnerContext.restoring(from: coder) else { return nil }
        do {
            let key = try coder.decode(Item.ID.self, forKey: itemKeyKey)
            guard try applies(context, key) else {
                coder.explainNotRestored("item \(ItemKey.text(key)) \(unlessReason)")
                return nil
            }
            return make(key)
        } catch {
            coder.explainNotRestored("\(error)")
            return nil
        }
    }
}

/// An ``ItemAlert`` that is its own restoration class: it says when its item still wants
/// it, and this restores it (one at a time, at most four from a crafted archive, rule P3).
@MainActor
protocol RestorableItemAlert: ItemAlert, ObjectRestoration {
    /// The alert about the item `itemKey`, over `detail` (nil when restored).
    init(itemKey: Item.ID, detail: DetailViewController?)
    /// Why the archived alert is not restored when ``stillApplies(in:to:)`` says no, after
    /// "item <key> ": for example "no longer has a photo to remove".
    static var notRestoredReason: String { get }
    /// True if the item `key` still wants this alert in the store `context` holds.
    static func stillApplies(in context: HomepwnerContext, to key: Item.ID) throws -> Bool
}

extension RestorableItemAlert {
    /// One alert at a time; four bound a crafted archive (rule P3).
    static var maximumRestoredObjects: Int? { 4 }

    /// Creates the archived alert again if its item still wants it
    /// (``ItemAlert/restoreAlert(from:unlessReason:applies:make:)``).
    static func restoreObject(withRestorationPath path: RestorationPath, coder: StateDecoder)
        -> (any RestorableObject)?
    {
        restoreAlert(
            from: coder, unlessReason: notRestoredReason, applies: stillApplies(in:to:),
            make: { Self(itemKey: $0, detail: nil) })
    }
}
