import StateRestoration
import TerminalKit

/// Where Homepwner's screens are (rule T5).
///
/// The window's root is a tab bar controller with two tabs:
/// - "Items", a split view controller: the list at the bottom of the primary column's
///   stack, the open item in the secondary column on a wide terminal, or pushed over the
///   list when the split is collapsed;
/// - "Summary", a navigation controller around ``SummaryViewController``.
///
/// A New Item screen is a navigation controller around a ``DetailViewController``,
/// presented from the tab bar controller; so are the two alerts.
@MainActor
struct Screens {
    /// The identifier of the tab bar controller, the window's root.
    static let tabsIdentifier = _typeName(TabBarController.self, qualified: false)
    /// The identifier of the split view controller, the first tab.
    static let splitIdentifier = _typeName(SplitViewController.self, qualified: false)
    /// The identifier of the Summary tab's navigation controller.
    static let summaryNavigationIdentifier = "SummaryNavigationController"

    /// The root.
    let tabs: TabBarController
    /// The fewest rows for the bar of tabs to show.
    static let minimumHeightForTabBar = 16

    /// The screens of the window's root, if it is Homepwner's tab bar controller.
    init?(window: Window?) {
        guard let tabs = window?.rootViewController as? TabBarController else { return nil }
        self.tabs = tabs
    }

    init(tabs: TabBarController) {
        self.tabs = tabs
    }

    /// The Items tab.
    var split: SplitViewController? { tabs.viewControllers.first as? SplitViewController }
    /// The items list.
    var list: ItemsViewController? {
        split?.primaryNavigationController.viewControllers.first as? ItemsViewController
    }
    /// The item's screen open in the Items tab (beside the list, or over it).
    var openDetail: DetailViewController? { split?.secondaryViewController as? DetailViewController }
    /// The Summary tab's screen.
    var summary: SummaryViewController? {
        (tabs.viewControllers.dropFirst().first as? NavigationController)?.viewControllers.first
            as? SummaryViewController
    }
    /// The New Item screen's navigation controller, when one is presented.
    var modal: NavigationController? { tabs.presentedViewController as? NavigationController }
    /// The New Item screen, when one is presented.
    var newItem: DetailViewController? {
        guard let detail = modal?.topViewController as? DetailViewController, detail.isNew else { return nil }
        return detail
    }

    /// A new root: the Items tab with `list` (or none, for restoration to fill), and the
    /// Summary tab.
    static func makeRoot(context: HomepwnerContext, list: ItemsViewController?) -> TabBarController {
        let split = SplitViewController(primary: list)
        split.restorationIdentifier = splitIdentifier
        split.tabBarTitle = "Items"
        split.secondaryPlaceholder = "Press Enter on an item to open it here."
        let summaryNavigation = NavigationController(
            rootViewController: SummaryViewController(context: context))
        summaryNavigation.restorationIdentifier = summaryNavigationIdentifier
        let tabs = TabBarController(viewControllers: [split, summaryNavigation])
        tabs.restorationIdentifier = tabsIdentifier
        // The bar of tabs (`1 Items  2 Summary`; 1, 2 or Ctrl-T switch), from 16 rows: on a
        // shorter terminal the row goes to the list, and the footer names the other tab.
        tabs.minimumHeightForTabBar = Self.minimumHeightForTabBar
        return tabs
    }
}
