import Foundation
import RestorationTesting
import TestSupport
import Testing

@testable import restoration_fuzz
@testable import terminalkit_demo

@Suite("X1: restoration checked after every step, short runs (make restoration-fuzz for long ones)")
@MainActor
struct RestorationFuzzRunTests {
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
}
