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
/// scrolls to keep the cursor visible. Keys: ←/→, Home/End (^A/^E), Backspace, Delete,
/// ^U (to the start), ^K (to the end), ^W (the word before).
///
/// With a ``restorationIdentifier`` it saves its text and cursor (rule R16, keys `text`
/// and `cursor`). A controller that fills its fields from the model should do so in
/// `viewDidLoad` (before restoration decodes them), not in `viewWillAppear`, or the
/// restored half-typed text is overwritten.
@MainActor
open class TextField: View {
    /// The text. Setting it puts the cursor at its end.
    public var text: String {
        didSet { cursor = text.count }
    }
    /// Shown, dimmed, while the text is empty.
    public var placeholder: String?
    /// Accepts digits only.
    public var isNumeric = false
    /// The most characters it takes, or nil for no limit.
    public var maximumLength: Int?
    /// Receives changes and Enter.
    public weak var delegate: (any TextFieldDelegate)?
    /// Called after every change made through the keyboard.
    public var onChange: (@MainActor (TextField) -> Void)?

    private var cursor = 0
    /// The first character shown (the field scrolls horizontally).
    private var scrollOffset = 0

    /// Creates a text field.
    public init(text: String = "", placeholder: String? = nil) {
        self.text = text
        self.placeholder = placeholder
        self.cursor = text.count
        super.init()
    }

    /// The cursor, as a count of characters before it (0...text.count).
    public var cursorPosition: Int {
        get { cursor }
        set { cursor = min(max(0, newValue), text.count) }
    }

    override open var canBecomeFirstResponder: Bool { true }
    override open var consumesTextInput: Bool { true }

    // MARK: Editing

    override open func handleKey(_ key: Key) -> Bool {
        if let character = key.text {
            insert(character)
            return true
        }
        switch (key.code, key.modifiers.contains(.control)) {
        case (.left, _): cursor = max(0, cursor - 1)
        case (.right, _): cursor = min(text.count, cursor + 1)
        case (.home, _), (.character("a"), true): cursor = 0
        case (.end, _), (.character("e"), true): cursor = text.count
        case (.backspace, _), (.character("h"), true):
            guard cursor > 0 else { return true }
            replace(cursor - 1..<cursor, with: "")
        case (.delete, _), (.character("d"), true):
            guard cursor < text.count else { return true }
            replace(cursor..<cursor + 1, with: "")
        case (.character("u"), true): replace(0..<cursor, with: "")
        case (.character("k"), true): replace(cursor..<text.count, with: "")
        case (.character("w"), true): replace(wordStart()..<cursor, with: "")
        case (.enter, _): return delegate?.textFieldShouldReturn(self) ?? false
        default: return false
        }
        return true
    }

    override open var keyHints: [KeyHint] { [] }

    private func insert(_ character: Character) {
        let scalar = character.unicodeScalars.first?.value ?? 0
        guard scalar >= 0x20, scalar != 0x7F, !(0x80..<0xA0).contains(scalar), !character.isNewline else {
            return
        }
        if isNumeric && !(character.isASCII && character.isNumber) {
            delegate?.textField(self, didReject: character)
            return
        }
        if let maximumLength, text.count >= maximumLength {
            delegate?.textField(self, didReject: character)
            return
        }
        replace(cursor..<cursor, with: String(character))
    }

    /// Replaces a range of characters and puts the cursor after the new text. Counting
    /// the prefix again handles a combining mark that merges with the character before.
    private func replace(_ range: Range<Int>, with replacement: String) {
        let start = text.index(text.startIndex, offsetBy: range.lowerBound)
        let end = text.index(text.startIndex, offsetBy: range.upperBound)
        let prefix = String(text[..<start]) + replacement
        text = prefix + text[end...]
        cursor = min(prefix.count, text.count)
        delegate?.textFieldDidChange(self)
        onChange?(self)
    }

    private func wordStart() -> Int {
        let characters = Array(text.prefix(cursor))
        var index = characters.count
        while index > 0 && characters[index - 1] == " " { index -= 1 }
        while index > 0 && characters[index - 1] != " " { index -= 1 }
        return index
    }

    // MARK: Drawing

    override open func layoutSubviews() {
        super.layoutSubviews()
        scrollToCursor(width: frame.width)
    }

    private func scrollToCursor(width: Int) {
        let characters = Array(text)
        scrollOffset = min(scrollOffset, cursor)
        guard width > 1 else {
            scrollOffset = cursor
            return
        }
        // The cursor needs one free column after the text before it.
        while scrollOffset < cursor
            && TextWidth.of(String(characters[scrollOffset..<cursor])) > width - 1
        {
            scrollOffset += 1
        }
        // No blank space at the right while earlier text could show (after a widening).
        while scrollOffset > 0 && TextWidth.of(String(characters[(scrollOffset - 1)...])) <= width - 1 {
            scrollOffset -= 1
        }
    }

    override open func draw(in canvas: Canvas) {
        let width = canvas.size.width
        guard width > 0 else { return }
        scrollToCursor(width: width)
        let focused = isFirstResponder
        canvas.fill(Rect(x: 0, y: 0, width: width, height: 1), style: theme.field)
        if text.isEmpty, let placeholder {
            canvas.text(placeholder, at: .zero, style: theme.placeholder, maxWidth: width)
        } else {
            let visible = text.dropFirst(scrollOffset)
            canvas.text(visible, at: .zero, style: theme.field, maxWidth: width)
        }
        if focused {
            let column = TextWidth.of(String(text.dropFirst(scrollOffset).prefix(cursor - scrollOffset)))
            canvas.placeCursor(at: Point(x: min(column, width - 1), y: 0))
        }
    }

    // MARK: Restoration

    /// Writes the text and the cursor (keys `text`, `cursor`).
    /// - Throws: ``StateCodingError`` from the coder.
    override open func encodeRestorableState(with coder: StateEncoder) throws {
        try coder.encode(text, forKey: "text")
        try coder.encode(cursor, forKey: "cursor")
    }

    /// Reads the text and the cursor.
    /// - Throws: ``StateCodingError`` for a value of the wrong type.
    override open func decodeRestorableState(with coder: StateDecoder) throws {
        if let saved = try coder.decodeIfPresent(String.self, forKey: "text") { text = saved }
        if let saved = try coder.decodeIfPresent(Int.self, forKey: "cursor") { cursorPosition = saved }
    }
}
