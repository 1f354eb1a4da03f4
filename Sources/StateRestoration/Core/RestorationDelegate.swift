/// The app delegate's part in state restoration: opt-in, app-level state, and creating the
/// objects that have no restoration class.
///
/// Every requirement has a default. Note that the defaults opt out: an app that does not
/// implement ``shouldSaveApplicationState(_:)`` and
/// ``shouldRestoreApplicationState(_:)`` saves and restores nothing (rule R1).
@MainActor
public protocol RestorationDelegate: AnyObject {
    /// Asked at the start of every preservation pass. Return true to save.
    /// - Parameter coder: The app-level coder of this pass; its ``StateEncoder/metadata``
    ///   tells what will be recorded.
    func shouldSaveApplicationState(_ coder: StateEncoder) -> Bool

    /// Asked at launch when an archive exists. Return true to restore it.
    /// - Parameter coder: The app-level coder; ``StateDecoder/metadata`` gives the app
    ///   version at save time, the system version, the timestamp, the idiom and the
    ///   format version, so an app can refuse an archive written by an older version.
    func shouldRestoreApplicationState(_ coder: StateDecoder) -> Bool

    /// Runs first in a save (rule R9): write app-level state here.
    func willEncodeRestorableState(_ coder: StateEncoder) throws

    /// Runs last in a restore (rule R9), after every object's
    /// ``RestorableObject/applicationFinishedRestoringState()``.
    func didDecodeRestorableState(_ coder: StateDecoder) throws

    /// Creates an object that has no restoration class (rule R13b). Return nil to fall
    /// through to an object that already exists at that path (R13c).
    func restorableObject(withRestorationPath path: RestorationPath, coder: StateDecoder)
        -> (any RestorableObject)?

    /// What the user is doing, in a few keys, saved with every archive (rule S5): UIKit's
    /// `stateRestorationActivity(for:)`. Asked at each save; nil saves none.
    func stateRestorationActivity() -> RestorationActivity?

    /// The archive was thrown away (corrupt, from a newer version, a crash loop), but its
    /// activity was saved: go back to what the user was doing by the app's ordinary paths
    /// (open that item, say), as UIKit's `scene(_:restoreInteractionStateWith:)` does.
    /// Runs where the restore would have, before `didFinishLaunching`.
    /// - Returns: True if the app used the activity.
    func restoreInteractionState(with activity: RestorationActivity) -> Bool

    /// A preservation pass that ran off the input path (continuous preservation, R20)
    /// failed to write. The previous archive is intact.
    func didFailToPreserveState(_ error: RestorationError)

    /// A preservation pass wrote its archive: the one on disk now holds the current state.
    /// Called on the main actor, after a background write soon after it finishes. An app
    /// that told the user saving failed (``didFailToPreserveState(_:)``) can say it works
    /// again.
    func didPreserveState()
}

extension RestorationDelegate {
    public func shouldSaveApplicationState(_ coder: StateEncoder) -> Bool { false }
    public func shouldRestoreApplicationState(_ coder: StateDecoder) -> Bool { false }
    public func willEncodeRestorableState(_ coder: StateEncoder) throws {}
    public func didDecodeRestorableState(_ coder: StateDecoder) throws {}
    public func restorableObject(withRestorationPath path: RestorationPath, coder: StateDecoder)
        -> (any RestorableObject)?
    {
        nil
    }
    public func didFailToPreserveState(_ error: RestorationError) {}
    public func didPreserveState() {}
    public func stateRestorationActivity() -> RestorationActivity? { nil }
    public func restoreInteractionState(with activity: RestorationActivity) -> Bool { false }
}
