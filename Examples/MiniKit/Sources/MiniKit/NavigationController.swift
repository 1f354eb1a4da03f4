import StateRestoration

/// A stack of screens, the top one shown: MiniKit's `UINavigationController`.
///
/// Its screens may share an identifier (a detail pushed twice); they are told apart by
/// their position (rule R5), which their paths record.
@MainActor
open class NavigationController: ViewController {
    /// The stack, bottom first.
    public private(set) var viewControllers: [ViewController] = []

    /// Creates a navigation controller, with `rootViewController` as its first screen.
    public init(rootViewController: ViewController? = nil) {
        super.init()
        if let rootViewController { pushViewController(rootViewController) }
    }

    /// The screen shown.
    public var topViewController: ViewController? { viewControllers.last }

    /// Shows `controller` on top of the stack.
    public func pushViewController(_ controller: ViewController) {
        viewControllers.append(controller)
        controller.navigationController = self
    }

    /// Takes the top screen away, never the first; returns it.
    @discardableResult
    public func popViewController() -> ViewController? {
        guard viewControllers.count > 1 else { return nil }
        let top = viewControllers.removeLast()
        top.navigationController = nil
        return top
    }

    /// The stack, then what the superclass walks.
    open override var restorationChildren: [any RestorableObject] {
        viewControllers + super.restorationChildren
    }

    /// True: screens of a stack are told apart by position.
    open override var restorationChildrenArePositional: Bool { true }

    // snippet: navigation-coding
    open override func encodeRestorableState(with coder: StateEncoder) throws {
        try super.encodeRestorableState(with: coder)
        try coder.encodeObjects(viewControllers, forKey: "kit.stack")
    }

    open override func decodeRestorableState(with coder: StateDecoder) throws {
        try super.decodeRestorableState(with: coder)
        for controller in try coder.decodeContainedObjects(of: ViewController.self, forKey: "kit.stack") {
            pushViewController(controller)
        }
    }
    // end-snippet
}
