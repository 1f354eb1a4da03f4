import StateRestoration

/// How a presented controller covers the one that presented it.
public enum ModalPresentationStyle: Hashable, Sendable {
    /// It takes the whole window; the controllers below disappear.
    case fullScreen
    /// It is drawn over the controllers below, which stay visible (alerts).
    case overCurrentContext
    /// A sheet of ``Window/formSheetWidth`` columns, centred, on a terminal wide enough
    /// for margins beside it; full screen on a narrower one (iPadOS's form sheet). The
    /// controllers below disappear, as with ``fullScreen``: the margins are left blank.
    case formSheet
}

/// Manages a view and its part of the app: UIKit's `UIViewController`.
///
/// - The view is created on first use (``loadView()``, then ``viewDidLoad()``).
/// - Containment: ``addChild(_:)`` and ``removeFromParent()``; a child whose view is in
///   this controller's view is visible with it.
/// - Presentation: ``present(_:animated:completion:)`` presents from the root-most
///   container (the controller with no parent), as UIKit's presentation context does, so
///   a screen inside a navigation controller presents from the navigation controller.
/// - Appearance callbacks are derived from what the window shows: after each event the
///   window compares the visible controllers with the previous frame's and calls
///   ``viewWillAppear(_:)`` and the others on the difference, parents first.
/// - Keys: a controller is in the responder chain after its view; ``keyCommands`` and its
///   ``navigationItem``'s bar button items work while it is.
/// - Restoration: a controller with a ``restorationIdentifier`` is saved; its
///   ``restorationChildren`` are its children, then its views that have an identifier,
///   then the controller it presented. It saves the presented controller (key
///   `presented`), its editing mode (`editing`) and the focused view (`focus`, unless it
///   is the first view that takes keys, which gets the focus anyway); a
///   subclass that overrides ``encodeRestorableState(with:)`` or
///   ``decodeRestorableState(with:)`` calls `super` and does not use those keys.
@MainActor
open class ViewController: Responder, RestorableObject {
    /// The title shown in a navigation bar, unless ``navigationItem`` has its own.
    open var title: String?
    /// What this controller shows in a navigation bar.
    public let navigationItem = NavigationItem()
    /// The identifier under which this controller is saved; nil or empty: not saved, and
    /// neither is anything below it (rule R3).
    public var restorationIdentifier: String?
    /// The type that creates this controller again at launch, or nil to leave it to the
    /// app delegate or an existing object (rule R13).
    public var restorationClass: (any ObjectRestoration.Type)?
    /// How this controller covers its presenter when presented.
    public var modalPresentationStyle: ModalPresentationStyle = .fullScreen
    /// The title of this controller's tab in a ``TabBarController``; nil: its ``title``.
    public var tabBarTitle: String?

    /// The controllers embedded in this one, in order.
    public private(set) var children: [ViewController] = []
    /// The container this controller is embedded in.
    public private(set) weak var parent: ViewController?
    /// The controller this one presented.
    public private(set) var presentedViewController: ViewController?
    /// The controller that presented this one.
    public private(set) weak var presentingViewController: ViewController?

    private var loadedView: View?
    private var isLoadingView = false
    private var editingState = false
    private var editItem: BarButtonItem?
    /// The view to focus when this controller appears (set by `becomeFirstResponder`
    /// before the view is on screen, by the window when focus moves, and by restoration).
    weak var preferredFocus: View? {
        // The focus is saved (key `focus`) from it (rule P1).
        didSet { if preferredFocus !== oldValue { invalidateRestorableState() } }
    }
    /// True between viewWillAppear and viewWillDisappear, as the window sees it.
    public internal(set) var isVisible = false

    /// Creates a controller. Its view is created on first use.
    override public init() {
        super.init()
    }

    // MARK: The view

    /// The root view, created on first use by ``loadView()``, followed by
    /// ``viewDidLoad()``.
    public var view: View {
        get {
            if let loadedView { return loadedView }
            if isLoadingView {
                // loadView asked for the view before setting one: give it a plain one.
                let view = View()
                install(view)
                return view
            }
            isLoadingView = true
            loadView()
            isLoadingView = false
            let view = loadedView ?? View()
            install(view)
            viewDidLoad()
            return loadedView ?? view  // viewDidLoad may have replaced it.
        }
        set { install(newValue) }
    }

    /// True once the view exists.
    public var isViewLoaded: Bool { loadedView != nil }

    /// The view if it was loaded, without loading it.
    public var viewIfLoaded: View? { loadedView }

    private func install(_ view: View) {
        if let loadedView, loadedView !== view { loadedView.owningController = nil }
        view.owningController = self
        loadedView = view
    }

    /// Creates the root view and assigns it to ``view``. The default makes a plain view.
    open func loadView() {
        view = View()
    }

    /// Called once after the view is created: build the view's content here.
    open func viewDidLoad() {}

    /// Called before the root view lays out its subviews, every frame.
    open func viewWillLayoutSubviews() {}

    /// Called after the root view laid out its subviews, every frame.
    open func viewDidLayoutSubviews() {}

    /// The view is about to be shown.
    open func viewWillAppear(_ animated: Bool) {}
    /// The view is shown.
    open func viewDidAppear(_ animated: Bool) {}
    /// The view is about to stop being shown (popped, covered, dismissed).
    open func viewWillDisappear(_ animated: Bool) {}
    /// The view is no longer shown.
    open func viewDidDisappear(_ animated: Bool) {}

    /// The window this controller's view is in.
    public var window: Window? { loadedView?.window }

    // MARK: Containment

    /// Embeds a child controller. The caller adds the child's view to its own view where
    /// it wants it; containers such as ``NavigationController`` do this themselves.
    ///
    /// A controller that is this one, or contains it (as a parent or presenter, however
    /// far up), is refused: containment stays a tree (rule R31), whatever a caller or an
    /// archive asks.
    public func addChild(_ child: ViewController) {
        guard !child.isOrContains(self) else { return }
        child.removeFromParent()
        child.willMove(toParent: self)
        children.append(child)
        child.parent = self
        // This controller's children changed: the next save compares them (rule P1).
        invalidateRestorableState()
        child.didMove(toParent: self)
    }

    /// Removes this controller (and its view) from its container.
    public func removeFromParent() {
        guard let parent else { return }
        willMove(toParent: nil)
        parent.children.removeAll { $0 === self }
        parent.invalidateRestorableState()
        self.parent = nil
        loadedView?.removeFromSuperview()
        didMove(toParent: nil)
    }

    /// Called before this controller moves into a container, or out of one (nil).
    open func willMove(toParent parent: ViewController?) {}
    /// Called after this controller moved into a container, or out of one (nil).
    open func didMove(toParent parent: ViewController?) {}

    /// The closest navigation controller above this one.
    public var navigationController: NavigationController? { closestAncestor(NavigationController.self) }

    /// The closest split view controller above this one.
    public var splitViewController: SplitViewController? { closestAncestor(SplitViewController.self) }

    /// The closest tab bar controller above this one.
    public var tabBarController: TabBarController? { closestAncestor(TabBarController.self) }

    /// The closest container above this one that is a `Container`.
    private func closestAncestor<Container: ViewController>(_ type: Container.Type) -> Container? {
        var current = parent
        while let controller = current {
            if let container = controller as? Container { return container }
            current = controller.parent
        }
        return nil
    }

    /// Shows a controller as the detail of this one (UIKit's
    /// `showDetailViewController(_:sender:)`): in the secondary column of the split view
    /// controller above (pushed when it is collapsed), else pushed onto the navigation
    /// controller above, else presented.
    public func showDetailViewController(_ controller: ViewController) {
        if let splitViewController {
            splitViewController.showSecondary(controller)
        } else if let navigationController {
            navigationController.pushViewController(controller)
        } else {
            present(controller)
        }
    }

    /// The children whose views are shown inside this controller's view.
    var visibleChildren: [ViewController] {
        guard let loadedView else { return [] }
        return children.filter { child in
            guard let childView = child.loadedView, !childView.isHidden else { return false }
            return childView.isDescendant(of: loadedView)
        }
    }

    // MARK: Presentation

    /// Presents a controller modally, from the root-most container of this one (or from
    /// the controller already presented there, so presentations stack).
    /// - Parameters:
    ///   - controller: The controller to show.
    ///   - animated: Ignored: the terminal does not animate.
    ///   - completion: Runs once the controller is presented.
    public func present(
        _ controller: ViewController, animated: Bool = false, completion: (@MainActor () -> Void)? = nil
    ) {
        var presenter = rootContainer
        while let presented = presenter.presentedViewController, presented !== controller {
            presenter = presented
        }
        presenter.setPresented(controller)
        completion?()
    }

    /// Dismisses what this controller's presentation context (its root-most container)
    /// presented, with everything above it; or, if it presented nothing, the presentation
    /// this controller is part of. So the list that presented a modal, the modal's
    /// navigation controller and the screen inside it can all dismiss it, as in UIKit.
    public func dismiss(animated: Bool = false, completion: (@MainActor () -> Void)? = nil) {
        let context = rootContainer
        if context.presentedViewController != nil {
            context.setPresented(nil)
        } else {
            context.presentingViewController?.setPresented(nil)
        }
        completion?()
    }

    /// True if `other` is this controller, or is below it: a child, a presented controller,
    /// or anything below those.
    func isOrContains(_ other: ViewController) -> Bool {
        var current: ViewController? = other
        while let controller = current {
            if controller === self { return true }
            current = controller.parent ?? controller.presentingViewController
        }
        return false
    }

    /// This controller's outermost container (itself if it has no parent).
    var rootContainer: ViewController {
        var controller = self
        while let parent = controller.parent { controller = parent }
        return controller
    }

    /// Sets or clears the presented controller, without appearance side effects (the
    /// window derives those). Used by presentation and by restoration.
    ///
    /// A controller that is this one or contains it is refused (rule R31): presenting it
    /// would make a cycle.
    func setPresented(_ controller: ViewController?) {
        if let controller, controller.isOrContains(self) { return }
        // The presented controller is saved (key `presented`) and is a child (rule P1).
        if presentedViewController !== controller { invalidateRestorableState() }
        if let current = presentedViewController, current !== controller {
            current.setPresented(nil)
            current.presentingViewController = nil
        }
        if let controller {
            controller.presentingViewController?.invalidateRestorableState()
            controller.presentingViewController?.presentedViewController = nil
            controller.removeFromParent()
            controller.presentingViewController = self
        }
        presentedViewController = controller
    }

    // MARK: Editing

    /// True while the controller is in editing mode.
    public var isEditing: Bool {
        get { editingState }
        set { setEditing(newValue, animated: false) }
    }

    /// Turns editing mode on or off. Subclasses call `super`.
    open func setEditing(_ editing: Bool, animated: Bool) {
        if editingState != editing { invalidateRestorableState() }
        editingState = editing
        editItem?.title = editing ? "Done" : "Edit"
    }

    /// A bar button item that toggles editing mode, titled Edit or Done, on the `e` key.
    public var editButtonItem: BarButtonItem {
        if let editItem { return editItem }
        let item = BarButtonItem(title: isEditing ? "Done" : "Edit", key: .character("e"))
        item.action = { [weak self] in
            guard let self else { return }
            self.setEditing(!self.isEditing, animated: false)
        }
        editItem = item
        return item
    }

    // MARK: Keys

    /// The view that gets keys first when this controller appears and nothing else has
    /// the focus: the view that last had it, else the first view that can take keys.
    open var preferredFirstResponder: View? {
        if let preferredFocus, preferredFocus.window != nil || preferredFocus.isDescendant(of: view) {
            return preferredFocus
        }
        return view.focusableViews().first
    }

    override open var nextResponder: Responder? {
        if let superview = loadedView?.superview { return superview }
        if let parent { return parent }
        return loadedView?.window
    }

    /// Commands of the navigation item's bar buttons.
    var builtInKeyCommands: [KeyCommand] {
        navigationItem.allItems.compactMap(\.keyCommand)
    }

    // MARK: Restoration

    /// The objects below this one: children, then views with an identifier (loading the
    /// view if needed), then the presented controller.
    open var restorationChildren: [any RestorableObject] {
        var result: [any RestorableObject] = children
        result += view.restorableViews()
        if let presentedViewController { result.append(presentedViewController) }
        return result
    }

    /// The engine of the application whose window shows this controller, or else of its
    /// parent or presenter, or of the window it is the root of (shown or not: a full-screen
    /// screen presented over the root hides it, and what changes under it is saved all the
    /// same): the one ``RestorableObject/invalidateRestorableState()`` tells (rules R26,
    /// P1). Nil for a controller that belongs to no application yet.
    public var restorationEngine: RestorationEngine? {
        if let window = window ?? rootOfWindow { return window.application?.engine }
        return (parent ?? presentingViewController)?.restorationEngine
    }

    /// The window whose root this controller is (``Window/rootViewController``).
    weak var rootOfWindow: Window?

    /// False: siblings are told apart by identifier. ``NavigationController`` says true.
    open var restorationChildrenArePositional: Bool { false }

    /// The version of the state this controller writes (rule R19).
    open var restorationStateVersion: Int { restorationClass?.restorationStateVersion ?? 0 }

    /// Writes the presented controller, the editing mode and the focused view. Subclasses
    /// call `super`.
    /// - Throws: ``StateCodingError`` from the coder.
    open func encodeRestorableState(with coder: StateEncoder) throws {
        if let presentedViewController, Self.isIdentified(presentedViewController) {
            try coder.encodeObject(presentedViewController, forKey: "presented")
        }
        if isEditing { try coder.encode(true, forKey: "editing") }
        // Not the view that gets the focus anyway (the first that takes keys): a relaunch
        // that never showed this controller has the same state (restoration-fuzz).
        if let focus = focusedView, Self.isIdentified(focus), focus !== view.focusableViews().first {
            try coder.encodeObject(focus, forKey: "focus")
        }
    }

    /// Presents the saved presented controller again (no appearance side effects), and
    /// restores editing mode and focus. Subclasses call `super`.
    /// - Throws: ``StateCodingError`` from the coder.
    open func decodeRestorableState(with coder: StateDecoder) throws {
        if let presented = try coder.decodeContainedObject(of: ViewController.self, forKey: "presented") {
            setPresented(presented)
        }
        if try coder.decodeIfPresent(Bool.self, forKey: "editing") == true {
            setEditing(true, animated: false)
        }
        if let focus = try coder.decodeObject(forKey: "focus") as? View {
            preferredFocus = focus
        }
    }

    /// Called once every restored object has decoded its state.
    open func applicationFinishedRestoringState() {}

    /// The view of this controller that has, or last had, the focus.
    var focusedView: View? {
        if let responder = window?.firstResponder as? View, responder.enclosingController === self {
            return responder
        }
        return preferredFocus
    }

    static func isIdentified(_ object: any RestorableObject) -> Bool {
        guard let identifier = object.restorationIdentifier else { return false }
        return !identifier.isEmpty
    }
}
