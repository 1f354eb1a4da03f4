import StateRestoration

/// What a tab bar controller tells when the tab changes: UIKit's
/// `UITabBarControllerDelegate`.
@MainActor
public protocol TabBarControllerDelegate: AnyObject {
    /// The user chose a tab (by key); return false to stay.
    func tabBarController(_ tabBarController: TabBarController, shouldSelect controller: ViewController)
        -> Bool
    /// A tab was chosen by key.
    func tabBarController(_ tabBarController: TabBarController, didSelect controller: ViewController)
}

extension TabBarControllerDelegate {
    /// The default: true.
    public func tabBarController(
        _ tabBarController: TabBarController, shouldSelect controller: ViewController
    )
        -> Bool
    { true }

    /// The default does nothing.
    public func tabBarController(_ tabBarController: TabBarController, didSelect controller: ViewController) {
    }
}

/// Tabs, each with its own controller (usually a navigation controller, so each tab keeps
/// its own stack), and a bar of their titles at the bottom: UIKit's `UITabBarController`.
///
/// - Only the selected tab's view is in the hierarchy: it alone is visible and gets keys.
///   The others keep their controllers, stacks and focus until chosen again.
/// - Keys: ``nextTabKey`` (Ctrl-T) goes to the next tab, and 1 to 9 (or Alt-1 to Alt-9,
///   which work in a text field too) to a tab by its number; the footer names the next
///   tab, and the bar shows every tab's number. A plain digit reaches the tabs only if the
///   focused view does not take it (a field types it).
/// - A tab's title is its controller's ``ViewController/tabBarTitle``, else its title,
///   else its top screen's title.
///
/// Restoration: the tabs are children, told apart by identifier, so every tab's stack is
/// saved; the selected tab is a restorable property (`selectedIndex`, rule R25), so
/// choosing a tab schedules a save by itself (R26), and a saved position out of range
/// selects the first tab (rule T2).
@MainActor
open class TabBarController: ViewController {
    /// Told when the user changes tab.
    public weak var delegate: (any TabBarControllerDelegate)?
    /// The key that moves to the next tab.
    public var nextTabKey: Key = .ctrl("t")
    /// Shows the bar of tabs on the bottom row (when the view has at least
    /// ``minimumHeightForTabBar`` rows). Off, the footer still names the next tab.
    public var showsTabBar = true
    /// The fewest rows the view has for the bar to show: on a shorter terminal the row goes
    /// to the tab's content. At least 4.
    public var minimumHeightForTabBar = 4
    /// The selected tab's position, as saved (rule R25); read through ``selectedIndex``,
    /// which takes a position out of range as the first tab.
    @Restorable("selectedIndex") private var selection = 0
    private let contentView = View()
    private let tabBar = TabBar()

    /// Creates a tab bar controller with its tabs, the first selected.
    public init(viewControllers: [ViewController] = []) {
        super.init()
        setViewControllers(viewControllers)
    }

    /// The tabs, in order.
    public var viewControllers: [ViewController] { children }

    /// Replaces the tabs; the selection stays at its position if it still exists.
    public func setViewControllers(_ controllers: [ViewController]) {
        for controller in children where !controllers.contains(where: { $0 === controller }) {
            controller.removeFromParent()
        }
        for controller in controllers {
            if controller.parent === self { controller.removeFromParent() }
            addChild(controller)
        }
        selection = min(selectedIndex, max(0, children.count - 1))
    }

    /// The position of the selected tab.
    public var selectedIndex: Int {
        get { children.indices.contains(selection) ? selection : 0 }
        set { selection = max(0, min(newValue, children.count - 1)) }
    }

    /// The selected tab's controller.
    public var selectedViewController: ViewController? {
        get { children.indices.contains(selectedIndex) ? children[selectedIndex] : nil }
        set {
            if let newValue, let index = children.firstIndex(where: { $0 === newValue }) { selection = index }
        }
    }

    /// Selects a tab as the user does: asking the delegate, then telling it.
    private func choose(_ index: Int) {
        guard children.indices.contains(index), index != selectedIndex else { return }
        let controller = children[index]
        guard delegate?.tabBarController(self, shouldSelect: controller) ?? true else { return }
        selection = index
        delegate?.tabBarController(self, didSelect: controller)
    }

    /// A tab's title, as the bar shows it.
    func title(ofTab controller: ViewController) -> String {
        if let title = controller.tabBarTitle ?? controller.title { return title }
        if let navigation = controller as? NavigationController, let root = navigation.viewControllers.first {
            return root.tabBarTitle ?? NavigationController.title(of: root)
        }
        return NavigationController.title(of: controller)
    }

    // MARK: View

    override open func loadView() {
        view = View(subviews: [contentView, tabBar])
    }

    override open func viewWillLayoutSubviews() {
        super.viewWillLayoutSubviews()
        let bounds = view.bounds
        // The bar takes the bottom row, unless that would leave too little for the tab.
        let barHeight =
            showsTabBar && bounds.height >= max(4, minimumHeightForTabBar) && children.count > 1 ? 1 : 0
        tabBar.isHidden = barHeight == 0
        tabBar.frame = Rect(x: 0, y: bounds.height - barHeight, width: bounds.width, height: barHeight)
        tabBar.titles = children.map(title(ofTab:))
        tabBar.selectedIndex = selectedIndex
        contentView.frame = bounds.inset(bottom: barHeight)
        contentView.showOnly(selectedViewController?.view)
    }

    // MARK: Keys

    override var builtInKeyCommands: [KeyCommand] {
        var commands = super.builtInKeyCommands
        guard children.count > 1 else { return commands }
        let next = (selectedIndex + 1) % children.count
        commands.append(
            KeyCommand(nextTabKey, title: TextWidth.truncate(title(ofTab: children[next]), to: 16)) {
                [weak self] in self?.choose(next)
            })
        for index in children.indices.prefix(9) {
            let digit = Character(String(index + 1))
            commands.append(
                KeyCommand(Key(.character(digit), modifiers: .alt)) { [weak self] in self?.choose(index) })
            commands.append(KeyCommand(.character(digit)) { [weak self] in self?.choose(index) })
        }
        return commands
    }
}

/// The bar of a ``TabBarController``: each tab's number and title, the selected one in
/// reverse video.
@MainActor
final class TabBar: View {
    var titles: [String] = []
    var selectedIndex = 0

    override func draw(in canvas: Canvas) {
        canvas.clear(style: .dim)
        var x = 1
        for (index, title) in titles.enumerated() {
            let label = " \(index + 1) \(title) "
            let style = index == selectedIndex ? theme.selection.adding(.bold) : Style.plain
            let width = canvas.text(
                label, at: Point(x: x, y: 0), style: style, maxWidth: canvas.size.width - x)
            if width == 0 { break }
            x += width + 1
        }
    }
}
