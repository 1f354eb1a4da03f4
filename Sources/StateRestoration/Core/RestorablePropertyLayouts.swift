import Synchronization

/// Where the restorable properties (rule R25) of each class are stored, found once per
/// class by reflecting its fields, on whichever thread asks first.
///
/// Reflecting a class's fields makes the runtime build the metadata of every field's type,
/// a third of a million instructions for a view controller with a few dozen fields. A
/// restore meets each restored class for the first time on the main thread, before the
/// first frame (rule P2). An app that knows which classes its restore will meet can have
/// them reflected on another thread first:
///
/// ```swift
/// let layouts = application.engine.restorablePropertyLayouts
/// DispatchQueue.global().async { layouts.prepare([DetailViewController.self]) }
/// ```
///
/// A class asked on the main thread before it is prepared is reflected there, as without
/// preparing; the result is the same either way.
public final class RestorablePropertyLayouts: Sendable {
    /// Byte offsets of the fields that hold a restorable property, by class; nil for a class
    /// the runtime cannot describe.
    private let found = Mutex<[ObjectIdentifier: [Int]?]>([:])

    /// An empty set of layouts.
    public init() {}

    /// Reflects `types` now, on the calling thread, for the restores and saves to come.
    public func prepare(_ types: [AnyObject.Type]) {
        for type in types { _ = offsets(of: type) }
    }

    /// True once `type` was reflected, here or on another thread.
    func isKnown(_ type: AnyObject.Type) -> Bool {
        found.withLock { $0[ObjectIdentifier(type)] != nil }
    }

    /// The offsets of `type`'s restorable properties, reflected now if no thread has yet.
    func offsets(of type: AnyObject.Type) -> [Int]? {
        let key = ObjectIdentifier(type)
        if let known = found.withLock({ $0[key] }) { return known }
        let offsets = RestorableProperties.propertyOffsets(of: type)
        found.withLock { $0[key] = offsets }
        return offsets
    }
}
