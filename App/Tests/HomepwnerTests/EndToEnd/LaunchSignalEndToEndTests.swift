import Foundation
import HomepwnerCore
import Testing
import TmuxTesting

/// Signals during a long launch (the attacker's N7): before the run loop reads the signal
/// pipe, SIGTERM still ends the app at once, with the terminal put back.
@Suite("H10: a terminating signal during a slow launch", .serialized)
struct LaunchSignalEndToEndTests {
    /// The terminals each test opens, closed when it ends.
    let terminals = Terminals()

    @Test(
        "H10: SIGTERM while the launch opens an item with 16 MB of notes ends it at once (status 143)"
    )
    func sigtermDuringLaunch() async throws {
        let session = try terminals.open(width: 80, height: 24)
        let store = try ItemStore(paths: session.paths)
        // Notes of 16 MB of text make the launch slow enough to be signalled in; one grapheme
        // of 3,000,000 marks did for seconds before N11, and now opens at once. The signal
        // goes as soon as the app runs: 300 ms later, under load, the first frame can be up
        // and the signal is then a quit that saves 16 MB first.
        let item = try store.createItem(name: "Slow", serialNumber: "SLOW1")
        let line = String(repeating: "slow launch notes ", count: 4) + "\n"
        try store.update(
            key: item.key,
            changes: ItemChanges(notes: String(repeating: line, count: 16_000_000 / line.utf8.count)))
        try session.start("--open SLOW1")
        try await session.waitUntil("the app to start") { try session.childPID() != nil }
        let pid = try #require(try session.childPID())
        #expect(kill(pid, SIGTERM) == 0)
        try await session.waitUntil("the app to end", timeout: .seconds(3)) { !HomepwnerTmux.isAlive(pid) }
        let status = try await session.exitStatus()
        let screen = try session.screen()
        #expect(status == "143", "\(screen)")
        #expect(try !session.isAlternateScreen(), "the terminal is put back")
    }
}
