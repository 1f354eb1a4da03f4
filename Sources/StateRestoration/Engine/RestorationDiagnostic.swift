/// One thing the engine skipped, dropped, discarded or could not match, and why (rule R21).
///
/// Every diagnostic reads as a sentence a person understands: its kind, the path, and why,
/// for example
/// `not saved: NavigationController/<ContainerViewController>/DetailViewController: ancestor '<ContainerViewController>' has no restoration identifier`
/// (an object without an identifier shows as its type's name in angle brackets).
public struct RestorationDiagnostic: Hashable, Sendable, CustomStringConvertible {
    /// The kind of event.
    public enum Kind: String, Hashable, Sendable {
        /// An object (or its subtree) was left out of a save: it is not in the archive.
        case notSaved = "not saved"
        /// Something worked, but perhaps not as the app expects; nothing was left out. For
        /// example an object saved with a restoration class that is not registered (it will
        /// not be restored until it is), an object saved by reference although the walk
        /// pruned it, or a restoration class that returned an object of another type than
        /// the one saved (rule R14).
        case warning = "warning"
        /// An object was left out of a restore, with its subtree.
        case notRestored = "not restored"
        /// An object was found but its state was not decoded (type mismatch, decode error).
        case notDecoded = "not decoded"
        /// An object was restored below a parent that does not hold it once every object has
        /// decoded: the container did not attach it again (rules R8, R12), so it is shown
        /// nowhere. Reported when ``RestorationConfiguration/checksAdoption`` is on.
        case notAttached = "not attached"
        /// The whole archive was thrown away (rule R18).
        case archiveDiscarded = "archive discarded"
        /// The archive was thrown away, and the app went back to what the user was doing
        /// from the session's activity instead (rule S5).
        case restoredFromActivity = "restored from activity"
        /// The app delegate declined a save or a restore (rule R1).
        case declined = "declined"
        /// Writing the archive failed (rule R10).
        case saveFailed = "save failed"
    }

    /// The kind of event.
    public var kind: Kind
    /// The restoration path concerned, as text (an object without an identifier shows as
    /// `<TypeName>`), or nil for the whole archive.
    public var path: String?
    /// Why, in words.
    public var reason: String

    /// Creates a diagnostic.
    public init(_ kind: Kind, path: String?, reason: String) {
        self.kind = kind
        self.path = path
        self.reason = reason
    }

    public var description: String {
        if let path { return "\(kind.rawValue): \(path): \(reason)" }
        return "\(kind.rawValue): \(reason)"
    }
}
