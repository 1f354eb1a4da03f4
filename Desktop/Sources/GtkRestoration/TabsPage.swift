import GtkKit
import StateRestoration

/// Pages side by side as tabs, one shown at a time: UIKit's tab bar controller on a
/// `GtkStack`, its tabs a `GtkStackSwitcher` (``switcher``, for the header bar). It saves
/// which tab is shown, by the tab page's restoration identifier (rule G2); the tab pages
/// exist before the restore, which finds them at their paths (rule R13c).
@MainActor
public final class TabsPage: Page {
    /// The tab pages, in the order of their tabs.
    public private(set) var tabs: [Page] = []
    /// The tabs, to show in the header bar.
    public let switcher: StackSwitcher
    /// Runs when another tab is shown, with its page.
    public var didShow: ((Page) -> Void)?
    private let pageWidgets: Stack

    /// Creates a page without tabs.
    public init(restorationIdentifier: String? = nil) {
        let stack = Stack()
        pageWidgets = stack
        switcher = StackSwitcher(stack)
        super.init(content: stack, restorationIdentifier: restorationIdentifier)
        stack.expand(horizontally: true, vertically: true)
        stack.onVisibleChildChange { [weak self] in self?.tabChanged() }
    }

    /// Adds `page` as the last tab, titled `title` (an underscore marks its mnemonic). Its
    /// restoration identifier names it, and must be set.
    public func addTab(_ page: Page, title: String) {
        page.owner = self
        tabs.append(page)
        pageWidgets.add(page.content, name: page.restorationIdentifier ?? "tab-\(tabs.count)", title: title)
    }

    /// The tab page shown.
    public var selectedTab: Page? {
        get { tabs.first { $0.restorationIdentifier == pageWidgets.visibleChildName } }
        set { pageWidgets.visibleChildName = newValue?.restorationIdentifier }
    }

    private func tabChanged() {
        childDidAppear(selectedTab, then: didShow)
    }

    public override var restorationChildren: [any RestorableObject] { tabs + super.restorationChildren }

    public override func encodeRestorableState(with coder: StateEncoder) throws {
        try super.encodeRestorableState(with: coder)
        try coder.encode(selectedTab?.restorationIdentifier ?? "", forKey: "gtk.selectedTab")
    }

    /// Shows the saved tab again, if a tab still has its identifier.
    public override func decodeRestorableState(with coder: StateDecoder) throws {
        try super.decodeRestorableState(with: coder)
        let name = try coder.decodeIfPresent(String.self, forKey: "gtk.selectedTab") ?? ""
        if let tab = tabs.first(where: { $0.restorationIdentifier == name }) { selectedTab = tab }
    }
}
