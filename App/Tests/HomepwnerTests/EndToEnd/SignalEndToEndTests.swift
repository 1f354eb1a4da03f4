import Foundation
import Homepwner
import Testing
import TmuxTesting

#if canImport(Glibc)
    import Glibc
#endif

/// Issue 13 item 23, in a real terminal: every signal that ends the process gives the
/// terminal back, and the exit status says which signal it was.
@Suite(
    "Homepwner: signals end it cleanly (issue 13 item 23, tmux)", .serialized,
    .enabled(
        if: HomepwnerTmux.isAvailable,
        "needs tmux, sqlite3 and the homepwner binary (swift build --build-tests)"))
struct SignalEndToEndTests {
    @Test(
        "H7: SIGUSR1, SIGUSR2 and SIGALRM give the terminal back: main screen, cursor shown (issue 13 item 23)",
        arguments: [SIGUSR1, SIGUSR2, SIGALRM])
    func fatalSignalRestoresTheTerminal(_ signal: Int32) async throws {
        let session = try HomepwnerTmux(width: 60, height: 12)
        defer { session.close() }
        try await session.launch()
        let pid = try #require(try session.childPID())
        #expect(kill(pid, signal) == 0)
        try await session.waitUntil("the app to end") { !HomepwnerTmux.isAlive(pid) }
        try await session.waitUntil("the shell's normal screen") { try !session.isAlternateScreen() }
        #expect(try session.value("cursor_flag") == "1")
        try session.shell("echo status=$?")
        try await session.waitFor("the exit status") { $0.contains("status=\(128 + signal)") }
    }

    @Test(
        "H7: SIGTERM and SIGHUP save and exit 128 + the signal, as shells report a killed program (issue 13 item 23)",
        arguments: [SIGTERM, SIGHUP])
    func terminationStatus(_ signal: Int32) async throws {
        let session = try HomepwnerTmux(width: 60, height: 12)
        defer { session.close() }
        try await session.launch()
        let pid = try #require(try session.childPID())
        #expect(kill(pid, signal) == 0)
        try await session.waitUntil("the shell's normal screen") { try !session.isAlternateScreen() }
        try session.shell("echo status=$?")
        try await session.waitFor("the exit status") { $0.contains("status=\(128 + signal)") }
        #expect(FileManager.default.fileExists(atPath: session.archivePath))
    }
}
