/// One key press, decoded from the terminal's bytes.
///
/// A key is a ``Code`` and the modifiers held with it. Control letters arrive as
/// `.character` with ``Modifiers/control`` (Ctrl-C is `Key.ctrl("c")`); Shift with a
/// letter is simply the upper-case character.
public struct Key: Hashable, Sendable, CustomStringConvertible {
    /// What was pressed.
    public enum Code: Hashable, Sendable {
        /// Text: a letter, a digit, a Chinese character, an emoji.
        case character(Character)
        /// Enter (Return).
        case enter
        /// Tab; with Shift, Shift-Tab.
        case tab
        /// Backspace.
        case backspace
        /// Delete (forward).
        case delete
        /// Insert.
        case insert
        /// Escape on its own.
        case escape
        /// An arrow key.
        case up
        /// An arrow key.
        case down
        /// An arrow key.
        case left
        /// An arrow key.
        case right
        /// Home.
        case home
        /// End.
        case end
        /// Page Up.
        case pageUp
        /// Page Down.
        case pageDown
        /// F1 to F12.
        case function(Int)
        /// Text pasted in a terminal with bracketed paste on: all of it, as one event, so
        /// a Tab, a newline or an Escape in it is text, not a key.
        case paste(String)
    }

    /// Modifier keys held with the key, where the terminal reports them.
    public struct Modifiers: OptionSet, Hashable, Sendable {
        public let rawValue: UInt8
        public init(rawValue: UInt8) { self.rawValue = rawValue }

        /// Shift, as reported with arrows and Tab.
        public static let shift = Modifiers(rawValue: 1 << 0)
        /// Alt (Meta), reported as an Escape prefix or a modifier parameter.
        public static let alt = Modifiers(rawValue: 1 << 1)
        /// Control.
        public static let control = Modifiers(rawValue: 1 << 2)
    }

    /// What was pressed.
    public var code: Code
    /// Which modifiers were held.
    public var modifiers: Modifiers

    /// Creates a key.
    public init(_ code: Code, modifiers: Modifiers = []) {
        self.code = code
        self.modifiers = modifiers
    }

    /// A character key, without modifiers.
    public static func character(_ character: Character) -> Key { Key(.character(character)) }
    /// A bracketed paste of `text`.
    public static func paste(_ text: String) -> Key { Key(.paste(text)) }
    /// A control key: `Key.ctrl("c")` is Ctrl-C.
    public static func ctrl(_ letter: Character) -> Key {
        Key(.character(letter.lowercased().first ?? letter), modifiers: .control)
    }

    /// Enter (Return).
    public static let enter = Key(.enter)
    /// Tab.
    public static let tab = Key(.tab)
    /// Shift-Tab.
    public static let backTab = Key(.tab, modifiers: .shift)
    /// Backspace (DEL or ^H).
    public static let backspace = Key(.backspace)
    /// Delete (forward).
    public static let delete = Key(.delete)
    /// Escape on its own.
    public static let escape = Key(.escape)
    /// The up arrow.
    public static let up = Key(.up)
    /// The down arrow.
    public static let down = Key(.down)
    /// The left arrow.
    public static let left = Key(.left)
    /// The right arrow.
    public static let right = Key(.right)
    /// Home.
    public static let home = Key(.home)
    /// End.
    public static let end = Key(.end)
    /// Page Up.
    public static let pageUp = Key(.pageUp)
    /// Page Down.
    public static let pageDown = Key(.pageDown)

    /// The character of a plain text key (no Control or Alt), or nil.
    public var text: Character? {
        guard case .character(let character) = code, !modifiers.contains(.control),
            !modifiers.contains(.alt)
        else { return nil }
        return character
    }

    /// A short name for key hints: `a`, `^C`, `Esc`, `S-↑`, `Enter`, `PgDn`.
    public var description: String {
        var prefix = ""
        if modifiers.contains(.alt) { prefix += "M-" }
        if modifiers.contains(.shift), text == nil { prefix += "S-" }
        let name: String
        switch code {
        case .character(let character):
            if modifiers.contains(.control) { return prefix + "^" + character.uppercased() }
            name = character == " " ? "Space" : String(character)
        case .enter: name = "Enter"
        case .tab: name = "Tab"
        case .backspace: name = "Bksp"
        case .delete: name = "Del"
        case .insert: name = "Ins"
        case .escape: name = "Esc"
        case .up: name = "↑"
        case .down: name = "↓"
        case .left: name = "←"
        case .right: name = "→"
        case .home: name = "Home"
        case .end: name = "End"
        case .pageUp: name = "PgUp"
        case .pageDown: name = "PgDn"
        case .function(let number): name = "F\(number)"
        case .paste: name = "Paste"
        }
        if modifiers.contains(.control) { prefix += "C-" }
        return prefix + name
    }
}
