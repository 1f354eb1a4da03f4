import TerminalKit

/// One input that ``TerminalFuzzTarget`` plays into a TerminalKit app (rule X1).
public enum TerminalFuzzEvent: Sendable, CustomStringConvertible {
    /// A key press.
    case key(Key)
    /// Bracketed paste of a text.
    case paste(String)
    /// The terminal's new size.
    case resize(Size)
    /// A change of the app's data made by another process; the app's change source derives
    /// what it does from the seed.
    case outsideChange(UInt64)

    public var description: String {
        switch self {
        case .key(let key): "key \(key)"
        case .paste(let text): "paste \(String(reflecting: text))"
        case .resize(let size): "resize to \(size.width)x\(size.height)"
        case .outsideChange(let seed): "outside change #\(seed)"
        }
    }
}
