import Foundation
import RestorationTesting
import Synchronization
import Testing

@testable import Homepwner

@Suite(
    "Homepwner: the created date, shown again on a restore and otherwise written by a formatter made ahead")
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

    @Test("P2: a date shown before is shown again only under the same setting and for the same date")
    func shownUnderTheSameSetting() {
        let date = Date(timeIntervalSince1970: 1_764_000_000)
        let now = CreatedDate.text(date)
        let remembered = CreatedDate.Shown(text: "Long ago", setting: CreatedDate.setting(of: date))
        #expect(CreatedDate.text(date, shown: remembered) == ("Long ago", true))
        // Another date, another setting, nothing shown before: written now.
        #expect(CreatedDate.text(date.addingTimeInterval(60), shown: remembered).isRemembered == false)
        var elsewhere = remembered
        elsewhere.setting = elsewhere.setting.replacingOccurrences(of: "TZ=", with: "TZ=Asia/Tokyo")
        #expect(CreatedDate.text(date, shown: elsewhere) == (now, false))
        #expect(CreatedDate.text(date, shown: nil) == (now, false))
    }

    @Test("P2: the setting changes with each locale and time-zone variable and with /etc/localtime")
    func settingNamesWhatDecides() {
        let base = ["LANG": "C.UTF-8", "HOME": "/root"]
        let setting = CreatedDate.setting(variable: { base[$0] }, localtime: "/usr/share/zoneinfo/Etc/UTC")
        // What does not decide how a date reads does not change it.
        let elsewhere = base.merging(["HOME": "/tmp"]) { $1 }
        #expect(
            CreatedDate.setting(variable: { elsewhere[$0] }, localtime: "/usr/share/zoneinfo/Etc/UTC")
                == setting)
        for (name, value) in [
            ("LC_ALL", "fr_FR.UTF-8"), ("LC_TIME", "de_DE.UTF-8"), ("LANG", "ja_JP.UTF-8"),
            ("TZ", "Asia/Tokyo"), ("TZDIR", "/opt/zoneinfo"),
        ] {
            let changed = base.merging([name: value]) { $1 }
            #expect(
                CreatedDate.setting(variable: { changed[$0] }, localtime: "/usr/share/zoneinfo/Etc/UTC")
                    != setting
            )
        }
        #expect(
            CreatedDate.setting(variable: { base[$0] }, localtime: "/usr/share/zoneinfo/Europe/Paris")
                != setting)
    }

    @Test(
        "P2: a restored item page shows the date it saved in its first frame, and writes it again once the frame is up if it reads otherwise now"
    )
    @MainActor
    func restoredDateCheckedAfterTheFirstFrame() throws {
        let storage = InMemoryStorage()
        let app = try HeadlessHomepwner.launched(storage: storage)
        app.press(.down, .enter)
        let date = CreatedDate.text(try app.storedItem(1).dateCreated)
        #expect(app.lines[4] == " Created  \(date)")
        app.advance(by: .seconds(2))
        // The archive says the date read otherwise under this very setting (as after an
        // update of the time-zone database): the text alone is changed.
        let stale = "Long ago".padding(toLength: date.utf8.count, withPad: ".", startingAt: 0)
        let saved = try #require(try storage.load(.archive))
        let changed = ArchiveBytes.replacing(date, with: stale, in: saved)
        #expect(changed != saved, "the archive holds the date as shown")
        try storage.store(changed, as: .archive)

        let next = try app.relaunched()
        // The first frame: the text the archive holds, written without ICU.
        #expect(next.lines[4] == " Created  \(stale)")
        // Then the date is written again on another thread, and the screen takes it.
        let deadline = ContinuousClock.now + .seconds(20)
        while next.lines[4] != " Created  \(date)" && ContinuousClock.now < deadline {
            Thread.sleep(forTimeInterval: 0.005)
            next.application.processEvents()
        }
        #expect(next.lines[4] == " Created  \(date)")
        // And the save after it holds the date as it reads now.
        next.advance(by: .seconds(2))
        let third = try next.relaunched()
        #expect(third.lines[4] == " Created  \(date)")
    }
}
