import Foundation
import StateRestoration
import TestSupport
import Testing

/// Rule S4, off the path to the first frame: a launch can take its session without
/// pruning, and prune afterwards, beside the running instance.
@Suite("S4: pruning after the launch")
struct DeferredPruningTests {
    @Test(
        "S4: open(pruning: false) takes a session and removes nothing; tidy() then prunes to the policy, never the held one"
    )
    func pruneLater() throws {
        let scratch = TemporaryDirectory(prefix: "pruning")
        let sessions = RestorationSessions(
            stateDirectory: scratch.path, policy: SessionPolicy(maximumCount: 3))
        for _ in 0..<12 {
            let opening = try sessions.open(.new, pruning: false)
            try opening.session.storage.store([1], as: .archive)
            opening.session.release()
        }
        let held = try sessions.open(.new, pruning: false).session
        #expect(sessions.sessions().count == 13, "nothing pruned while launching")
        let removed = sessions.tidy()
        #expect(removed.count == 10)
        let left = sessions.sessions()
        #expect(left.count == 3)
        #expect(left.contains { $0.id == held.id && $0.isHeld })
        held.release()
    }
}
