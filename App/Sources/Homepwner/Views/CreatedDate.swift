import Foundation

/// The date an item was created, as the detail screen shows it: in the user's locale
/// (medium date, short time), the year always in four digits or more, so that the year 1
/// (a database edited by hand) reads `0001`, not `1`, which looked like a day.
///
/// A locale's own pattern writes the year as `y`, which is four digits from the year 1000
/// on: only an earlier date needs the pattern changed, and only then is that second
/// formatter made (reading and setting a pattern makes ICU build its formatter twice, a
/// millisecond of a restored launch's, rule P2).
@MainActor
enum CreatedDate {
    /// The locale the dates are written in.
    static var locale: Locale { formatter.locale }

    /// `date` as the detail screen shows it.
    static func text(_ date: Date) -> String {
        // 1000-01-02 00:00 UTC: a day's margin for any time zone.
        date.timeIntervalSince1970 < -30_610_137_600
            ? paddedYearFormatter.string(from: date) : formatter.string(from: date)
    }

    private static let formatter = makeFormatter()

    private static let paddedYearFormatter: DateFormatter = {
        let formatter = makeFormatter()
        if let format = formatter.dateFormat, !format.contains("yy") {
            formatter.dateFormat = format.replacingOccurrences(of: "y", with: "yyyy")
        }
        return formatter
    }()

    /// The locale's medium date and short time.
    private static func makeFormatter() -> DateFormatter {
        let formatter = DateFormatter()
        formatter.locale = Locale.current
        formatter.dateStyle = .medium
        formatter.timeStyle = .short
        return formatter
    }
}
