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

    /// Runs the storm `name` for `cycles` kills and expects it to have run them all, each
    /// landing while a write was in flight at least 15 times, with `figures` as given and
    /// each of `atLeast` at least as given. A failure prints the whole run.
    private func expectFullStorm(
        _ name: String, cycles: Int, figures: [String: Int], atLeast: [String: Int],
        sourceLocation: SourceLocation = #_sourceLocation
    ) throws {
        let run = try storm(name, cycles: cycles)
        #expect(run.exitedNormally, "\(run)", sourceLocation: sourceLocation)
        #expect(run.figures["cycles"] == cycles, "\(run)", sourceLocation: sourceLocation)
        #expect((run.figures["inflight"] ?? 0) >= 15, "\(run)", sourceLocation: sourceLocation)
        #expect(
            run.figures.filter { figures[$0.key] != nil } == figures, "\(run)", sourceLocation: sourceLocation
        )
        for (figure, least) in atLeast.sorted(by: { $0.key < $1.key }) {
            #expect((run.figures[figure] ?? 0) >= least, "\(figure): \(run)", sourceLocation: sourceLocation)
        }
    }

    @Test(
        "R10: 50 SIGKILLs during saves: every archive verifies and restores whole, holding the last saved pass or the one in flight",
        .timeLimit(.minutes(2)))
    func archiveStorm() throws {
        // The kills really landed while saves were running (15 times at least), and both
        // outcomes happened: the new archive in place, or the old one.
        try expectFullStorm(
            "storm-archive", cycles: 50, figures: ["verified": 50, "torn": 0, "wrong": 0, "leftovers": 0],
            atLeast: ["inflight_new": 1, "inflight_old": 1])
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
        try expectFullStorm(
            "storm-store", cycles: 50, figures: ["integrity_ok": 50, "failed": 0],
            atLeast: ["acknowledged": 200])
    }
}
