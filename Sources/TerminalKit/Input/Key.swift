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
        case enter
        case tab
        case backspace
        case delete
        case insert
        case escape
        case up
        case down
        case left
        case right
        case home
        case end
        case pageUp
        case pageDown
        /// F1 to F12.
        case function(Int)
    }

    /// Modifier keys held with the key, where the terminal reports them.
    public struct Modifiers: OptionSet, Hashable, Sendable {
        public let rawValue: UInt8
        public init(rawValue: UInt8) { self.rawValue = rawValue }

        public static let shift = Modifiers(rawValue: 1 << 0)
        public static let alt = Modifiers(rawValue: 1 << 1)
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
    /// A control key: `Key.ctrl("c")` is Ctrl-C.
    public static func ctrl(_ letter: Character) -> Key {
        Key(.character(letter.lowercased().first ?? letter), modifiers: .control)
    }

    public static let enter = Key(.enter)
    public static let tab = Key(.tab)
    /// Shift-Tab.
    public static let backTab = Key(.tab, modifiers: .shift)
    public static let backspace = Key(.backspace)
    public static let delete = Key(.delete)
    public static let escape = Key(.escape)
    public static let up = Key(.up)
    public static let down = Key(.down)
    public static let left = Key(.left)
    public static let right = Key(.right)
    public static let home = Key(.home)
    public static let end = Key(.end)
    public static let pageUp = Key(.pageUp)
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
        }
        if modifiers.contains(.control) { prefix += "C-" }
        return prefix + name
    }
}
