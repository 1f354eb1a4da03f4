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

/// Rule X1: relaunched after any step, an app shows what it showed. Short random runs of
/// `restoration-fuzz` (`make restoration-fuzz` runs long ones), and sequences kept as they
/// were shrunk, replayed through the fuzzer.
@Suite("X1: a relaunch after any step shows what the app showed: short runs and kept sequences")
@MainActor
struct RelaunchAtAnyStepTests {
    /// A sequence of events after which a relaunch once showed something else than the live app.
    struct KeptSequence: Sendable, CustomTestStringConvertible {
        var label: String
        var events: [TerminalFuzzEvent]
        var testDescription: String { label }
    }

    nonisolated static let homepwnerSequences: [KeptSequence] = [
        KeptSequence(
            label: "seed 1: Backspace (delete alert), the item deleted outside",
            events: [.key(.backspace), .outsideChange(601_802)]),
        KeptSequence(
            label: "seed 6: an outside delete, Backspace, the alert's item deleted outside",
            events: [.outsideChange(947_668), .key(.backspace), .outsideChange(529_057)]),
        KeptSequence(
            label: "seed 3: Del, the item renamed outside", events: [.key(.delete), .outsideChange(55_701)]),
        KeptSequence(
            label: "seed 4: Enter in the empty photo field (its hint)",
            events: [.key(.enter), .key(.tab), .key(.tab), .key(.down), .key(.enter)]),
        KeptSequence(
            label: "seed 7: the value's warning, then an outside change",
            events: [
                .key(.enter), .key(.tab), .key(.down), .key(.character("e")), .key(.escape),
                .outsideChange(747_832),
            ]),
        KeptSequence(
            label: "seed 11: a value's problem, then Tab in the photo field",
            events: [
                .key(.enter), .key(.backTab), .key(.up), .key(.character("n")), .key(.down),
                .key(.character(" ")), .key(.tab), .key(.ctrl("u")),
            ]),
        KeptSequence(
            label: "seed 2: every item deleted outside, then Add",
            events: [
                .outsideChange(163_722), .outsideChange(530_030), .outsideChange(638_402),
                .outsideChange(521_614), .outsideChange(87_614), .key(.character("a")),
            ]),
    ]

    /// With the panes and the tabs (Ctrl-O, Ctrl-T) among the keys.
    nonisolated static let containerSequences: [KeptSequence] = [
        KeptSequence(
            label: "seed 5 (130x20): Ctrl-O to the list beside the open item",
            events: [.resize(Size(width: 130, height: 20)), .key(.enter), .key(.ctrl("o"))]),
        KeptSequence(
            label: "seed 1: the open item deleted outside while the Summary tab shows",
            events: [
                .key(.backspace), .key(.character("y")), .outsideChange(601_802), .key(.pageDown),
                .key(.enter),
                .key(.ctrl("t")), .outsideChange(23_734),
            ]),
        KeptSequence(
            label: "seed 2: the Summary, the list, the Summary again, then outside changes",
            events: [
                .outsideChange(536_806), .key(.ctrl("t")), .key(.ctrl("t")), .outsideChange(34_426),
                .outsideChange(163_722), .outsideChange(530_030), .key(.ctrl("t")), .outsideChange(638_402),
                .key(.character(" ")),
            ]),
        KeptSequence(
            label:
                "seed 16: wide, open, Esc, Add, an outside move, 40x10, Esc (the list hidden, its rows stale)",
            events: [
                .resize(Size(width: 130, height: 20)), .key(.enter), .key(.escape), .key(.character("a")),
                .outsideChange(643_511), .resize(Size(width: 40, height: 10)), .key(.escape),
            ]),
        // Found once every other save was the engine's own, incremental (rule P1), and its
        // changes checked: a change no object said is a difference.
        KeptSequence(
            label: "P1, seed 1: Add, 60x12, Ctrl-X, an outside delete (the list under the new item)",
            events: [
                .key(.character("a")), .resize(Size(width: 60, height: 12)), .key(.ctrl("x")),
                .outsideChange(529_058),
            ]),
        KeptSequence(
            label: "P1, seed 3: an item open beside the list, Add, and its notes changed by another window",
            events: [
                .key(Key(.down, modifiers: .shift)), .resize(Size(width: 130, height: 20)), .key(.end),
                .key(.escape), .key(.enter), .paste("台灯 42"), .key(.ctrl("o")), .key(.character("y")),
                .key(.character("a")), .key(Key(.up, modifiers: .shift)), .key(.down),
                .outsideChange(433_919),
            ]),
        KeptSequence(
            label: "P1, seed 4: a search closed, Add, and n: no other match",
            events: [
                .outsideChange(220_656), .key(.character("/")), .key(.character("台")),
                .outsideChange(794_288), .key(.escape), .key(.character("a")), .key(.enter),
                .resize(Size(width: 40, height: 10)), .outsideChange(597_240), .key(.character("n")),
            ]),
        KeptSequence(
            label: "P1, seed 6: Add, then a search that finds nothing, closed with Enter: not found",
            events: [
                .outsideChange(154_696), .outsideChange(778_600), .outsideChange(779_760),
                .key(.character("a")), .key(.enter), .resize(Size(width: 40, height: 10)),
                .key(.character("/")), .paste("12"), .key(.enter),
            ]),
    ]

    nonisolated static let demoSequences: [KeptSequence] = [
        KeptSequence(
            label: "edit mode, Del (the delete confirmation)", events: [.key(.character("e")), .key(.delete)]),
        KeptSequence(
            label: "seed 3: a letter in the quantity field",
            events: [.key(.character("a")), .key(.tab), .key(.character("x"))]),
        KeptSequence(
            label: "seed 8: the quantity's warning",
            events: [.key(.enter), .key(.tab), .key(.backspace), .key(.escape)]),
        KeptSequence(
            label: "seed 1: ← in a name one column too wide",
            events: [
                .key(.down), .key(.enter), .key(.character("苹")), .paste("Milk"),
                .resize(Size(width: 36, height: 8)), .paste("茶 2"), .key(.character("x")), .key(.left),
            ]),
    ]

    @Test(
        "X1: Homepwner: 40 steps of keys, pastes, resizes and outside changes, each relaunched, no difference"
    )
    func homepwner() throws {
        let report = try RestorationFuzzer(target: HomepwnerFuzzing.target()).run(steps: 40, seed: 1)
        #expect(report.difference == nil, "\(report.difference.map(String.init(describing:)) ?? "")")
        #expect(report.summary == "restoration-fuzz: 40 steps, 40 relaunches, 0 differences")
    }

    @Test("X1: the demo: 20 steps, each relaunched, no difference")
    func demo() throws {
        let scratch = TemporaryDirectory(prefix: "demo-fuzz")
        let target = DemoRestorationFuzz.target(directory: scratch.path + "/state")
        let report = try RestorationFuzzer(target: target).run(steps: 20, seed: 1)
        #expect(report.difference == nil, "\(report.difference.map(String.init(describing:)) ?? "")")
        #expect(report.relaunches == 20)
    }

    @Test(
        "X1, T5: Homepwner: each sequence restoration-fuzz found relaunches without a difference",
        arguments: homepwnerSequences + containerSequences)
    func homepwnerSequence(_ sequence: KeptSequence) throws {
        let report = try RestorationFuzzer(target: HomepwnerFuzzing.target()).play(sequence.events)
        #expect(report.difference == nil, "\(report.difference.map(String.init(describing:)) ?? "")")
        #expect(report.relaunches == sequence.events.count)
    }

    @Test(
        "X1: the demo: each sequence restoration-fuzz found relaunches without a difference",
        arguments: demoSequences)
    func demoSequence(_ sequence: KeptSequence) throws {
        let scratch = TemporaryDirectory(prefix: "demo-sequences")
        let target = DemoRestorationFuzz.target(directory: scratch.path + "/state")
        let report = try RestorationFuzzer(target: target).play(sequence.events)
        #expect(report.difference == nil, "\(report.difference.map(String.init(describing:)) ?? "")")
        #expect(report.relaunches == sequence.events.count)
    }

    @Test("X1: the demo's delete confirmation comes back over the list, on the same item; y deletes it")
    func demoDeleteConfirmationComesBack() throws {
        let scratch = TemporaryDirectory(prefix: "demo-sequences")
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
