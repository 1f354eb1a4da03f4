/// What the Summary tab shows (rule T5): the kept items' count, total value and most
/// valuable item.
public struct ItemSummary: Hashable, Sendable {
    /// How many items were kept.
    public var count: Int
    /// Their values added up, in dollars (a `Double`, so that no database overflows it).
    public var totalValue: Double
    /// The item with the highest value, the first in list order among equals; nil when
    /// there are no items.
    public var mostValuable: Item?

    /// The total as the Summary shows it: exact with thousands separators while a
    /// `Double` holds it exactly, else "about" and rounded.
    public var formattedTotal: String {
        if totalValue < 9_007_199_254_740_992, let exact = Int(exactly: totalValue.rounded()) {
            return ItemSummary.grouped(exact)
        }
        return "about " + ItemSummary.grouped(Int(min(totalValue, 9.2e18)))
    }

    /// `dollars` with its digits grouped by thousands: `$1,234,567`.
    public static func grouped(_ dollars: Int) -> String {
        (dollars < 0 ? "-$" : "$") + groupedDigits(dollars.magnitude)
    }

    /// A count with its digits grouped by thousands: `100,000`.
    public static func groupedDigits(_ number: UInt) -> String {
        let digits = String(number)
        var grouped = ""
        for (index, digit) in digits.enumerated() {
            if index > 0 && (digits.count - index) % 3 == 0 { grouped.append(",") }
            grouped.append(digit)
        }
        return grouped
    }
}
