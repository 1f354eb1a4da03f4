import Foundation
import StateRestoration
import Testing
import TmuxTesting

/// Rule S4 through the real binary: old sessions are pruned after the first frame, off the
/// main thread, so a state directory full of them does not hold the launch.
@Suite("S4: homepwner prunes old sessions after its first frame", .serialized)
struct PruningEndToEndTests {
    /// The terminals each test opens, closed when it ends.
    let terminals = Terminals()

    @Test("S4: 300 saved sessions with --keep-sessions 5: the list shows, then the sessions go down to five")
    func prunedAfterFirstFrame() async throws {
        let session = try terminals.open(width: 80, height: 24)
        let sessions = RestorationSessions(stateDirectory: session.stateDirectory)
        for _ in 0..<300 {
            let opening = try sessions.open(.new, pruning: false)
            try opening.session.storage.store([1], as: .archive)
            opening.session.release()
        }
        try await session.launch("--fresh --keep-sessions 5", ready: "Homepwner")
        try await session.waitUntil("the old sessions to be pruned", timeout: .seconds(30)) {
            sessions.sessions().count <= 5
        }
        #expect(sessions.sessions().contains { $0.isHeld }, "the running instance's own session stays")
        _ = try await session.quit()
    }
}
