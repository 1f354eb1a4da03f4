extension RestorationEngine {
    // MARK: Plain objects (R17)

    /// Makes a plain object known under an identifier, as UIKit's
    /// `registerObject(forStateRestoration:restorationIdentifier:)` does (rules R17, R13c).
    ///
    /// A plain object lives outside the view tree, so neither the save's walk nor the
    /// restore's search of the tree meets it:
    /// - a save records it when a saved object encodes a reference to it, at its
    ///   ``RestorableObject/restorationParent``'s path plus `restorationIdentifier`;
    /// - a restore finds it at that path (R13c) and decodes its state into it, when the
    ///   archive recorded no restoration class for it and the app delegate returns nil.
    ///
    /// Register it before the restore, in `willFinishLaunching`: a restore does not look for
    /// objects registered after it. An unregistered plain object is not found; the restore
    /// says so with a diagnostic. The identifier replaces the object's own
    /// ``RestorableObject/restorationIdentifier`` for this purpose. Registering an object
    /// again replaces its identifier. Held weakly.
    /// - Parameters:
    ///   - object: The plain object.
    ///   - restorationIdentifier: Its identifier among its restoration parent's children;
    ///     an empty one unregisters the object.
    public func registerObjectForStateRestoration(
        _ object: any RestorableObject, restorationIdentifier: String
    ) {
        registeredObjects.removeAll { $0.object == nil || $0.object === object }
        guard !restorationIdentifier.isEmpty else { return }
        registeredObjects.append(WeakObject(object: object, identifier: restorationIdentifier))
    }

    /// Registers a plain object under its own ``RestorableObject/restorationIdentifier``:
    /// the same as ``registerObjectForStateRestoration(_:restorationIdentifier:)`` with that
    /// identifier. An object without one is not registered.
    public func registerObjectForStateRestoration(_ object: any RestorableObject) {
        registerObjectForStateRestoration(
            object, restorationIdentifier: object.usableRestorationIdentifier ?? "")
    }

    /// The registered objects' identifiers, by object, for a save.
    func registeredIdentifiers() -> [ObjectIdentifier: String] {
        guard !registeredObjects.isEmpty else { return [:] }
        var identifiers: [ObjectIdentifier: String] = [:]
        for (object, identifier) in liveRegisteredObjects {
            identifiers[ObjectIdentifier(object)] = identifier
        }
        return identifiers
    }

    /// The live registered objects with their identifiers.
    var liveRegisteredObjects: [(object: any RestorableObject, identifier: String)] {
        registeredObjects.compactMap { entry in entry.object.map { ($0, entry.identifier) } }
    }
}

/// A registered plain object, held weakly, with its identifier.
struct WeakObject {
    weak var object: (any RestorableObject)?
    let identifier: String
}
