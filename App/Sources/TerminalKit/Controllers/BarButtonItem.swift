/// A button of a navigation bar, bound to a key (UIKit's `UIBarButtonItem`).
///
/// The bar shows its title; the footer shows its key. The key works while the item's
/// view controller is in the responder chain.
@MainActor
public final class BarButtonItem {
    /// Shown in the bar and in the footer's hint.
    public var title: String
    /// The key that triggers it, or nil.
    public var key: Key?
    /// A disabled item is drawn dim and ignores its key.
    public var isEnabled = true
    /// What it does.
    public var action: (@MainActor () -> Void)?

    /// Creates an item.
    public init(title: String, key: Key? = nil, action: (@MainActor () -> Void)? = nil) {
        self.title = title
        self.key = key
        self.action = action
    }

    var keyCommand: KeyCommand? {
        guard let key else { return nil }
        return KeyCommand(key, title: title, isEnabled: isEnabled) { [weak self] in self?.action?() }
    }
}
