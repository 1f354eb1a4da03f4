import Dispatch
import Foundation
import Synchronization

/// The date an item was created, as the detail screen shows it: in the user's locale
/// (medium date, short time), the year always in four digits or more, so that the year 1
/// (a database edited by hand) reads `0001`, not `1`, which looked like a day.
///
/// A locale's own pattern writes the year as `y`, which is four digits from the year 1000
/// on: only an earlier date needs the pattern changed, and only then is that second
/// formatter made (reading and setting a pattern makes ICU build its formatter twice, a
/// millisecond of a restored launch's, rule P2).
///
/// Making the formatter loads the locale's data from ICU: 2.8 million instructions, the
/// largest single cost of a restored detail screen. A launch that will restore a screen
/// calls ``prepare()`` first, which makes it on another thread while the launch opens the
/// store and reads the archive; the first ``text(_:)`` then waits for it if it is not
/// done yet. Without ``prepare()``, the first ``text(_:)`` makes it.
enum CreatedDate {
    /// The formatter for the locale's own pattern, made once.
    private static let shared = SharedFormatter(make: makeFormatter)

    /// Starts making the formatter on another thread, if it is not made yet.
    static func prepare() {
        shared.prepare()
    }

    /// The locale the dates are written in.
    static var locale: Locale { shared.formatter.locale }

    /// `date` as the detail screen shows it.
    static func text(_ date: Date) -> String {
        // 1000-01-02 00:00 UTC: a day's margin for any time zone.
        date.timeIntervalSince1970 < -30_610_137_600
            ? paddedYear.formatter.string(from: date) : shared.formatter.string(from: date)
    }

    private static let paddedYear = SharedFormatter {
        let formatter = makeFormatter()
        if let format = formatter.dateFormat, !format.contains("yy") {
            formatter.dateFormat = format.replacingOccurrences(of: "y", with: "yyyy")
        }
        return formatter
    }

    /// The locale's medium date and short time.
    private static func makeFormatter() -> DateFormatter {
        let formatter = DateFormatter()
        formatter.locale = Locale.current
        formatter.dateStyle = .medium
        formatter.timeStyle = .short
        // Foundation makes ICU's formatter at the first use, not here: a first use makes
        // it now, on the thread that prepares it.
        _ = formatter.string(from: Date(timeIntervalSince1970: 0))
        return formatter
    }
}

/// A formatter made once, on first use or ahead of it on a queue of its own. The formatter
/// is not changed once made, and `DateFormatter` may be used from any thread.
final class SharedFormatter: Sendable {
    private let make: @Sendable () -> DateFormatter
    private let made = Mutex<DateFormatter?>(nil)
    private let queue = DispatchQueue(label: "homepwner.created-date", qos: .userInitiated)

    init(make: @escaping @Sendable () -> DateFormatter) {
        self.make = make
    }

    /// Makes the formatter on the queue, if it is not made yet.
    func prepare() {
        queue.async { _ = self.madeOnQueue() }
    }

    /// The formatter: made now if it is not, or waited for if it is being made.
    var formatter: DateFormatter {
        if let ready = made.withLock({ $0 }) { return ready }
        return queue.sync { madeOnQueue() }
    }

    /// The formatter, made if it is not yet. Runs on the queue only, so it is made once.
    private func madeOnQueue() -> DateFormatter {
        if let ready = made.withLock({ $0 }) { return ready }
        let formatter = make()
        made.withLock { $0 = formatter }
        return formatter
    }
}
