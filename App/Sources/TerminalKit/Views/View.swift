import StateRestoration

/// A rectangle of the screen that draws itself and holds subviews (UIKit's `UIView`).
///
/// Frames are in the superview's coordinates, in cells. Every frame the window lays the
/// tree out (``layoutSubviews()``) and draws it (``draw(in:)``), each view clipped to its
/// frame; a view never tracks what changed, the ANSI driver does.
///
/// A view with a ``restorationIdentifier`` takes part in state restoration as a child of
/// its view controller (rule R3): override ``encodeRestorableState(with:)`` and
/// ``decodeRestorableState(with:)``, as ``TableView`` and ``TextField`` do.
@MainActor
open class View: Responder, RestorableObject {
    /// The position and size in the superview.
    public var frame: Rect
    /// The subviews, back to front.
    public private(set) var subviews: [View] = []
    /// The view that holds this one.
    public private(set) weak var superview: View?
    /// A hidden view and its subviews are neither drawn nor focused.
    public var isHidden = false
    /// If set, the view's area is filled with it before drawing.
    public var backgroundStyle: Style?
    /// The styles of TerminalKit's views.
    public var theme: Theme = .standard
    /// The identifier under which this view is saved, or nil (not saved).
    public var restorationIdentifier: String?
    /// True for a view whose focusable subviews Tab and Shift-Tab go round without leaving
    /// it, when the focus is inside (UIKit's focus groups): each column of a split view, so
    /// that Tab in an item's last field goes back to its first, not to the list beside it.
    public var isFocusGroup = false

    /// The view controller whose root view this is.
    weak var owningController: ViewController?
    /// Set on the window's top-level views.
    weak var hostingWindow: Window?

    /// Creates a view.
    public init(frame: Rect = .zero) {
        self.frame = frame
        super.init()
    }

    /// Creates a view holding `subviews`, the first drawn first.
    public convenience init(subviews: [View]) {
        self.init()
        for subview in subviews { addSubview(subview) }
    }

    /// The view's own coordinate space: its size at the origin.
    public var bounds: Rect { Rect(origin: .zero, size: frame.size) }

    /// The rows this view would like in a vertical layout (``FormView``). Default 1.
    open var preferredHeight: Int { 1 }

    // MARK: Hierarchy

    /// Adds a subview on top of the others (moving it from its old superview).
    ///
    /// A view that is this one or one of its superviews is refused: the view tree stays a
    /// tree (rule R31), so layout and drawing always end.
    public func addSubview(_ view: View) {
        var ancestor: View? = self
        while let current = ancestor {
            if current === view { return }
            ancestor = current.superview
        }
        view.removeFromSuperview()
        subviews.append(view)
        view.superview = self
        view.restorableViewsMoved()
    }

    /// Makes `view` this view's only subview, filling it (nil: no subview): how containers
    /// show the one child they show.
    func showOnly(_ view: View?) {
        for subview in subviews where subview !== view { subview.removeFromSuperview() }
        guard let view else { return }
        if view.superview !== self { addSubview(view) }
        view.frame = bounds
    }

    /// Removes the view from its superview.
    public func removeFromSuperview() {
        guard let superview else { return }
        restorableViewsMoved()
        superview.subviews.removeAll { $0 === self }
        self.superview = nil
    }

    /// Tells the controller around this view, when the view or a view inside it has an
    /// identifier: that controller's children (its views with an identifier) change as this
    /// view comes or goes (rule P1). A controller's root view is its own controller's.
    private func restorableViewsMoved() {
        guard owningController == nil, !restorableViews().isEmpty else { return }
        enclosingController?.invalidateRestorableState()
    }

    /// The window that shows this view, if any.
    public var window: Window? { nearest(\.hostingWindow) }

    /// The engine of the application whose window shows this view, or else of the
    /// controller that owns it: the one ``RestorableObject/invalidateRestorableState()``
    /// tells (rule R26). Nil for a view that belongs to no application yet.
    public var restorationEngine: RestorationEngine? {
        var view: View? = self
        while let current = view {
            if let window = current.hostingWindow { return window.application?.engine }
            if let engine = current.owningController?.restorationEngine { return engine }
            view = current.superview
        }
        return nil
    }

    /// Says that this view's restorable state changed (rules R26, P1): its own record, if
    /// it has an identifier, and its controller's, which may save what the view shows (the
    /// focus, a field the controller writes itself), are saved again at the next save, and
    /// only they. TerminalKit's views call it on every change of what they save; a view of
    /// an app calls it as it would `invalidateRestorableState()`.
    public func restorableStateDidChange() {
        invalidateRestorableState()
        enclosingController?.invalidateRestorableState()
    }

    /// Uses a key, as ``handleKey(_:)`` does, in a view that says what its keys change
    /// (``reportsRestorableStateChanges``, rule P1): a key it uses is followed by
    /// ``restorableStateDidChange()``. The default uses nothing. TerminalKit's table, text
    /// field and text view override this rather than ``handleKey(_:)``.
    open func takeKey(_ key: Key) -> Bool { false }

    override open func handleKey(_ key: Key) -> Bool {
        guard takeKey(key) else { return false }
        // What the key changed is this view's record (and its controller's, which may save
        // what the view shows); a view that does not say so leaves it to the application.
        if reportsRestorableStateChanges { restorableStateDidChange() }
        return true
    }

    /// True if `self` is `view` or one of its descendants.
    public func isDescendant(of view: View) -> Bool {
        var current: View? = self
        while let candidate = current {
            if candidate === view { return true }
            current = candidate.superview
        }
        return false
    }

    // MARK: Layout and drawing

    /// Positions the subviews. Called every frame, parents first. The default does
    /// nothing; a controller's root view asks its controller.
    open func layoutSubviews() {}

    /// Draws the view's own content. The default fills ``backgroundStyle`` if set.
    open func draw(in canvas: Canvas) {
        if let backgroundStyle { canvas.clear(style: backgroundStyle) }
    }

    func layoutTree() {
        if let owningController {
            owningController.viewWillLayoutSubviews()
            layoutSubviews()
            owningController.viewDidLayoutSubviews()
        } else {
            layoutSubviews()
        }
        for subview in subviews where !subview.isHidden { subview.layoutTree() }
    }

    func render(in canvas: Canvas) {
        draw(in: canvas)
        for subview in subviews where !subview.isHidden {
            subview.render(in: canvas.subcanvas(subview.frame))
        }
    }

    // MARK: Responder chain

    /// True if the view can take key input (text fields, tables).
    open var canBecomeFirstResponder: Bool { false }

    /// True if this view is its window's first responder.
    public var isFirstResponder: Bool { window?.firstResponder === self }

    /// Asks the window to send keys to this view first.
    /// - Returns: True if the view is now the first responder.
    @discardableResult
    public func becomeFirstResponder() -> Bool {
        guard canBecomeFirstResponder else { return false }
        if let window {
            window.setFirstResponder(self)
        } else {
            // Not on screen yet (viewDidLoad): remembered by the controller, applied when
            // it appears.
            enclosingController?.preferredFocus = self
        }
        return true
    }

    /// Gives up first responder status.
    public func resignFirstResponder() {
        if let window, window.firstResponder === self { window.setFirstResponder(nil) }
    }

    /// The view controller whose view hierarchy holds this view.
    public var enclosingController: ViewController? { nearest(\.owningController) }

    /// The first non-nil `property` of this view or, going up, of its superviews.
    private func nearest<Value: AnyObject>(_ property: (View) -> Value?) -> Value? {
        var view: View? = self
        while let current = view {
            if let value = property(current) { return value }
            view = current.superview
        }
        return nil
    }

    override open var nextResponder: Responder? {
        if let owningController { return owningController }
        if let superview { return superview }
        return hostingWindow
    }

    /// The focusable views in this tree, in reading order, not descending into views of
    /// other view controllers.
    func focusableViews(stoppingAtControllers: Bool = true) -> [View] {
        var result: [View] = []
        collect(into: &result, root: true, stoppingAtControllers: stoppingAtControllers)
        return result
    }

    private func collect(into result: inout [View], root: Bool, stoppingAtControllers: Bool) {
        if isHidden { return }
        if !root && stoppingAtControllers && owningController != nil { return }
        if canBecomeFirstResponder { result.append(self) }
        for subview in subviews {
            subview.collect(into: &result, root: false, stoppingAtControllers: stoppingAtControllers)
        }
    }

    /// The views with a restoration identifier in this tree, in reading order, not
    /// descending into views of other view controllers.
    func restorableViews() -> [View] {
        var result: [View] = []
        if let identifier = restorationIdentifier, !identifier.isEmpty { result.append(self) }
        for subview in subviews { subview.collectRestorable(into: &result) }
        return result
    }

    private func collectRestorable(into result: inout [View]) {
        if owningController != nil { return }
        if let identifier = restorationIdentifier, !identifier.isEmpty { result.append(self) }
        for subview in subviews { subview.collectRestorable(into: &result) }
    }

    // MARK: Restoration

    /// Writes the view's state. The default writes nothing.
    /// - Throws: ``StateCodingError`` from the coder.
    open func encodeRestorableState(with coder: StateEncoder) throws {}

    /// Reads the view's state. The default reads nothing.
    /// - Throws: ``StateCodingError`` from the coder.
    open func decodeRestorableState(with coder: StateDecoder) throws {}

    /// Called once every restored object has decoded its state.
    open func applicationFinishedRestoringState() {}
}
