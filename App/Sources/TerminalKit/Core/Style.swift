/// One of the terminal's basic colours. Under `NO_COLOR` the ANSI driver draws none of
/// them; reverse video, bold and underline stay.
public enum Color: Hashable, Sendable {
    /// The terminal's own foreground or background.
    case `default`
    case black
    case red
    case green
    case yellow
    case blue
    case magenta
    case cyan
    case white
    /// Bright black: what most terminals show as grey.
    case gray
}

/// How a cell is drawn: colours and attributes.
public struct Style: Hashable, Sendable {
    /// Text attributes that do not depend on colour.
    public struct Attributes: OptionSet, Hashable, Sendable {
        public let rawValue: UInt8
        public init(rawValue: UInt8) { self.rawValue = rawValue }

        /// Bold or bright text.
        public static let bold = Attributes(rawValue: 1 << 0)
        /// Faint text.
        public static let dim = Attributes(rawValue: 1 << 1)
        /// Underlined text.
        public static let underline = Attributes(rawValue: 1 << 2)
        /// Foreground and background swapped: visible without any colour.
        public static let reverse = Attributes(rawValue: 1 << 3)
    }

    /// The text colour.
    public var foreground: Color
    /// The background colour.
    public var background: Color
    /// Bold, dim, underline, reverse.
    public var attributes: Attributes

    /// Creates a style.
    public init(foreground: Color = .default, background: Color = .default, attributes: Attributes = []) {
        self.foreground = foreground
        self.background = background
        self.attributes = attributes
    }

    /// The terminal's default look.
    public static let plain = Style()
    /// Reverse video.
    public static let reverse = Style(attributes: .reverse)
    /// Bold.
    public static let bold = Style(attributes: .bold)
    /// Dim.
    public static let dim = Style(attributes: .dim)

    /// This style with more attributes.
    public func adding(_ attributes: Attributes) -> Style {
        var copy = self
        copy.attributes.formUnion(attributes)
        return copy
    }
}
