extension RestorableObject {
    /// Says that this object's restorable state changed (rule R26), as UIKit's
    /// `UIApplication.shared.restorationStateChanged` would if it existed: continuous
    /// preservation (R20) of this object's own engine (``restorationEngine``) saves it after
    /// its debounce, without waiting for a key press. Other engines (another window's
    /// session, say) hear nothing. An object that belongs to no engine yet changes nothing.
    ///
    /// Call it when state changes off the input path: a timer, a load that finished, data
    /// another process changed, and whenever this object's children change (added, removed,
    /// reordered) or a child's identifier does. A save that finds nothing changed writes
    /// nothing. The next save encodes this object's record again and copies the records of
    /// objects that did not call it (rule P1).
    public func invalidateRestorableState() {
        restorationEngine?.stateDidChange(of: self)
    }
}
