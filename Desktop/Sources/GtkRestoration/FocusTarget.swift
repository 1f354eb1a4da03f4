import GtkKit

/// A restorable object that can hold the keyboard focus: the window saves which one holds
/// it, and gives it back once the relaunched window is on screen (rule G4).
@MainActor
public protocol FocusTarget: Restorable {
    /// The widget the focus is in when this object holds it.
    var focusWidget: Widget { get }
    /// Takes the focus as the user left it: an entry without selecting its text, a list on
    /// its selected row.
    func restoreFocus()
}
