/// A text view's draft follows the three-way rule (rule H16, ``DraftEditing``).
extension TextView: DraftEditing {
    /// Shows a stored value from its first line, the cursor at its start: a screen that
    /// opens shows the notes from their beginning, not scrolled to their end.
    public func fill(withStored value: String) {
        text = value
        cursorPosition = 0
        scrollPosition = 0
    }

    /// Shows a stored value. While the user is in the text, the cursor and the top row stay
    /// where they were, as far as the new text reaches; otherwise it shows from its start.
    public func replaceText(withStored value: String) {
        let (position, top) = (cursorPosition, scrollPosition)
        let atEnd = position == characterCount
        text = value
        if isFirstResponder {
            cursorPosition = atEnd ? characterCount : position
            scrollPosition = top
        } else {
            cursorPosition = 0
            scrollPosition = 0
        }
    }
}
