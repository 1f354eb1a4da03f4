/// A colour: one of the terminal's basic colours, one of xterm's 256, or a 24-bit one.
///
/// Views name the colour they mean; the ANSI driver writes it as exactly as the terminal
/// can show it (``ColorDepth``): a 24-bit colour becomes the nearest of the 256 or of the
/// basic colours on a terminal that has no more. Under `NO_COLOR` it draws none of them;
/// reverse video, bold and underline stay.
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
    /// One of xterm's 256 colours: 0–15 the basic and bright ones, 16–231 a 6×6×6 cube,
    /// 232–255 greys.
    case indexed(UInt8)
    /// A 24-bit colour.
    case rgb(red: UInt8, green: UInt8, blue: UInt8)
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
