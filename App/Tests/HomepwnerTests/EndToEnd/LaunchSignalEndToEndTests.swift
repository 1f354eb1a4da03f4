import Foundation
import HomepwnerCore
import Testing
import TmuxTesting

/// Signals during a long launch: before the run loop reads the signal
/// pipe, SIGTERM still ends the app at once, with the terminal put back.
@Suite("H10: a terminating signal during a slow launch", .serialized)
struct LaunchSignalEndToEndTests {
    /// The terminals each test opens, closed when it ends.
    let terminals = Terminals()

    @Test(
        "H10: SIGTERM while the launch waits for another program's lock on the database ends it at once (status 143)"
    )
    func sigtermDuringLaunch() async throws {
        let session = try terminals.open(width: 80, height: 24)
        try ItemStore(paths: session.paths).createItem(name: "Waiting", serialNumber: "WAIT1")
        // Another program holds the database exclusively: the launch waits for it (up to
        // five seconds) before it can read the items, a slow launch by design whatever the
        // machine's load. The holder lets go when the test ends.
        let holder = try RawDatabase(session.paths.databasePath)
        holder.execute("PRAGMA locking_mode = EXCLUSIVE; BEGIN EXCLUSIVE; UPDATE items SET name = name;")
        try session.start()
        try await session.waitUntil("the app to start") { try session.childPID() != nil }
        let pid = try #require(try session.childPID())
        #expect(kill(pid, SIGTERM) == 0)
        try await session.waitUntil("the app to end", timeout: .seconds(10)) { !HomepwnerTmux.isAlive(pid) }
        let status = try await session.exitStatus()
        let screen = try session.screen()
        #expect(status == "143", "\(screen)")
        // Had the signal waited for the lock, the app would have said so and exited 1.
        #expect(!screen.contains("database is locked"), "\(screen)")
        #expect(try !session.isAlternateScreen(), "the terminal is put back")
        holder.execute("COMMIT")
    }
}
