import Foundation
import Synchronization
import Testing

@testable import Homepwner

@Suite("Homepwner: the created date's formatter, made ahead on another thread")
struct CreatedDateTests {
    /// The locale's medium date and short time, as the detail screen writes it.
    private static func makeFormatter() -> DateFormatter {
        let formatter = DateFormatter()
        formatter.locale = Locale.current
        formatter.dateStyle = .medium
        formatter.timeStyle = .short
        return formatter
    }

    @Test("P2: made ahead, the formatter is made once and writes what one made on first use writes")
    func preparedAhead() async {
        let made = Atomic<Int>(0)
        let shared = SharedFormatter {
            made.add(1, ordering: .relaxed)
            return Self.makeFormatter()
        }
        shared.prepare()
        // Asked from many threads while it may still be being made.
        let date = Date(timeIntervalSince1970: 1_764_000_000)
        let texts = await withTaskGroup(of: String.self) { group in
            for _ in 0..<16 { group.addTask { shared.formatter.string(from: date) } }
            return await group.reduce(into: []) { $0.append($1) }
        }
        shared.prepare()
        #expect(Set(texts) == [Self.makeFormatter().string(from: date)])
        #expect(made.load(ordering: .relaxed) == 1)
    }

    @Test("P2: without being made ahead, the first use makes it")
    func madeOnFirstUse() {
        let made = Atomic<Int>(0)
        let shared = SharedFormatter {
            made.add(1, ordering: .relaxed)
            return Self.makeFormatter()
        }
        #expect(made.load(ordering: .relaxed) == 0)
        #expect(shared.formatter.locale == Locale.current)
        #expect(shared.formatter.dateStyle == .medium)
        #expect(made.load(ordering: .relaxed) == 1)
    }

    @Test("P2: the app's date made ahead reads as the detail screen shows it")
    @MainActor
    func appDatePrepared() {
        CreatedDate.prepare()
        let date = Date(timeIntervalSince1970: 1_764_000_000)
        #expect(CreatedDate.text(date) == Self.makeFormatter().string(from: date))
    }
}
