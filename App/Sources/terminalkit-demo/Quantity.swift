/// A quantity as typed in the item screen: a whole number from 1 to ``maximum``.
///
/// The field takes digits only, so what can go wrong is an empty field, 0, or a number
/// too large; each is said under the fields rather than dropped.
enum Quantity {
    /// The largest quantity taken.
    static let maximum = 9_999

    /// Why a typed quantity is refused.
    enum ParseError: Error, Equatable, CustomStringConvertible {
        /// Nothing typed.
        case empty
        /// A number outside 1...maximum (as typed, however long).
        case outOfRange(String)

        var description: String {
            switch self {
            case .empty: "Quantity: type how many, from 1 to \(Quantity.maximum)"
            case .outOfRange(let typed): "Quantity: \(typed) is not from 1 to \(Quantity.maximum)"
            }
        }
    }

    /// The quantity `text` stands for.
    /// - Throws: ``ParseError`` when it is not a whole number from 1 to ``maximum``.
    static func parse(_ text: String) throws(ParseError) -> Int {
        guard !text.isEmpty else { throw .empty }
        guard let value = Int(text), (1...maximum).contains(value) else {
            let shown = text.count > 12 ? String(text.prefix(12)) + "…" : text
            throw .outOfRange(shown)
        }
        return value
    }
}
