import Foundation
import Testing

/// Short kill storms; `make soak` runs the long ones (1,000 and 500 kills). Each cycle is a
/// real child process killed with SIGKILL at a random moment (see restoration-soak).
@Suite("R10, H6: kill storms, short version", .serialized)
struct KillStormTests {
    let scratch = Scratch()

    /// Runs restoration-soak's `storm` (`storm-archive` or `storm-store`) in the scratch
    /// directory for `cycles` kills, seed 7, with `extra` options.
    private func storm(_ storm: String, cycles: Int, _ extra: [String] = []) throws -> Tools.Run {
        try Tools.run(Tools.soak, [storm, scratch.path, "--cycles", "\(cycles)", "--seed", "7"] + extra)
    }

    /// Expects a storm of `cycles` kills to have run them all, each landing while a write was
    /// in flight at least 15 times: returns its figures.
    private func expectFullStorm(_ run: Tools.Run, cycles: Int) -> [String: Int] {
        #expect(run.exitedNormally, "\(run)")
        #expect(run.figures["cycles"] == cycles, "\(run)")
        #expect((run.figures["inflight"] ?? 0) >= 15, "\(run)")
        return run.figures
    }

    @Test(
        "R10: 50 SIGKILLs during saves: every archive verifies and restores whole, holding the last saved pass or the one in flight",
        .timeLimit(.minutes(2)))
    func archiveStorm() throws {
        let run = try storm("storm-archive", cycles: 50)
        let figures = expectFullStorm(run, cycles: 50)
        #expect(figures["verified"] == 50)
        #expect(figures["torn"] == 0)
        #expect(figures["wrong"] == 0)
        #expect(figures["leftovers"] == 0)
        // The kills really landed while saves were running (15 times at least), and both
        // outcomes happened.
        #expect((figures["inflight_new"] ?? 0) >= 1, "\(run)")
        #expect((figures["inflight_old"] ?? 0) >= 1, "\(run)")
    }

    @Test(
        "R10, H6: each storm fails when the fault it guards against is injected: an archive overwritten in place tears, a committed edit lost is missing (negative controls)",
        .timeLimit(.minutes(1)),
        arguments: [
            ("storm-archive", 12, "--in-place", "torn", 4, "FAILED: restoration-archive:"),
            (
                "storm-store", 10, "--lose-last-edit", "failed", 2,
                "FAILED: the store differs from the acknowledged edits: missing"
            ),
        ])
    func stormCatchesInjectedFault(
        storm name: String, cycles: Int, option: String, figure: String, atLeast: Int, failure: String
    ) throws {
        let run = try storm(name, cycles: cycles, [option])
        #expect(run.status == 1 && !run.signalled, "\(run)")
        #expect((run.figures[figure] ?? 0) >= atLeast, "\(run)")
        #expect(run.lines.contains { $0.contains(failure) }, "\(run)")
    }

    @Test(
        "H6: 50 SIGKILLs during rapid edits: integrity_check is ok and every committed edit is in the store",
        .timeLimit(.minutes(2)))
    func storeStorm() throws {
        let run = try storm("storm-store", cycles: 50)
        let figures = expectFullStorm(run, cycles: 50)
        #expect(figures["integrity_ok"] == 50)
        #expect(figures["failed"] == 0)
        #expect((figures["acknowledged"] ?? 0) >= 200, "\(run)")
    }
}
