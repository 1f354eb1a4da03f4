import StateRestoration

/// The window: it holds the root view controller, where the engine's walk starts (rule R3).
@MainActor
public final class Window {
    /// The root of everything shown.
    public var rootViewController: ViewController?

    /// Creates an empty window.
    public init() {}

    /// What the engine walks: the root view controller, if there is one.
    public var restorationRoots: [any RestorableObject] {
        rootViewController.map { [$0] } ?? []
    }

    /// The screen the user sees: from the root, the controller each one presents, or the top
    /// of each navigation stack, until neither is left.
    public var visibleViewController: ViewController? {
        var current = rootViewController
        while let controller = current {
            if let presented = controller.presentedViewController {
                current = presented
            } else if let navigation = controller as? NavigationController,
                let top = navigation.topViewController
            {
                current = top
            } else {
                return controller
            }
        }
        return nil
    }
}
