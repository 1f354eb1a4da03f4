import Foundation
import HomepwnerCore
import RestorationTesting
import TerminalKit
import TerminalKitFuzzing
import TestSupport
import Testing

@testable import Homepwner
@testable import restoration_fuzz
@testable import terminalkit_demo

/// What `make restoration-fuzz` found (rule X1), each kept twice: the shrunk sequence it
/// printed, replayed through the fuzzer, and what a user sees, asserted on the screen.
@Suite("X1: restoration-fuzz's finds stay fixed")
@MainActor
struct RestorationFuzzFindingsTests {
    /// A sequence that once showed a difference between a live app and its relaunch.
    struct Found: Sendable, CustomTestStringConvertible {
        var label: String
        var events: [TerminalFuzzEvent]
        var testDescription: String { label }
    }

    nonisolated static let homepwnerFinds: [Found] = [
        Found(
            label: "seed 1: Backspace (delete alert), the item deleted outside",
            events: [.key(.backspace), .outsideChange(601_802)]),
        Found(
            label: "seed 6: an outside delete, Backspace, the alert's item deleted outside",
            events: [.outsideChange(947_668), .key(.backspace), .outsideChange(529_057)]),
        Found(
            label: "seed 3: Del, the item renamed outside", events: [.key(.delete), .outsideChange(55_701)]),
        Found(
            label: "seed 4: Enter in the empty photo field (its hint)",
            events: [.key(.enter), .key(.tab), .key(.tab), .key(.down), .key(.enter)]),
        Found(
            label: "seed 7: the value's warning, then an outside change",
            events: [
                .key(.enter), .key(.tab), .key(.down), .key(.character("e")), .key(.escape),
                .outsideChange(747_832),
            ]),
        Found(
            label: "seed 11: a value's problem, then Tab in the photo field",
            events: [
                .key(.enter), .key(.backTab), .key(.up), .key(.character("n")), .key(.down),
                .key(.character(" ")), .key(.tab), .key(.ctrl("u")),
            ]),
        Found(
            label: "seed 2: every item deleted outside, then Add",
            events: [
                .outsideChange(163_722), .outsideChange(530_030), .outsideChange(638_402),
                .outsideChange(521_614), .outsideChange(87_614), .key(.character("a")),
            ]),
    ]

    /// Found once the panes and the tabs (Ctrl-O, Ctrl-T) were among the keys.
    nonisolated static let containerFinds: [Found] = [
        Found(
            label: "seed 5 (130x20): Ctrl-O to the list beside the open item",
            events: [.resize(Size(width: 130, height: 20)), .key(.enter), .key(.ctrl("o"))]),
        Found(
            label: "seed 1: the open item deleted outside while the Summary tab shows",
            events: [
                .key(.backspace), .key(.character("y")), .outsideChange(601_802), .key(.pageDown),
                .key(.enter),
                .key(.ctrl("t")), .outsideChange(23_734),
            ]),
        Found(
            label: "seed 2: the Summary, the list, the Summary again, then outside changes",
            events: [
                .outsideChange(536_806), .key(.ctrl("t")), .key(.ctrl("t")), .outsideChange(34_426),
                .outsideChange(163_722), .outsideChange(530_030), .key(.ctrl("t")), .outsideChange(638_402),
                .key(.character(" ")),
            ]),
        Found(
            label:
                "seed 16: wide, open, Esc, Add, an outside move, 40x10, Esc (the list hidden, its rows stale)",
            events: [
                .resize(Size(width: 130, height: 20)), .key(.enter), .key(.escape), .key(.character("a")),
                .outsideChange(643_511), .resize(Size(width: 40, height: 10)), .key(.escape),
            ]),
    ]

    nonisolated static let demoFinds: [Found] = [
        Found(
            label: "edit mode, Del (the delete confirmation)", events: [.key(.character("e")), .key(.delete)]),
        Found(
            label: "seed 3: a letter in the quantity field",
            events: [.key(.character("a")), .key(.tab), .key(.character("x"))]),
        Found(
            label: "seed 8: the quantity's warning",
            events: [.key(.enter), .key(.tab), .key(.backspace), .key(.escape)]),
        Found(
            label: "seed 1: ← in a name one column too wide",
            events: [
                .key(.down), .key(.enter), .key(.character("苹")), .paste("Milk"),
                .resize(Size(width: 36, height: 8)), .paste("茶 2"), .key(.character("x")), .key(.left),
            ]),
    ]

    @Test(
        "X1, T5: Homepwner: each sequence restoration-fuzz found relaunches without a difference",
        arguments: homepwnerFinds + containerFinds)
    func homepwnerSequence(_ found: Found) throws {
        let report = try RestorationFuzzer(target: HomepwnerFuzzing.target()).play(found.events)
        #expect(report.difference == nil, "\(report.difference.map(String.init(describing:)) ?? "")")
        #expect(report.relaunches == found.events.count)
    }

    @Test(
        "X1: the demo: each sequence restoration-fuzz found relaunches without a difference",
        arguments: demoFinds)
    func demoSequence(_ found: Found) throws {
        let scratch = TemporaryDirectory(prefix: "demo-finds")
        let target = DemoRestorationFuzz.target(directory: scratch.path + "/state")
        let report = try RestorationFuzzer(target: target).play(found.events)
        #expect(report.difference == nil, "\(report.difference.map(String.init(describing:)) ?? "")")
        #expect(report.relaunches == found.events.count)
    }

    // MARK: What a user sees

    /// Saves as Ctrl-Z does, drops `app` as a kill would, and launches again on its storage.
    private func relaunch(_ app: HeadlessHomepwner, paths: HomepwnerPaths, storage: InMemoryStorage) throws
        -> HeadlessHomepwner
    {
        app.press(.ctrl("z"))
        app.application.engine.waitForPendingWrites()
        return try HeadlessHomepwner(paths: paths, storage: storage)
    }

    @Test("H13, X1: the delete confirmation names an item renamed outside, as a relaunch does; y deletes it")
    func deleteAlertFollowsRename() throws {
        let scratch = try scratchStore(sampleItems)
        let storage = InMemoryStorage()
        let app = try HeadlessHomepwner(paths: scratch.paths, storage: storage)
        app.press(.down, .delete)
        #expect(app.screen.contains("Delete “Rusty Bear”?"))
        let outside = try ItemStore(paths: scratch.paths)
        try outside.update(key: try app.storedItem(1).key, changes: ItemChanges(name: "Rusty Toy"))
        app.advance(by: .seconds(1))
        #expect(app.screen.contains("Delete “Rusty Toy”?"))
        #expect(!app.screen.contains("Rusty Bear"))

        let second = try relaunch(app, paths: scratch.paths, storage: storage)
        #expect(second.screen == app.screen)
        second.press(.character("y"))
        #expect(try second.storedNames() == ["Shiny Spork", "Fluffy Mac", "毛茸茸的熊", "Shiny Bear"])
    }

    @Test(
        "H13, X1: an item deleted outside closes its delete confirmation and the list says why, as a relaunch does"
    )
    func deleteAlertClosesOnOutsideDelete() throws {
        let scratch = try scratchStore(sampleItems)
        let storage = InMemoryStorage()
        let app = try HeadlessHomepwner(paths: scratch.paths, storage: storage)
        app.press(.down, .delete)
        #expect(app.screen.contains("Delete “Rusty Bear”?"))
        let outside = try ItemStore(paths: scratch.paths)
        _ = try outside.deleteItem(withKey: try app.storedItem(1).key)
        app.advance(by: .seconds(1))
        #expect(app.presented == nil)
        #expect(!app.screen.contains("Delete “"))
        #expect(app.screen.contains("“Rusty Bear” was deleted outside Homepwner."))
        #expect(app.lines.last?.hasPrefix("Enter Open") == true)  // the list takes keys again

        let second = try relaunch(app, paths: scratch.paths, storage: storage)
        #expect(second.screen == app.screen)
        #expect(second.terminal.cursor == app.terminal.cursor)
    }

    @Test("H8, X1: the detail screen's message comes back after a relaunch (the photo field's hint)")
    func detailMessageComesBack() throws {
        let scratch = try scratchStore(sampleItems)
        let storage = InMemoryStorage()
        let app = try HeadlessHomepwner(paths: scratch.paths, storage: storage)
        app.press(.enter, .down, .down, .down, .enter)  // Enter in the empty photo field
        #expect(app.screen.contains("Type the path of a PNG or JPEG file, then press Enter"))

        let second = try relaunch(app, paths: scratch.paths, storage: storage)
        #expect(second.screen == app.screen)
        // Still a problem: typing in the name field does not clear it.
        second.press(.up, .up, .up)
        second.type("s")
        #expect(second.screen.contains("Type the path of a PNG or JPEG file, then press Enter"))
    }

    @Test(
        "H8, H13: after the first Esc with an invalid value, an outside change keeps the warning; Esc leaves")
    func valueWarningSurvivesOutsideChange() throws {
        let scratch = try scratchStore(sampleItems)
        let storage = InMemoryStorage()
        let app = try HeadlessHomepwner(paths: scratch.paths, storage: storage)
        app.press(.enter, .down, .down)
        app.type("e")
        app.press(.escape)
        // The warning wraps onto a second row (rows joined without their margins).
        let warning = "\"12e\" is not a number of dollars, so $12 stays. Fix it, or press Esc again to leave."
        #expect(joinedRows(app).contains(warning))
        let outside = try ItemStore(paths: scratch.paths)
        try outside.createItem(name: "Lamp", serialNumber: "L1", valueInDollars: 5)
        app.advance(by: .seconds(1))
        // It once fell back to the short message, while the next Esc would still leave.
        #expect(app.detail != nil)
        #expect(joinedRows(app).contains(warning))

        let second = try relaunch(app, paths: scratch.paths, storage: storage)
        #expect(second.screen == app.screen)
        second.press(.escape)
        #expect(second.detail == nil)
        #expect(try second.storedItem(0).valueInDollars == 12)
    }

    @Test(
        "H4, X1: a path completed in the photo field leaves the value's problem on screen, as a relaunch shows it"
    )
    func completionKeepsValueProblem() throws {
        let scratch = try scratchStore(sampleItems)
        let storage = InMemoryStorage()
        let app = try HeadlessHomepwner(paths: scratch.paths, storage: storage)
        app.press(.enter, .down, .down)
        app.type("n")
        let problem = "Value: \"12n\" is not a number of dollars"
        #expect(app.screen.contains(problem))
        app.press(.down)
        app.type("/tm")
        app.press(.tab)  // completes "/tmp/"; it once cleared the value's problem too
        #expect(app.lines[5].hasSuffix("/tmp/"))
        #expect(app.screen.contains(problem))

        let second = try relaunch(app, paths: scratch.paths, storage: storage)
        #expect(second.screen == app.screen)
    }

    /// The screen's rows without their margins, joined by spaces: wrapped text reads whole.
    private func joinedRows(_ app: HeadlessHomepwner) -> String {
        app.lines.map { $0.trimmingCharacters(in: .whitespaces) }.joined(separator: " ")
    }

    @Test("X1: the demo's delete confirmation comes back over the list, on the same item; y deletes it")
    func demoDeleteConfirmationComesBack() throws {
        let scratch = TemporaryDirectory(prefix: "demo-finds")
        let target = DemoRestorationFuzz.target(directory: scratch.path + "/state")
        try target.reset()
        let live = try target.launch()
        for key: Key in [.down, .character("e"), .delete, .right] { live.terminal.press(key) }
        live.application.processEvents()
        #expect(live.terminal.text.contains("Delete “苹果 (apples)”?"))
        target.save(live)
        target.tearDown(live)

        let relaunched = try target.launch()
        #expect(relaunched.terminal.text == live.terminal.text)
        relaunched.terminal.press(.enter)  // the Delete button, chosen before the relaunch
        relaunched.application.processEvents()
        #expect(!relaunched.terminal.text.contains("苹果"))
        #expect(relaunched.terminal.text.contains("Bread"))
        #expect(relaunched.terminal.text.contains("Coffee"))
    }
}
