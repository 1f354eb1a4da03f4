import Foundation
import RestorationTesting
import StateRestoration
import Testing

@testable import TerminalKit

/// A screen of `count` text fields, each with an identifier: a tree of `count + 1` records.
@MainActor
private final class FieldsViewController: ViewController {
    let count: Int
    private(set) var fields: [TextField] = []

    init(count: Int) {
        self.count = count
        super.init()
        restorationIdentifier = "fields"
    }

    override func viewDidLoad() {
        for index in 0..<count {
            let field = TextField(text: "field \(index)")
            field.restorationIdentifier = "f\(index)"
            field.frame = Rect(x: 0, y: 0, width: 20, height: 1)
            view.addSubview(field)
            fields.append(field)
        }
        fields.first?.becomeFirstResponder()
    }
}

/// What a save after a typed key costs on the main actor (rule P1), through TerminalKit's
/// key path, as the app now tells the engine (the field and its screen) and as it did
/// before (`stateDidChange()` after every key: a full save). docs/PERFORMANCE.md holds the
/// numbers it prints, with the command; the assertions are on what is encoded, not on time.
@Suite("P1: the main actor's save after a typed key, named and unnamed", .serialized)
@MainActor
struct KeySaveCostTests {
    @Test(
        "P1: a key typed at 16 and at 10,000 fields re-encodes two records; the save's main-actor time beside a full one's",
        arguments: [16, 10_000])
    func keySaveCost(fields count: Int) throws {
        let root = FieldsViewController(count: count)
        let terminal = HeadlessTerminal(size: Size(width: 40, height: 12))
        let scheduler = ManualScheduler()
        var configuration = RestorationConfiguration(
            appName: "fields", appVersion: "1", continuousPreservationDelay: .milliseconds(10),
            debugOutput: .off)
        configuration.checksIncrementalSaves = false
        let application = Application(
            delegate: RestoringDelegate(root: root), driver: terminal, configuration: configuration,
            storage: InMemoryStorage(), scheduler: scheduler)
        try application.launch()
        let engine = application.engine
        /// Types a key, then times the debounce's save: what the main actor spends on it
        /// (the write's assembly and checksum run on the write queue, not timed).
        func typeAndSave(named: Bool) -> (Duration, Int) {
            terminal.type("x")
            application.processEvents()
            if !named { engine.stateDidChange() }  // what the key path called before
            let clock = ContinuousClock()
            let time = clock.measure { scheduler.advance(by: .milliseconds(20)) }
            engine.waitForPendingWrites()
            return (time, engine.lastPreservationReport?.encodedRecordCount ?? -1)
        }
        _ = typeAndSave(named: false)  // the first save, a full one, makes the cache
        var full: [Duration] = []
        var named: [Duration] = []
        for _ in 0..<15 {
            let (fullTime, fullCount) = typeAndSave(named: false)
            #expect(fullCount == count + 1)
            full.append(fullTime)
            let (namedTime, namedCount) = typeAndSave(named: true)
            #expect(namedCount == 2)
            named.append(namedTime)
        }
        #expect(engine.lastPreservationReport?.savedPaths.count == count + 1)
        func median(_ times: [Duration]) -> Double {
            let sorted = times.sorted()
            let middle = sorted[sorted.count / 2]
            return Double(middle.components.attoseconds) / 1e15 + Double(middle.components.seconds) * 1000
        }
        let line = String(
            format: "P1 key save, %d records: full (before) %.3f ms, named (now) %.3f ms, ratio %.3f",
            count + 1, median(full), median(named), median(named) / median(full))
        print(line)
    }
}
