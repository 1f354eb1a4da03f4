import StateRestoration

/// What the three-way rule (H16) decides when a stored value meets a draft.
public enum DraftMerge: Hashable, Sendable {
    /// The store still holds the base: the draft, edited or not, stays as it is.
    case unchanged
    /// The draft was not edited: the stored value replaces it, and is the new base.
    case tookStored
    /// The draft and the store hold the same text: it is the new base.
    case converged
    /// Base, draft and store all differ: the store keeps its value, the draft keeps the
    /// user's text, and the user chooses (``DraftEditing/resolveConflict(keepingMine:)``).
    case conflict

    /// The rule itself. A draft without a base (one restored from an archive that did not
    /// record it) is trusted only where it equals the store: otherwise it is a conflict,
    /// so that no archive writes over the store unasked (H17).
    ///
    /// Texts compare by their bytes (``TextBytes``), not by String's canonical equivalence.
    public static func decide(draft: String, base: String?, stored: String) -> DraftMerge {
        if TextBytes.equal(draft, stored) { return .converged }
        guard let base else { return .conflict }
        if TextBytes.equal(stored, base) { return .unchanged }
        if TextBytes.equal(draft, base) { return .tookStored }
        return .conflict
    }
}

/// A draft's base and conflict (rule H16): the stored value the text started from, and,
/// while the store holds a third value, that value. Two are equal when their texts hold the
/// same bytes (``TextBytes``).
public struct DraftBase: Hashable, Sendable {
    /// The stored value the text started from; nil when none is known.
    public var base: String?
    /// The store's value while it conflicts with the text; nil otherwise.
    public var conflict: String?

    /// No base known, no conflict.
    public init(base: String? = nil, conflict: String? = nil) {
        self.base = base
        self.conflict = conflict
    }

    public static func == (lhs: DraftBase, rhs: DraftBase) -> Bool {
        TextBytes.equal(lhs.base, rhs.base) && TextBytes.equal(lhs.conflict, rhs.conflict)
    }

    public func hash(into hasher: inout Hasher) {
        TextBytes.hash(base, into: &hasher)
        TextBytes.hash(conflict, into: &hasher)
    }

    /// Writes the base (key `base`, left out when it equals `text`, with `hasBase`) and the
    /// conflicting value (key `conflict`).
    @MainActor func encode(text: String, with coder: StateEncoder) throws {
        if let base {
            try coder.encode(true, forKey: "hasBase")
            if !TextBytes.equal(base, text) { try coder.encode(base, forKey: "base") }
        }
        if let conflict { try coder.encode(conflict, forKey: "conflict") }
    }

    /// Reads what ``encode(text:with:)`` wrote; `text` is the restored text. A restored text
    /// saved without a base has none (an archive of an earlier version, or a crafted one):
    /// the base the view had before belongs to its text, not to the archive's.
    @MainActor mutating func decode(text: String, with coder: StateDecoder) throws {
        guard coder.contains("text") else { return }
        if try coder.decodeIfPresent(Bool.self, forKey: "hasBase") == true {
            base = try coder.decodeIfPresent(String.self, forKey: "base") ?? text
        } else {
            base = nil
        }
        conflict = try coder.decodeIfPresent(String.self, forKey: "conflict")
    }
}

/// A view holding editable text whose drafts follow the three-way rule (H16): a
/// ``TextField`` or a ``TextView``. The controller fills it with ``reset(toStored:)``,
/// passes every value it reads from its store to ``takeStoredValue(_:)``, commits
/// ``editedText`` (with ``DraftBase/base`` as what the store must still hold), and tells
/// it ``markSaved(_:)`` when the store took it.
///
/// The text never changes under the cursor without the user's say: a conflict keeps it,
/// and only ``resolveConflict(keepingMine:)`` with `false` replaces it.
@MainActor
public protocol DraftEditing: AnyObject {
    /// The text shown.
    var text: String { get }
    /// The base and the conflict; saved with the text.
    var draftBase: DraftBase { get set }
    /// Replaces the text with a value from the store, keeping the cursor where it was as
    /// far as the new text reaches.
    func replaceText(withStored value: String)
    /// Fills the view with a value from the store, as a screen that opens does.
    func fill(withStored value: String)
}

extension DraftEditing {
    /// True while the text differs from its base: an edit the store does not have yet.
    public var isEdited: Bool { draftBase.base.map { !TextBytes.equal($0, text) } ?? true }

    /// The text to commit: an edit with no conflict; nil otherwise.
    public var editedText: String? {
        guard draftBase.conflict == nil, let base = draftBase.base, !TextBytes.equal(base, text) else {
            return nil
        }
        return text
    }

    /// True while the store holds a value that differs from both the base and the text.
    public var hasConflict: Bool { draftBase.conflict != nil }

    /// Shows `value`, the store's, as both text and base: the screen was just filled.
    public func reset(toStored value: String) {
        fill(withStored: value)
        draftBase = DraftBase(base: value)
    }

    /// Applies the three-way rule to a value just read from the store.
    @discardableResult
    public func takeStoredValue(_ stored: String) -> DraftMerge {
        let outcome = DraftMerge.decide(draft: text, base: draftBase.base, stored: stored)
        switch outcome {
        case .unchanged:
            break
        case .tookStored:
            replaceText(withStored: stored)
            draftBase = DraftBase(base: stored)
        case .converged:
            draftBase = DraftBase(base: stored)
        case .conflict:
            draftBase.conflict = stored
        }
        return outcome
    }

    /// The store took `value` for this text (a commit landed): it is the base now.
    public func markSaved(_ value: String) {
        draftBase.base = value
        if TextBytes.equal(draftBase.conflict, value) { draftBase.conflict = nil }
    }

    /// Ends a conflict: keeping mine makes the store's value the base, so the text is an
    /// edit to commit over it; taking theirs shows the store's value.
    public func resolveConflict(keepingMine: Bool) {
        guard let theirs = draftBase.conflict else { return }
        if keepingMine {
            draftBase = DraftBase(base: theirs)
        } else {
            replaceText(withStored: theirs)
            draftBase = DraftBase(base: theirs)
        }
    }
}
