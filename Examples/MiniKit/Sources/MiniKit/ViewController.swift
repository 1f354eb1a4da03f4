import StateRestoration

/// A screen: MiniKit's `UIViewController`, with embedded children, restorable views and a
/// presented controller.
///
/// As a container it records its structure with references and attaches what it reads back
/// (rule R8): its children and the controller it presents are saved with it, and at launch
/// it takes them again in ``decodeRestorableState(with:)``. A subclass that overrides the
/// coding methods calls `super`, or its children come back attached nowhere (under the test
/// harness, or with `RESTORATION_DEBUG=1`, the engine says so with a `not attached`
/// diagnostic).
@MainActor
open class ViewController: RestorableObject {
    /// The identifier under which the screen is saved; nil prunes it and its subtree.
    public var restorationIdentifier: String?
    /// The type that creates the screen again at launch, or nil to leave it to the app
    /// delegate or to a screen that already exists.
    open var restorationClass: (any ObjectRestoration.Type)?
    /// The embedded children, in order.
    public private(set) var children: [ViewController] = []
    /// The container this screen is embedded in.
    public private(set) weak var parent: ViewController?
    /// The navigation controller whose stack holds this screen.
    public internal(set) weak var navigationController: NavigationController?
    /// The controller this one presents, shown over it.
    public private(set) var presentedViewController: ViewController?
    /// The controller that presents this one.
    public private(set) weak var presentingViewController: ViewController?
    /// The restorable views this screen shows (a view with state must be here to be saved).
    public var views: [View] = []

    /// Creates a screen with no identifier.
    public init() {}

    /// Embeds `child` after the existing children.
    public func addChild(_ child: ViewController) {
        child.removeFromParent()
        children.append(child)
        child.parent = self
    }

    /// Takes this screen out of its container.
    public func removeFromParent() {
        parent?.children.removeAll { $0 === self }
        parent = nil
    }

    /// Shows `controller` over this screen, from this screen.
    public func present(_ controller: ViewController) {
        presentedViewController = controller
        controller.presentingViewController = self
    }

    /// Takes away the controller this screen presents.
    public func dismiss() {
        presentedViewController?.presentingViewController = nil
        presentedViewController = nil
    }

    /// Children, then views, then the presented controller: the order of rule R3's walk.
    open var restorationChildren: [any RestorableObject] {
        var result: [any RestorableObject] = children
        result.append(contentsOf: views)
        if let presentedViewController { result.append(presentedViewController) }
        return result
    }

    /// False: a plain screen's children need distinct identifiers (rule R5).
    open var restorationChildrenArePositional: Bool { false }

    // snippet: container-encode
    /// Records the structure as references: each is saved, and restored before this
    /// screen decodes (rules R8, R12).
    open func encodeRestorableState(with coder: StateEncoder) throws {
        try coder.encodeObjects(children, forKey: "kit.children")
        try coder.encodeObject(presentedViewController, forKey: "kit.presented")
    }

    /// Attaches again what ``encodeRestorableState(with:)`` referenced, as far as it was
    /// restored. The `decodeContained…` reads keep containment a tree (rule R31).
    open func decodeRestorableState(with coder: StateDecoder) throws {
        for child in try coder.decodeContainedObjects(of: ViewController.self, forKey: "kit.children") {
            addChild(child)
        }
        if let presented = try coder.decodeContainedObject(of: ViewController.self, forKey: "kit.presented") {
            present(presented)
        }
    }
    // end-snippet

    /// Runs once every restored object has decoded its state.
    open func applicationFinishedRestoringState() {}
}
