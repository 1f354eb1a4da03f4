/// One thing the engine skipped, dropped, discarded or could not match, and why (rule R21).
///
/// Every diagnostic reads as a sentence a person understands, for example
/// `not saved: Nav/Detail: ancestor 'Nav' has no restoration identifier`.
public struct RestorationDiagnostic: Hashable, Sendable, CustomStringConvertible {
    /// The kind of event.
    public enum Kind: String, Hashable, Sendable {
        /// An object (or its subtree) was left out of a save.
        case notSaved = "not saved"
        /// An object was left out of a restore, with its subtree.
        case notRestored = "not restored"
        /// An object was found but its state was not decoded (type mismatch, decode error).
        case notDecoded = "not decoded"
        /// The whole archive was thrown away (rule R18).
        case archiveDiscarded = "archive discarded"
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
