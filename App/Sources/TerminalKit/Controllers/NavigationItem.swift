/// What a view controller shows in a navigation bar (UIKit's `UINavigationItem`).
@MainActor
public final class NavigationItem {
    /// The bar's title; nil falls back to the controller's ``ViewController/title``.
    public var title: String?
    /// Items at the left, replacing the back button.
    public var leftBarButtonItems: [BarButtonItem] = []
    /// Items at the right.
    public var rightBarButtonItems: [BarButtonItem] = []
    /// Hides the back button (and turns off Escape for going back).
    public var hidesBackButton = false
    /// The title of the back button shown when another controller is pushed above this
    /// one; nil falls back to this controller's title.
    public var backButtonTitle: String?

    /// Creates an empty item.
    public init() {}

    /// The first right item.
    public var rightBarButtonItem: BarButtonItem? {
        get { rightBarButtonItems.first }
        set { rightBarButtonItems = newValue.map { [$0] } ?? [] }
    }

    /// The first left item.
    public var leftBarButtonItem: BarButtonItem? {
        get { leftBarButtonItems.first }
        set { leftBarButtonItems = newValue.map { [$0] } ?? [] }
    }

    var allItems: [BarButtonItem] { leftBarButtonItems + rightBarButtonItems }
}
