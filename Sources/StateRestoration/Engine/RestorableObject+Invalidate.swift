extension RestorableObject {
    /// Says that this object's restorable state changed (rule R26), as UIKit's
    /// `UIApplication.shared.restorationStateChanged` would if it existed: continuous
    /// preservation (R20) of this object's own engine (``restorationEngine``) saves it after
    /// its debounce, without waiting for a key press. Other engines (another window's
    /// session, say) hear nothing. An object that belongs to no engine yet changes nothing.
    ///
    /// Call it when state changes off the input path: a timer, a load that finished, data
    /// another process changed. A save that finds nothing changed writes nothing.
    public func invalidateRestorableState() {
        restorationEngine?.stateDidChange()
    }
}
