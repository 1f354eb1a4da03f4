/// A restorable object that is a view, such as a text field or a table view: it comes back
/// only where its restored view controller made it, as in UIKit.
///
/// UIKit asks restoration classes and the app delegate for view controllers only. A view is
/// restored by being found below its restored view controller, at its path (rule R13c). A
/// UI layer marks its views with this protocol so that the engine does the same: for a
/// record with no restoration class whose object is found as a `RestorableView` below its
/// restored parent, the app delegate's
/// ``RestorationDelegate/restorableObject(withRestorationPath:coder:)`` is not asked, so a
/// delegate that answers every path it is given cannot replace a view (and drop its saved
/// text) by mistake. The engine knows an object is a view only once it has found it: for a
/// path where nothing exists yet, the delegate is asked as for any object.
@MainActor
public protocol RestorableView: RestorableObject {}

extension RestorableView {
    /// True: the engine tells a view by this, without a cast to the protocol.
    public var isRestorableView: Bool { true }
}
