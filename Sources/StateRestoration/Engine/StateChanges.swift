/// Where a change of restorable state is told (rule R26): every live engine hears it and
/// schedules continuous preservation (R20), with no input event needed, so a timer, a
/// background load or another instance's change is saved too.
@MainActor
enum StateChanges {
    private struct WeakEngine {
        weak var engine: RestorationEngine?
    }

    private static var engines: [WeakEngine] = []

    static func register(_ engine: RestorationEngine) {
        engines.removeAll { $0.engine == nil }
        engines.append(WeakEngine(engine: engine))
    }

    /// Tells every live engine that state changed.
    static func stateDidChange() {
        engines.removeAll { $0.engine == nil }
        for entry in engines { entry.engine?.stateDidChange() }
    }
}

extension RestorableObject {
    /// Says that this object's restorable state changed (rule R26), as UIKit's
    /// `UIApplication.shared.restorationStateChanged` would if it existed: continuous
    /// preservation (R20) saves it after its debounce, without waiting for a key press.
    ///
    /// Call it when state changes off the input path: a timer, a load that finished, data
    /// another process changed. A save that finds nothing changed writes nothing.
    public func invalidateRestorableState() {
        StateChanges.stateDidChange()
    }
}
