import GtkKit
import StateRestoration

/// The base of the adapter's restorable objects: a page, a page stack, a window, a
/// widget's state. It implements every requirement of ``RestorableObject`` as an
/// overridable member, as a UI layer's base class does, and reaches its engine through
/// its ``owner``, up to the ``SceneWindow`` whose scene saves it.
@MainActor
open class Restorable: RestorableObject {
    /// The identifier under which the object is saved; nil leaves it, and all below it, out.
    public var restorationIdentifier: String?
    /// The object this one belongs to (a widget's page, a page's stack), through which it
    /// finds its engine.
    public weak var owner: Restorable?

    /// Creates an object.
    public init(restorationIdentifier: String? = nil) {
        self.restorationIdentifier = restorationIdentifier
    }

    /// The type that creates the object again at launch; nil by default.
    open var restorationClass: (any ObjectRestoration.Type)? { nil }
    /// The objects the walk visits below this one.
    open var restorationChildren: [any RestorableObject] { [] }
    /// False: children need distinct identifiers (rule R5).
    open var restorationChildrenArePositional: Bool { false }
    /// The engine of the window this object is in.
    open var restorationEngine: RestorationEngine? { owner?.restorationEngine }
    /// Writes the object's state; nothing by default.
    open func encodeRestorableState(with coder: StateEncoder) throws {}
    /// Reads what ``encodeRestorableState(with:)`` wrote.
    open func decodeRestorableState(with coder: StateDecoder) throws {}
    /// Runs once every restored object has decoded.
    open func applicationFinishedRestoringState() {}

    /// This object and everything below it that is a ``Restorable``, depth first.
    public var subtree: [Restorable] {
        [self] + restorationChildren.compactMap { $0 as? Restorable }.flatMap(\.subtree)
    }

    /// This object and everything below it in the same window: a page presented in a
    /// dialog, and what is below it, are in a window of their own.
    public var subtreeInWindow: [Restorable] {
        [self]
            + restorationChildren.compactMap { $0 as? Restorable }
            .filter { ($0 as? Page)?.presentingPage == nil }
            .flatMap(\.subtreeInWindow)
    }
}

/// A restorable view whose state is given back once its window is on screen and focused:
/// an entry's cursor and selection (GTK moves them as a window first appears,
/// ``TextState``), a list's scroll (its rows have no size before, ``ListState``).
@MainActor
public protocol OnScreenRestoring: AnyObject {
    /// Puts the saved state back.
    /// - Parameter isFinal: Forget it after this: later calls do nothing.
    func applyOnScreen(isFinal: Bool)
}

extension Restorable {
    /// The object below `self`, in its window, whose widget holds `window`'s focus.
    func focusHolder(in window: Window) -> (any FocusTarget)? {
        subtreeInWindow.compactMap { $0 as? any FocusTarget }.last { window.focusIsInside($0.focusWidget) }
    }

    /// Gives the cursors, selections and scroll of the views in `self`'s window back.
    func applyOnScreenState(isFinal: Bool) {
        for view in subtreeInWindow.compactMap({ $0 as? any OnScreenRestoring }) {
            view.applyOnScreen(isFinal: isFinal)
        }
    }
}
