import StateRestoration

/// A stack of view controllers with a bar on top: UIKit's `UINavigationController`.
///
/// The bar shows the top controller's title, a back button (Escape goes back) or its left
/// items, and its right items. Only the top controller's view is in the hierarchy, so
/// only it is visible and gets keys.
///
/// For restoration the stack is the ordered list of children, told apart by position
/// (``restorationChildrenArePositional``), and is saved as references under the key
/// `stack`; decoding sets the stack again from the controllers that were restored.
@MainActor
open class NavigationController: ViewController {
    /// The bar at the top.
    public let navigationBar = NavigationBar()
    private let contentView = View()

    /// Creates a navigation controller with an empty stack (restoration fills it).
    override public init() {
        super.init()
    }

    /// Creates a navigation controller showing `rootViewController`.
    public init(rootViewController: ViewController) {
        super.init()
        addChild(rootViewController)
    }

    /// The stack, bottom first.
    public var viewControllers: [ViewController] { children }

    /// The controller on top of the stack.
    public var topViewController: ViewController? { children.last }

    /// The controller shown: what the top presented, or the top itself.
    public var visibleViewController: ViewController? {
        var controller = presentedViewController ?? topViewController
        while let presented = controller?.presentedViewController { controller = presented }
        return controller
    }

    /// Pushes a controller on top of the stack.
    public func pushViewController(_ controller: ViewController, animated: Bool = false) {
        addChild(controller)
    }

    /// Pops the top controller, unless it is the root.
    /// - Returns: The popped controller.
    @discardableResult
    public func popViewController(animated: Bool = false) -> ViewController? {
        guard children.count > 1, let top = children.last else { return nil }
        top.removeFromParent()
        return top
    }

    /// Pops everything above the root.
    /// - Returns: The popped controllers, bottom first.
    @discardableResult
    public func popToRootViewController(animated: Bool = false) -> [ViewController] {
        let popped = Array(children.dropFirst())
        for controller in popped.reversed() { controller.removeFromParent() }
        return popped
    }

    /// Replaces the whole stack.
    public func setViewControllers(_ controllers: [ViewController], animated: Bool = false) {
        for controller in children.reversed() where !controllers.contains(where: { $0 === controller }) {
            controller.removeFromParent()
        }
        for controller in controllers {
            if controller.parent === self {
                // Keep it, but move it to its new place.
                controller.removeFromParent()
            }
            addChild(controller)
        }
    }

    // MARK: View

    override open func loadView() {
        view = View(subviews: [navigationBar, contentView])
    }

    override open func viewWillLayoutSubviews() {
        super.viewWillLayoutSubviews()
        let bounds = view.bounds
        let barHeight = bounds.height >= 2 ? 1 : 0
        navigationBar.frame = Rect(x: 0, y: 0, width: bounds.width, height: barHeight)
        navigationBar.isHidden = barHeight == 0
        contentView.frame = bounds.inset(top: barHeight)
        let top = topViewController
        contentView.showOnly(top?.view)
        navigationBar.update(
            title: top.map(Self.title(of:)) ?? "",
            backTitle: backTitle, leftItems: top?.navigationItem.leftBarButtonItems ?? [],
            rightItems: top?.navigationItem.rightBarButtonItems ?? [])
    }

    private var canGoBack: Bool {
        guard children.count > 1, let top = topViewController else { return false }
        return !top.navigationItem.hidesBackButton && top.navigationItem.leftBarButtonItems.isEmpty
    }

    private var backTitle: String? {
        guard canGoBack else { return nil }
        let previous = children[children.count - 2]
        return previous.navigationItem.backButtonTitle ?? Self.title(of: previous)
    }

    static func title(of controller: ViewController) -> String {
        controller.navigationItem.title ?? controller.title ?? ""
    }

    override var builtInKeyCommands: [KeyCommand] {
        var commands = super.builtInKeyCommands
        if canGoBack {
            commands.append(
                KeyCommand(.escape, title: "Back") { [weak self] in self?.popViewController(animated: false) }
            )
        }
        return commands
    }

    // MARK: Restoration

    /// True: the stack may hold the same identifier twice (a detail screen pushed twice).
    override open var restorationChildrenArePositional: Bool { true }

    /// Writes the stack as references (key `stack`), then what the superclass writes.
    /// - Throws: ``StateCodingError`` from the coder.
    override open func encodeRestorableState(with coder: StateEncoder) throws {
        try super.encodeRestorableState(with: coder)
        try coder.encodeObjects(children.filter(Self.isIdentified), forKey: "stack")
    }

    /// Sets the stack from the restored controllers, then reads what the superclass wrote.
    /// - Throws: ``StateCodingError`` from the coder.
    override open func decodeRestorableState(with coder: StateDecoder) throws {
        let stack = try coder.decodeContainedObjects(of: ViewController.self, forKey: "stack")
        if !stack.isEmpty { setViewControllers(stack) }
        try super.decodeRestorableState(with: coder)
    }
}
