import RestorationTesting
import StateRestoration
import Testing

/// A note app in miniature: a count and a draft, on one restorable object.
@MainActor
private final class NotePad: RestorableObject {
    var count = 0
    var draft = ""
    /// The planted defect: the draft is left out of the encoding.
    let forgetsDraft: Bool

    init(forgetsDraft: Bool) {
        self.forgetsDraft = forgetsDraft
    }

    var restorationIdentifier: String? { "NotePad" }

    func encodeRestorableState(with coder: StateEncoder) throws {
        try coder.encode(count, forKey: "count")
        if !forgetsDraft { try coder.encode(draft, forKey: "draft") }
    }

    func decodeRestorableState(with coder: StateDecoder) throws {
        count = try coder.decode(Int.self, forKey: "count")
        draft = try coder.decodeIfPresent(String.self, forKey: "draft") ?? ""
    }
}

@MainActor
private final class NotePadApp: HarnessApp {
    let pad: NotePad
    init(forgetsDraft: Bool) { pad = NotePad(forgetsDraft: forgetsDraft) }
    var rootObjects: [any RestorableObject] { [pad] }
    func shouldSaveApplicationState(_ coder: StateEncoder) -> Bool { true }
    func shouldRestoreApplicationState(_ coder: StateDecoder) -> Bool { true }
}

/// The note app for the fuzzer: events add to the count or type into the draft.
@MainActor
private final class NotePadTarget: RestorationFuzzTarget {
    enum Event: CustomStringConvertible, Sendable {
        case increment
        case type(Character)
        var description: String {
            switch self {
            case .increment: "increment"
            case .type(let character): "type \(character)"
            }
        }
    }

    let forgetsDraft: Bool
    /// How often the draft is typed into, in percent.
    let typing: Int
    private var harness = RestorationHarness()
    private(set) var launches = 0

    init(forgetsDraft: Bool, typing: Int) {
        self.forgetsDraft = forgetsDraft
        self.typing = typing
    }

    func reset() throws { harness = RestorationHarness() }

    func launch() throws -> HarnessLaunch<NotePadApp> {
        launches += 1
        return harness.launch(NotePadApp(forgetsDraft: forgetsDraft))
    }

    func randomEvent(for launch: HarnessLaunch<NotePadApp>, using generator: inout some RandomNumberGenerator)
        -> Event
    {
        Int.random(in: 0..<100, using: &generator) < typing ? .type("x") : .increment
    }

    func apply(_ event: Event, to launch: HarnessLaunch<NotePadApp>) throws {
        switch event {
        case .increment: launch.app.pad.count += 1
        case .type(let character): launch.app.pad.draft.append(character)
        }
    }

    func save(_ launch: HarnessLaunch<NotePadApp>) throws { try launch.save() }

    func tearDown(_ launch: HarnessLaunch<NotePadApp>) { launch.kill() }

    func snapshot(of launch: HarnessLaunch<NotePadApp>) -> RestorationSnapshot {
        let pad = launch.app.pad
        return RestorationSnapshot(
            screen: "count \(pad.count)\ndraft \(pad.draft)", cursor: "(\(pad.draft.count), 1)",
            focus: "draft",
            paths: launch.treeDescription.split(separator: "\n").map(String.init), declaredState: [])
    }
}

@Suite("X1: restoration checked after every step (RestorationFuzzer)")
@MainActor
struct RestorationFuzzerTests {
    @Test("X1: an app that restores everything shows no difference; every step relaunches")
    func noDifference() throws {
        let target = NotePadTarget(forgetsDraft: false, typing: 30)
        let report = try RestorationFuzzer(target: target).run(steps: 60, seed: 7)
        #expect(report.difference == nil)
        #expect(report.summary == "restoration-fuzz: 60 steps, 60 relaunches, 0 differences")
        #expect(target.launches == 61)
    }

    @Test(
        "X1: negative control: a field left out of encoding is caught, shrunk to the one event that shows it")
    func plantedDefect() throws {
        // Typing is rare: the first difference comes after several increments, which the
        // shrinker must remove.
        let report = try RestorationFuzzer(target: NotePadTarget(forgetsDraft: true, typing: 10)).run(
            steps: 200, seed: 3)
        let difference = try #require(report.difference)
        #expect(report.summary.hasSuffix(", 1 differences"))
        #expect(report.steps > 1)
        #expect(difference.events == ["type x"])
        #expect(difference.aspects.contains("screen text differs"))
        #expect(difference.live.screen == "count 0\ndraft x")
        #expect(difference.relaunched.screen == "count 0\ndraft ")
        #expect(difference.description.contains("seed 3"))
    }

    @Test("X1: a kept sequence replays: the planted defect shows after its event, and not without it")
    func playKeptSequence() throws {
        let defective = RestorationFuzzer(target: NotePadTarget(forgetsDraft: true, typing: 10))
        let report = try defective.play([.increment, .type("x"), .increment])
        let difference = try #require(report.difference)
        #expect(report.steps == 2)
        #expect(difference.events == ["increment", "type x"])
        #expect(difference.live.screen == "count 1\ndraft x")
        #expect(difference.relaunched.screen == "count 1\ndraft ")
        #expect(try defective.play([.increment, .increment]).difference == nil)
        let fixed = RestorationFuzzer(target: NotePadTarget(forgetsDraft: false, typing: 10))
        let clean = try fixed.play([.increment, .type("x"), .increment])
        #expect(clean.difference == nil)
        #expect(clean.summary == "restoration-fuzz: 3 steps, 3 relaunches, 0 differences")
    }
}
