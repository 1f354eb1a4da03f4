/// Hooks of a ``TextView``. Every method has a default.
@MainActor
public protocol TextViewDelegate: AnyObject {
    /// The text changed through the keyboard (typing, deleting, cutting, pasting).
    func textViewDidChange(_ textView: TextView)
    /// The cursor or the selection moved through the keyboard.
    func textViewDidChangeSelection(_ textView: TextView)
    /// Enter was pressed while ``TextView/insertsNewlineOnEnter`` is false; return true if
    /// it was used (false lets it travel on along the responder chain).
    func textViewShouldReturn(_ textView: TextView) -> Bool
}

extension TextViewDelegate {
    public func textViewDidChange(_ textView: TextView) {}
    public func textViewDidChangeSelection(_ textView: TextView) {}
    public func textViewShouldReturn(_ textView: TextView) -> Bool { false }
}
