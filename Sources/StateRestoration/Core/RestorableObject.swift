/// An object that takes part in state preservation and restoration.
///
/// View controllers, views that keep state (a table view, a text field) and registered
/// plain objects adopt this protocol. The engine never creates one itself: it asks the
/// object's ``restorationClass``, the app delegate, or finds one that already exists
/// (rule R13).
///
/// Every requirement except ``restorationIdentifier`` has a default. A UI layer's base
/// class (a `ViewController`) usually implements them all as overridable members.
@MainActor
public protocol RestorableObject: AnyObject {
    /// The identifier under which this object is saved. `nil` or empty means the object
    /// is not saved, and neither is anything below it (rule R3).
    var restorationIdentifier: String? { get }

    /// The type that creates this object again at launch, or nil to leave creation to the
    /// app delegate or to an object that already exists (rule R13).
    var restorationClass: (any ObjectRestoration.Type)? { get }

    /// The objects below this one, in order: embedded children, then restorable views,
    /// then the controller this one presented.
    var restorationChildren: [any RestorableObject] { get }

    /// True when ``restorationChildren`` may repeat an identifier and are told apart by
    /// position, as the children of a navigation stack are (rule R5).
    var restorationChildrenArePositional: Bool { get }

    /// For an object outside the view-controller tree (rule R17): the object whose path
    /// this object's path extends. Nil makes it a top-level object.
    var restorationParent: (any RestorableObject)? { get }

    /// The version of the state this object writes, recorded with it (rule R19).
    var restorationStateVersion: Int { get }

    /// The engine that saves this object: the one that
    /// ``invalidateRestorableState()`` tells, as a UIKit view reaches its window's scene.
    /// The default asks ``restorationParent``; a UI layer answers for its views and
    /// controllers (their window's application's engine, say).
    var restorationEngine: RestorationEngine? { get }

    /// Writes this object's state. Each object gets its own keyed coder (rule R6).
    /// - Throws: ``StateCodingError`` (a reserved key, a failed `Codable` value); the
    ///   object is then left out of the archive with a diagnostic.
    func encodeRestorableState(with coder: StateEncoder) throws

    /// Reads the state written by ``encodeRestorableState(with:)`` (phase 2, rule R12).
    /// Containers rebuild their structure here by decoding object references.
    /// - Throws: ``StateCodingError`` for a missing key or a wrong type. The engine records
    ///   a diagnostic and goes on with the next object.
    func decodeRestorableState(with coder: StateDecoder) throws

    /// Called on every restored object once all of them have decoded their state.
    func applicationFinishedRestoringState()

    /// True for a ``RestorableView``. Do not implement it: the defaults answer, false here
    /// and true for any type that adopts ``RestorableView``. The engine asks this instead
    /// of casting to the protocol, since the first cast of each type to a protocol scans
    /// the program's conformance records (a tenth of a restored launch's own work, rule
    /// P2).
    var isRestorableView: Bool { get }
}

extension RestorableObject {
    public var restorationClass: (any ObjectRestoration.Type)? { nil }
    public var restorationChildren: [any RestorableObject] { [] }
    public var restorationChildrenArePositional: Bool { false }
    public var restorationParent: (any RestorableObject)? { nil }
    public var restorationStateVersion: Int { restorationClass?.restorationStateVersion ?? 0 }
    public var restorationEngine: RestorationEngine? { restorationParent?.restorationEngine }
    public func encodeRestorableState(with coder: StateEncoder) throws {}
    public func decodeRestorableState(with coder: StateDecoder) throws {}
    public func applicationFinishedRestoringState() {}
    public var isRestorableView: Bool { false }
}

extension RestorableObject {
    /// The identifier if it is usable: non-nil and non-empty.
    var usableRestorationIdentifier: String? {
        guard let identifier = restorationIdentifier, !identifier.isEmpty else { return nil }
        return identifier
    }

    /// A short human name for diagnostics: the type name.
    var diagnosticName: String { _typeName(type(of: self), qualified: false) }
}
