import Dispatch
import Foundation
import StateRestoration
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
/// Making the formatter loads the locale's and the time zone's data from ICU: 3.2 million
/// instructions, more than the rest of a restored detail screen (rule P2). So a detail
/// screen keeps the text it showed in its archive, with the ``setting`` it was written
/// under (``Shown``); a restored screen whose setting is unchanged shows that text in its
/// first frame without ICU, and ``check(_:shows:post:)`` writes the date again once the
/// frame is up, off the main thread, in case it reads otherwise now. ``prepare()`` makes
/// the formatter on another thread ahead of a first ``text(_:)``, which otherwise makes it
/// (and waits for one being made).
enum CreatedDate {
    /// A date's text as a screen showed it, and the setting it was written under.
    struct Shown: Equatable, Sendable {
        /// The date as the screen showed it.
        var text: String
        /// ``CreatedDate/setting(of:)`` of the date, in the process that wrote the text.
        var setting: String
    }

    /// What decides how a date reads, besides the date: the locale and time-zone variables,
    /// and where `/etc/localtime` points. Read once (a process's environment and time zone
    /// do not change under it), without ICU: asking Foundation for its current locale and
    /// time zone costs half of what making the formatter does.
    static let processSetting = setting(
        variable: { name in getenv(name).map { String(cString: $0) } }, localtime: localtimeTarget())

    /// `processSetting` for the given variables and `/etc/localtime` target. Written out with
    /// appends: a first `joined(separator:)` costs a restored launch 0.25 million
    /// instructions.
    static func setting(variable: (String) -> String?, localtime: String) -> String {
        var text = ""
        for name in ["LC_ALL", "LC_TIME", "LANG", "TZ", "TZDIR"] {
            text += name
            text += "="
            text += variable(name) ?? ""
            text += ";"
        }
        return text + "localtime=" + localtime
    }

    /// The setting of one date: the process's, with the date's exact value.
    static func setting(of date: Date) -> String {
        "\(processSetting);date=\(date.timeIntervalSince1970.bitPattern)"
    }

    /// Where `/etc/localtime` points, or, when it is a file, its size and time of change.
    private static func localtimeTarget() -> String {
        let path = "/etc/localtime"
        if let target = try? FileManager.default.destinationOfSymbolicLink(atPath: path) { return target }
        guard let attributes = try? FileManager.default.attributesOfItem(atPath: path) else { return "none" }
        let size = (attributes[.size] as? NSNumber)?.int64Value ?? -1
        let changed = (attributes[.modificationDate] as? Date)?.timeIntervalSince1970 ?? 0
        return "file:\(size):\(changed)"
    }

    /// What a screen shows of `date` now: the text it showed before, when `shown` was
    /// written under this date's setting, or the text written now.
    /// - Returns: The text, and whether it came from `shown` (then ``check(_:shows:post:)``
    ///   it once the frame is up).
    static func text(_ date: Date, shown: Shown?) -> (text: String, isRemembered: Bool) {
        if let shown, shown.setting == setting(of: date) { return (shown.text, true) }
        return (text(date), false)
    }

    /// Writes `date` on another thread and posts the text to `update` if it is not `text`.
    static func check(
        _ date: Date, shows text: String, post: @escaping MainActorPost,
        update: @escaping @Sendable @MainActor (String) -> Void
    ) {
        DispatchQueue.global(qos: .utility).async {
            let now = Self.text(date)
            guard now != text else { return }
            post { update(now) }
        }
    }

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
