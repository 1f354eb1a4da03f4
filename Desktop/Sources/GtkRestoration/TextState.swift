import GtkKit
import StateRestoration

/// The restorable state of editable text, a ``GtkKit/Entry`` or a ``GtkKit/TextView``:
/// its cursor and selection, and its text when the app does not keep the text elsewhere
/// (rule G2).
///
/// The cursor and selection are given back once the relaunched window is on screen and
/// focused (``applyOnScreen(isFinal:)``, called by the ``SceneWindow``): GTK selects an
/// entry's whole text when its window first focuses it, which would undo them earlier.
@MainActor
public final class TextState: Restorable, RestorableView, FocusTarget, OnScreenRestoring {
    /// The entry or text view.
    public let entry: any EditableText
    /// Whether the text is saved and restored too. An entry whose text the app's store
    /// keeps (an item's name) restores it from there: the screen state is no source of data.
    public let restoresText: Bool
    /// The cursor and the selection's other end, read at launch, not yet applied.
    private var restoredCursor: (cursor: Int, anchor: Int)?

    /// Creates the state of `entry`, saved under `identifier`.
    public init(_ entry: any EditableText, identifier: String, restoresText: Bool = false) {
        self.entry = entry
        self.restoresText = restoresText
        super.init(restorationIdentifier: identifier)
        entry.onChange { [weak self] in self?.invalidateRestorableState() }
        entry.onCursorMove { [weak self] in self?.invalidateRestorableState() }
    }

    // snippet: gtk-text-state
    public override func encodeRestorableState(with coder: StateEncoder) throws {
        if restoresText { try coder.encode(entry.text, forKey: "text") }
        try coder.encode(entry.cursorPosition, forKey: "cursor")
        try coder.encode(entry.anchor, forKey: "anchor")
    }

    public override func decodeRestorableState(with coder: StateDecoder) throws {
        if restoresText, let text = try coder.decodeIfPresent(String.self, forKey: "text") {
            entry.text = text
        }
        let cursor = try coder.decode(Int.self, forKey: "cursor")
        let anchor = try coder.decodeIfPresent(Int.self, forKey: "anchor") ?? cursor
        restoredCursor = (cursor, anchor)
    }
    // end-snippet

    /// Puts the cursor and selection back as they were saved, kept within the text (which
    /// may have changed in the store since).
    /// - Parameter isFinal: Forget them after this: later calls do nothing.
    public func applyOnScreen(isFinal: Bool = true) {
        guard let (cursor, anchor) = restoredCursor else { return }
        if isFinal { restoredCursor = nil }
        let length = entry.characterCount
        let clamp = { (position: Int) in max(0, min(position, length)) }
        if clamp(anchor) == clamp(cursor) {
            entry.select(from: clamp(cursor), to: clamp(cursor))
        } else {
            entry.select(from: clamp(anchor), to: clamp(cursor))
        }
    }

    public var focusWidget: Widget { entry }

    public func restoreFocus() {
        entry.grabFocusWithoutSelecting()
    }
}
