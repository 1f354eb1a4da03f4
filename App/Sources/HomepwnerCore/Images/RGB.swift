/// A 24-bit colour, as a terminal's true-colour escape takes it.
public struct RGB: Hashable, Sendable, CustomStringConvertible {
    /// 0 to 255.
    public var red: UInt8
    /// 0 to 255.
    public var green: UInt8
    /// 0 to 255.
    public var blue: UInt8

    /// A colour from its three components.
    public init(_ red: UInt8, _ green: UInt8, _ blue: UInt8) {
        self.red = red
        self.green = green
        self.blue = blue
    }

    /// What transparent pixels are composed over.
    public static let black = RGB(0, 0, 0)

    /// `#rrggbb`.
    public var description: String {
        let hex = (Int(red) << 16 | Int(green) << 8 | Int(blue))
        let digits = String(hex, radix: 16)
        return "#" + String(repeating: "0", count: 6 - digits.count) + digits
    }

    /// Perceived brightness, 0 (black) to 255 (white), by the Rec. 601 weights.
    public var luma: Int {
        (299 * Int(red) + 587 * Int(green) + 114 * Int(blue) + 500) / 1000
    }
}
