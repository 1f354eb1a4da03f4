/// Why a preservation pass runs (rule R2).
public enum PreservationReason: String, Hashable, Sendable {
    /// The app entered the background.
    case background
    /// The app is terminating normally.
    case termination
    /// The app asked for a pass.
    case requested
    /// Continuous preservation: state changed and input went idle (rule R20).
    case continuous
}

/// What one preservation pass did.
public struct PreservationReport: Sendable {
    /// Why the pass ran.
    public var reason: PreservationReason
    /// False if the app delegate declined the pass; nothing was written then.
    public var saved: Bool
    /// The saved objects' paths, in archive order.
    public var savedPaths: [RestorationPath]
    /// The archive's size in bytes (0 when declined).
    public var byteCount: Int
    /// What was skipped, and why.
    public var diagnostics: [RestorationDiagnostic]
}

/// The bytes of a preservation pass before they are written: what
/// ``RestorationEngine/encodeState(reason:)`` returns.
public struct EncodedState: Sendable {
    /// The archive.
    public var bytes: [UInt8]
    /// What the pass did.
    public var report: PreservationReport
}

/// What one restore did.
@MainActor
public struct RestorationReport {
    /// True if an archive was read and the app delegate agreed to restore it.
    public var restored: Bool
    /// The restored objects by path, in archive order.
    public var objects: [(path: RestorationPath, object: any RestorableObject)]
    /// The restored top-level objects (records without a parent), in order: usually the
    /// windows' root view controllers.
    public var roots: [any RestorableObject]
    /// The archive's metadata, if one was read.
    public var metadata: ArchiveMetadata?
    /// What was dropped, discarded or mismatched, and why.
    public var diagnostics: [RestorationDiagnostic]

    /// The restored paths, in order.
    public var restoredPaths: [RestorationPath] { objects.map(\.path) }

    /// The restored object at `path`, if any.
    public func object(at path: RestorationPath) -> (any RestorableObject)? {
        objects.first { $0.path == path }?.object
    }

    static let empty = RestorationReport(
        restored: false, objects: [], roots: [], metadata: nil, diagnostics: [])
}
