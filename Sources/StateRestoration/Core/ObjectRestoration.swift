/// A type that creates objects again at launch: UIKit's restoration class.
///
/// Linux Swift has no Objective-C runtime to look a class up by name, so a restoration
/// class is registered with a ``RestorationRegistry`` under ``restorationClassName``. An
/// archive that names an unregistered class restores nothing at that path (rule R15):
/// decoding never creates a type the app did not register.
@MainActor
public protocol ObjectRestoration {
    /// The name recorded in the archive. Defaults to the type's name,
    /// `String(describing: Self.self)`, the counterpart of `NSStringFromClass`.
    static var restorationClassName: String { get }

    /// The version of the state this class's objects write (rule R19). Defaults to 0.
    /// Decoding sees the stored version through ``StateDecoder/stateVersion``, so an old
    /// archive can be migrated instead of dropped.
    static var restorationStateVersion: Int { get }

    /// Creates the object saved at `path`, or returns nil to leave it, and everything below
    /// it, unrestored (rule R13a).
    ///
    /// - Parameters:
    ///   - path: The object's restoration path; ``RestorationPath/count`` tells apart, for
    ///     example, a modal screen from a pushed one.
    ///   - coder: The object's saved state. Creation usually only peeks at it; the full
    ///     decode happens in phase 2.
    /// - Returns: The new object, or nil.
    static func restoreObject(withRestorationPath path: RestorationPath, coder: StateDecoder)
        -> (any RestorableObject)?

    /// The most objects this class creates in one restore (rule P3), or nil for no bound
    /// beyond the archive's limits. Defaults to nil.
    ///
    /// An archive within every limit can still hold a hundred thousand records of a class
    /// whose objects each cost real work (a query, a decoded image): a screen that is shown
    /// once or twice says so here. The records past the bound, and their subtrees, are left
    /// out, with one ``RestorationDiagnostic`` naming the class and the bound.
    static var maximumRestoredObjects: Int? { get }
}

extension ObjectRestoration {
    public static var restorationClassName: String { _typeName(Self.self, qualified: false) }
    public static var restorationStateVersion: Int { 0 }
    public static var maximumRestoredObjects: Int? { nil }
}
