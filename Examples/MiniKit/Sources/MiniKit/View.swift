import StateRestoration

/// A view: MiniKit's `UIView`, reduced to what restoration needs.
///
/// A view with a restoration identifier is saved when its view controller is (rule R3). It
/// adopts ``StateRestoration/RestorableView``, so at launch it is never created by a
/// restoration class or the app delegate: it is found where its restored view controller
/// made it, as in UIKit.
@MainActor
open class View: RestorableView {
    /// The identifier under which the view is saved; nil leaves it out.
    public var restorationIdentifier: String?

    /// Creates a view.
    /// - Parameter restorationIdentifier: Its identifier among its view controller's views.
    public init(restorationIdentifier: String? = nil) {
        self.restorationIdentifier = restorationIdentifier
    }

    /// Writes the view's state; a view with no state writes nothing.
    open func encodeRestorableState(with coder: StateEncoder) throws {}

    /// Reads what ``encodeRestorableState(with:)`` wrote.
    open func decodeRestorableState(with coder: StateDecoder) throws {}
}
