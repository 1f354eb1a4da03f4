import StateRestoration

/// Hooks of a ``TextField``. Every method has a default.
@MainActor
public protocol TextFieldDelegate: AnyObject {
    /// The text changed through the keyboard.
    func textFieldDidChange(_ textField: TextField)
    /// Enter was pressed; return true if it was used (false lets it travel on).
    func textFieldShouldReturn(_ textField: TextField) -> Bool
    /// A key was refused (a letter in a numeric field, or the field is full).
    func textField(_ textField: TextField, didReject character: Character)
}

extension TextFieldDelegate {
    public func textFieldDidChange(_ textField: TextField) {}
    public func textFieldShouldReturn(_ textField: TextField) -> Bool { false }
    public func textField(_ textField: TextField, didReject character: Character) {}
}

/// One line of editable text (UIKit's `UITextField`).
///
/// The cursor moves by characters (grapheme clusters), so an accented letter or a Chinese
/// character is one step; a wide character takes two columns. Text longer than the field
/// scrolls to keep the cursor visible; a field without the focus shows the start of its
/// text, ending with `…` when it is cut. Keys: ←/→, Home/End (^A/^E), Backspace, Delete,
/// ^U (to the start), ^K (to the end), ^W (the word before). A paste (``Key/Code/paste(_:)``)
/// is inserted in one step, on one line: line breaks and tabs become spaces (a final line
/// break is dropped), other control characters are dropped.
///
/// Work per key follows the field's width, not the text's length (rule H14): the field
/// keeps the cursor and the first shown character as string indices, and measures only
/// the characters around them, so a field holding a megabyte edits as fast as an empty one.
///
/// With a ``restorationIdentifier`` it saves its text and cursor (rule R16, keys `text`
/// and `cursor`), and how far it is scrolled (key `scroll`, when it is), so a relaunch
/// shows the same part of a long text. A controller that fills its fields from the model should do so in
/// `viewDidLoad` (before restoration decodes them), not in `viewWillAppear`, or the
/// restored half-typed text is overwritten.
@MainActor
open class TextField: View {
    /// The text. Setting it puts the cursor at its end.
    public var text: String {
        get { storage }
        set {
            storage = newValue
            characterCount = TextClusters.count(newValue[...])
            cursor = characterCount
            cursorIndex = storage.endIndex
            scrollOffset = 0
            scrollIndex = storage.startIndex
            restorableStateDidChange()
        }
    }
    /// Shown, dimmed, while the text is empty.
    public var placeholder: String?
    /// Text that stands for a default value (the `0` of a new item's price): while the
    /// field holds exactly this text with the cursor at its end, what is typed or pasted
    /// replaces it instead of being added to it (typing `45` gives `45`, not `045`).
    public var defaultText: String?
    /// Accepts digits only.
    public var isNumeric = false
    /// The most characters it takes, or nil for no limit.
    public var maximumLength: Int?
    /// Receives changes and Enter.
    public weak var delegate: (any TextFieldDelegate)?
    /// Called after every change made through the keyboard.
    public var onChange: (@MainActor (TextField) -> Void)?
    /// The stored value the text started from, and a conflicting one (rule H16,
    /// ``DraftEditing``); saved with the text (keys `hasBase`, `base`, `conflict`).
    public var draftBase = DraftBase() {
        didSet { if draftBase != oldValue { restorableStateDidChange() } }
    }

    /// The text itself (``text`` reads it without a copy).
    private var storage: String
    /// `storage.count`, kept up to date by every edit (counting is linear).
    private var characterCount: Int
    /// The cursor, as characters before it, and where that is in ``storage``.
    private var cursor: Int
    private var cursorIndex: String.Index
    /// The first character shown (the field scrolls horizontally), as a count and an index.
    private var scrollOffset = 0
    private var scrollIndex: String.Index

    /// Zero-width characters (a lone joiner, say) a walk over the shown text steps over
    /// beyond the field's width before it stops: a bound on the work per key whatever the
    /// text holds.
    private static let zeroWidthAllowance = 64

    /// Creates a text field.
    public init(text: String = "", placeholder: String? = nil) {
        self.storage = text
        self.placeholder = placeholder
        self.characterCount = TextClusters.count(text[...])
        self.cursor = characterCount
        self.cursorIndex = text.endIndex
        self.scrollIndex = text.startIndex
        super.init()
    }

    /// The cursor, as a count of characters before it (0...text.count).
    public var cursorPosition: Int {
        get { cursor }
        set {
            moveCursor(to: min(max(0, newValue), characterCount))
            restorableStateDidChange()
        }
    }

    override open var canBecomeFirstResponder: Bool { true }
    override open var consumesTextInput: Bool { true }

    // MARK: Editing

    /// Says what each key it uses changed (rule P1): its text, cursor or scroll.
    override open var reportsRestorableStateChanges: Bool { true }

    override open func takeKey(_ key: Key) -> Bool {
        if let character = key.text {
            insert(character)
            return true
        }
        switch (key.code, key.modifiers.contains(.control)) {
        case (.paste(let pasted), _): paste(pasted)
        case (.left, _):
            guard cursorIndex > storage.startIndex else { return true }
            cursorIndex = character(before: cursorIndex)
            cursor = max(0, cursor - 1)
        case (.right, _):
            guard cursorIndex < storage.endIndex else { return true }
            cursorIndex = character(after: cursorIndex)
            cursor = min(characterCount, cursor + 1)
        case (.home, _), (.character("a"), true): moveCursor(to: 0)
        case (.end, _), (.character("e"), true): moveCursor(to: characterCount)
        case (.backspace, _), (.character("h"), true):
            guard cursorIndex > storage.startIndex else { return true }
            replace(
                from: (cursor - 1, character(before: cursorIndex)), to: (cursor, cursorIndex), with: "")
        case (.delete, _), (.character("d"), true):
            guard cursorIndex < storage.endIndex else { return true }
            replace(
                from: (cursor, cursorIndex), to: (cursor + 1, character(after: cursorIndex)), with: "")
        case (.character("u"), true):
            replace(from: (0, storage.startIndex), to: (cursor, cursorIndex), with: "")
        case (.character("k"), true):
            replace(from: (cursor, cursorIndex), to: (characterCount, storage.endIndex), with: "")
        case (.character("w"), true): replace(from: wordStart(), to: (cursor, cursorIndex), with: "")
        case (.enter, _): return delegate?.textFieldShouldReturn(self) ?? false
        default: return false
        }
        return true
    }

    override open var keyHints: [KeyHint] { [] }

    private func insert(_ character: Character) {
        guard !Self.isControl(character), !character.isNewline else { return }
        if isNumeric && !(character.isASCII && character.isNumber) {
            delegate?.textField(self, didReject: character)
            return
        }
        if replacesDefaultText {
            replace(
                from: (0, storage.startIndex), to: (characterCount, storage.endIndex), with: String(character)
            )
            return
        }
        if let maximumLength, characterCount >= maximumLength {
            delegate?.textField(self, didReject: character)
            return
        }
        insertAtCursor(String(character))
    }

    /// Inserts pasted text in one edit, on one line: line breaks and tabs become spaces (a
    /// final line break is dropped), other control characters are dropped; a numeric field
    /// keeps the digits and ``maximumLength`` what fits. The delegate hears of the first
    /// character refused.
    private func paste(_ pasted: String) {
        var body = Substring(pasted)
        while body.last?.isNewline == true { body = body.dropLast() }
        let replacing = replacesDefaultText
        let room = maximumLength.map { max(0, $0 - (replacing ? 0 : characterCount)) } ?? Int.max
        let (accepted, refused) = accept(body, room: room)
        if !accepted.isEmpty {
            if replacing {
                replace(from: (0, storage.startIndex), to: (characterCount, storage.endIndex), with: accepted)
            } else {
                insertAtCursor(accepted)
            }
        }
        if let refused { delegate?.textField(self, didReject: refused) }
    }

    /// What this field takes of `body` as typed input: line breaks and tabs as spaces, no
    /// other control characters, digits only when numeric, at most `room` characters; and
    /// the first character refused.
    private func accept(_ body: Substring, room: Int) -> (accepted: String, refused: Character?) {
        // Clean text is taken as it is, without a walk by characters (which would copy a
        // long grapheme cluster as one `Character`).
        if !isNumeric, TextStorage.isClean(body, lineFeeds: false),
            room == Int.max || TextClusters.count(body) <= room
        {
            return (String(body), nil)
        }
        var room = room
        var accepted = ""
        var refused: Character?
        for character in body {
            var character = character
            if character.isNewline || character == "\t" {
                character = " "
            } else if Self.isControl(character) {
                continue
            }
            if isNumeric && !(character.isASCII && character.isNumber) || room == 0 {
                refused = refused ?? character
                continue
            }
            accepted.append(character)
            room -= 1
        }
        return (accepted, refused)
    }

    /// True if the text is the ``defaultText`` with the cursor at its end.
    private var replacesDefaultText: Bool {
        guard let defaultText, cursorIndex == storage.endIndex else { return false }
        return storage.utf8.count == defaultText.utf8.count && storage == defaultText
    }

    /// C0 and C1 controls and DEL: never text.
    private static func isControl(_ character: Character) -> Bool {
        let scalar = character.unicodeScalars.first?.value ?? 0
        return scalar < 0x20 || scalar == 0x7F || (0x80..<0xA0).contains(scalar)
    }

    private func insertAtCursor(_ inserted: String) {
        replace(from: (cursor, cursorIndex), to: (cursor, cursorIndex), with: inserted)
    }

    /// Replaces the characters between two positions (a count and its index) and puts the
    /// cursor after the new text.
    ///
    /// Only a window around the edit is counted again: two characters either side, which
    /// covers a combining mark that merges with the character before, or a character that
    /// stops being one when its neighbour goes. The rest of the text keeps its count, and
    /// the text before the window its byte offsets.
    private func replace(
        from lower: (offset: Int, index: String.Index), to upper: (offset: Int, index: String.Index),
        with replacement: String
    ) {
        let start = storage.startIndex
        var anchor = lower.index
        var before = 0
        while before < 2 && anchor > start {
            anchor = character(before: anchor)
            before += 1
        }
        var tail = upper.index
        var after = 0
        while after < 2 && tail < storage.endIndex {
            tail = character(after: tail)
            after += 1
        }
        let head = String(storage[anchor..<lower.index]) + replacement
        let window = head + storage[upper.index..<tail]
        let anchorBytes = storage.utf8.distance(from: start, to: anchor)
        let scrollBytes = storage.utf8.distance(from: start, to: scrollIndex)
        let prefixCount = lower.offset - before
        storage.replaceSubrange(anchor..<tail, with: window)
        characterCount = max(
            0,
            characterCount - (before + upper.offset - lower.offset + after) + TextClusters.count(window[...]))
        let newAnchor = storage.utf8.index(storage.startIndex, offsetBy: anchorBytes)
        cursor = min(prefixCount + TextClusters.count(head[...]), characterCount)
        cursorIndex = index(newAnchor, offsetBy: max(0, cursor - prefixCount), limitedBy: storage.endIndex)
        if scrollOffset <= prefixCount {
            scrollIndex = storage.utf8.index(storage.startIndex, offsetBy: scrollBytes)
        } else {
            scrollOffset = min(scrollOffset, cursor)
            scrollIndex = index(newAnchor, offsetBy: scrollOffset - prefixCount, limitedBy: cursorIndex)
        }
        delegate?.textFieldDidChange(self)
        onChange?(self)
    }

    /// Moves the cursor to a character count, walking from the nearest known position.
    private func moveCursor(to offset: Int) {
        let known = [(0, storage.startIndex), (cursor, cursorIndex), (characterCount, storage.endIndex)]
        let (base, baseIndex) =
            known.min { abs($0.0 - offset) < abs($1.0 - offset) } ?? (0, storage.startIndex)
        let limit = offset >= base ? storage.endIndex : storage.startIndex
        cursorIndex = index(baseIndex, offsetBy: offset - base, limitedBy: limit)
        cursor = offset
    }

    /// Where ^W starts deleting: the start of the word before the cursor (and the spaces
    /// after it).
    private func wordStart() -> (offset: Int, index: String.Index) {
        var index = cursorIndex
        var offset = cursor
        while index > storage.startIndex, TextClusters.isSpace(storage[character(before: index)..<index]) {
            index = character(before: index)
            offset -= 1
        }
        while index > storage.startIndex, !TextClusters.isSpace(storage[character(before: index)..<index]) {
            index = character(before: index)
            offset -= 1
        }
        return (max(0, offset), index)
    }

    /// The end of the character at `index`, as ``TextClusters`` cuts a long cluster.
    private func character(after index: String.Index) -> String.Index {
        TextClusters.index(after: index, in: storage[...])
    }

    /// The start of the character before `index`.
    private func character(before index: String.Index) -> String.Index {
        TextClusters.index(before: index, in: storage[...])
    }

    /// The index `distance` characters from `index`, or `limit` if that is nearer.
    private func index(_ index: String.Index, offsetBy distance: Int, limitedBy limit: String.Index)
        -> String.Index
    {
        TextClusters.index(index, offsetBy: distance, limitedBy: limit, in: storage[...]) ?? limit
    }

    // MARK: Drawing

    override open func layoutSubviews() {
        super.layoutSubviews()
        let scrolled = scrollOffset
        scrollToCursor(width: frame.width)
        if scrollOffset != scrolled { restorableStateDidChange() }
    }

    /// Moves the first shown character so the cursor shows, with one free column after
    /// the text before it. Walks back from the cursor and from the end, never further
    /// than the width: the work does not depend on the text's length.
    private func scrollToCursor(width: Int) {
        if cursorIndex < scrollIndex || cursor < scrollOffset {
            scrollOffset = cursor
            scrollIndex = cursorIndex
        }
        guard width > 1 else {
            scrollOffset = cursor
            scrollIndex = cursorIndex
            return
        }
        let room = width - 1
        let steps = room + Self.zeroWidthAllowance
        // The text from the first shown character to the cursor must fit in the room: the
        // earliest start that does, if the current one does not.
        let fitting = walkBack(from: (cursor, cursorIndex), toward: scrollIndex, room: room, steps: steps)
        if fitting.index > scrollIndex {
            scrollOffset = fitting.offset
            scrollIndex = fitting.index
        }
        // No blank space at the right while earlier text could show (after a widening).
        guard scrollIndex > storage.startIndex else { return }
        let end = walkBack(
            from: (characterCount, storage.endIndex), toward: storage.startIndex, room: room, steps: steps)
        if end.index < scrollIndex {
            scrollOffset = end.offset
            scrollIndex = end.index
        }
    }

    /// The earliest position, going back from `position` but not before `limit`, whose
    /// text up to `position` fits in `room` columns (at most `steps` characters back).
    private func walkBack(
        from position: (offset: Int, index: String.Index), toward limit: String.Index, room: Int, steps: Int
    ) -> (offset: Int, index: String.Index) {
        var index = position.index
        var offset = position.offset
        var used = 0
        var taken = 0
        while index > limit && taken < steps {
            let previous = character(before: index)
            used += TextWidth.of(piece: storage[previous..<index])
            if used > room { break }
            index = previous
            offset -= 1
            taken += 1
        }
        return (max(0, offset), index)
    }

    override open func draw(in canvas: Canvas) {
        let width = canvas.size.width
        guard width > 0 else { return }
        scrollToCursor(width: width)
        let focused = isFirstResponder
        canvas.fill(Rect(x: 0, y: 0, width: width, height: 1), style: theme.field)
        if storage.isEmpty, let placeholder {
            canvas.text(placeholder, at: .zero, style: theme.placeholder, maxWidth: width)
        } else if focused {
            canvas.text(storage[scrollIndex...], at: .zero, style: theme.field, maxWidth: width)
        } else {
            // Without the focus: the start, and `…` in the last cell if the text goes on.
            let shown = TextWidth.truncate(storage, to: width)
            canvas.text(shown, at: .zero, style: theme.field, maxWidth: width)
        }
        if focused {
            let column = TextWidth.of(storage[scrollIndex..<cursorIndex])
            canvas.placeCursor(at: Point(x: min(column, width - 1), y: 0))
        }
    }

    // MARK: Restoration

    /// Writes the text and the cursor (keys `text`, `cursor`), and the first character
    /// shown (key `scroll`) when the field is scrolled. The scroll is saved because it
    /// depends on how the cursor got where it is: moving left from the end of a text one
    /// column too wide keeps it scrolled, while the same text and cursor shown afresh are
    /// not (found by restoration-fuzz).
    /// - Throws: ``StateCodingError`` from the coder.
    override open func encodeRestorableState(with coder: StateEncoder) throws {
        try coder.encode(storage, forKey: "text")
        try coder.encode(cursor, forKey: "cursor")
        if scrollOffset > 0 { try coder.encode(scrollOffset, forKey: "scroll") }
        try draftBase.encode(text: storage, with: coder)
    }

    /// Reads the text, the cursor and the scroll. A scroll past the cursor is taken as the
    /// cursor; the next layout scrolls as little as the width then needs.
    /// - Throws: ``StateCodingError`` for a value of the wrong type.
    override open func decodeRestorableState(with coder: StateDecoder) throws {
        // An archive is untrusted input (H17): its text goes through what typing accepts.
        if let saved = try coder.decodeIfPresent(String.self, forKey: "text") {
            text = accept(Substring(saved), room: maximumLength ?? Int.max).accepted
        }
        try draftBase.decode(text: storage, with: coder)
        if let saved = try coder.decodeIfPresent(Int.self, forKey: "cursor") { cursorPosition = saved }
        if let saved = try coder.decodeIfPresent(Int.self, forKey: "scroll") {
            let offset = min(max(0, saved), cursor)
            // Walked back from the cursor: a field's width or so in the archives it writes,
            // and never more than the text in any other.
            scrollIndex = index(cursorIndex, offsetBy: offset - cursor, limitedBy: storage.startIndex)
            scrollOffset = offset
        }
    }
}

extension TextField: DraftEditing {
    /// Shows a stored value with the cursor at its end, as setting ``text`` does.
    public func fill(withStored value: String) {
        text = value
    }

    /// Shows a stored value: the cursor stays where it was, as far as the new text reaches;
    /// at the end of the text, it stays at the end (typing goes on after the new text).
    public func replaceText(withStored value: String) {
        let position = cursor == characterCount ? Int.max : cursor
        text = value
        cursorPosition = position
    }
}
