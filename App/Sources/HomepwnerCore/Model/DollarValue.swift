/// The detail screen's value field: text in, whole dollars out (rule H4).
public enum DollarValue {
    /// The largest value accepted: a trillion dollars, far above any household item and far
    /// below `Int.max`.
    public static let maximum = 1_000_000_000_000

    /// Parses what the user typed.
    ///
    /// Accepted: ASCII digits, with optional surrounding spaces and an optional leading
    /// `$`, and optionally grouped in threes by `,` (`"$1,200"`). A comma followed by
    /// anything but three digits is refused, so `"1,50"` (cents, in many locales) is never
    /// read as 150. Anything else is refused, so the UI can show the message and keep the
    /// stored value.
    /// - Throws: ``DollarValueError`` saying what is wrong with `text`.
    public static func parse(_ text: String) throws(DollarValueError) -> Int {
        var body = Substring(text).drop { $0 == " " }
        while body.last == " " { body = body.dropLast() }
        if body.first == "$" { body = body.dropFirst() }
        if body.isEmpty { throw .empty }
        if body.first == "-" { throw .negative(text) }
        if body.contains(".") { throw .notWhole(text) }
        let groups = body.split(separator: ",", omittingEmptySubsequences: false)
        var value = 0
        for (index, group) in groups.enumerated() {
            let validLength = index == 0 ? (groups.count == 1 || group.count <= 3) : group.count == 3
            guard validLength, !group.isEmpty, group.allSatisfy({ $0.isASCII && $0.isWholeNumber }) else {
                throw .notANumber(text)
            }
            for character in group {
                value = value * 10 + (character.wholeNumberValue ?? 0)
                if value > maximum { throw .tooLarge(text) }
            }
        }
        return value
    }
}

/// Why ``DollarValue/parse(_:)`` refused some text; `description` is the message to show.
public enum DollarValueError: Error, Hashable, Sendable, CustomStringConvertible {
    /// Nothing but spaces (or a lone `$`).
    case empty
    /// A minus sign.
    case negative(String)
    /// A decimal point.
    case notWhole(String)
    /// Letters, stray separators, or non-ASCII digits.
    case notANumber(String)
    /// Over ``DollarValue/maximum``.
    case tooLarge(String)

    /// The message for the detail screen, starting with "Value: ".

    public var description: String {
        switch self {
        case .empty: "Value: type a whole number of dollars"
        case .negative(let text): "Value: \"\(text)\" is negative; values start at $0"
        case .notWhole(let text): "Value: \"\(text)\" has cents; use whole dollars"
        case .notANumber(let text): "Value: \"\(text)\" is not a number of dollars"
        case .tooLarge(let text):
            "Value: \"\(text)\" is over the limit of $\(DollarValue.maximum)"
        }
    }
}
