import Foundation
import Homepwner
import HomepwnerCore
import Testing
import TmuxTesting

#if canImport(Glibc)
    import Glibc
#endif

/// In a real terminal: every signal that ends the process gives the terminal back, and the
/// exit status says which signal it was.
@Suite(
    "Homepwner: signals end it cleanly (tmux)", .serialized,
    .enabled(
        if: HomepwnerTmux.isAvailable,
        "needs tmux, sqlite3 and the homepwner binary (swift build --build-tests)"))
struct SignalEndToEndTests {
    /// The terminals each test opens, closed when it ends.
    let terminals = Terminals()

    @Test(
        "H7: SIGUSR1, SIGUSR2 and SIGALRM give the terminal back: main screen, cursor shown",
        arguments: [SIGUSR1, SIGUSR2, SIGALRM])
    func fatalSignalRestoresTheTerminal(_ signal: Int32) async throws {
        let session = try await terminals.launched(items: [])
        let pid = try #require(try session.childPID())
        #expect(kill(pid, signal) == 0)
        try await session.waitUntil("the app to end") { !HomepwnerTmux.isAlive(pid) }
        try await session.waitUntil("the shell's normal screen") { try !session.isAlternateScreen() }
        #expect(try session.value("cursor_flag") == "1")
        #expect(try await session.exitStatus() == "\(128 + signal)")
    }

    @Test(
        "H7: SIGTERM and SIGHUP save and exit 128 + the signal, as shells report a killed program",
        arguments: [SIGTERM, SIGHUP])
    func terminationStatus(_ signal: Int32) async throws {
        let session = try await terminals.launched(items: [])
        let pid = try #require(try session.childPID())
        #expect(kill(pid, signal) == 0)
        try await session.waitUntil("the shell's normal screen") { try !session.isAlternateScreen() }
        #expect(try await session.exitStatus() == "\(128 + signal)")
        #expect(FileManager.default.fileExists(atPath: session.archivePath))
    }
}

/// In a real terminal: a flag or a family emoji in a name takes the columns the terminal
/// gives it, and the columns after it stay where they belong.
@Suite(
    "Homepwner: emoji in names (tmux)", .serialized,
    .enabled(
        if: HomepwnerTmux.isAvailable,
        "needs tmux, sqlite3 and the homepwner binary (swift build --build-tests)"))
struct EmojiEndToEndTests {
    /// The terminals each test opens, closed when it ends.
    let terminals = Terminals()

    @Test(
        "H11: a flag and a family emoji leave the serial and value columns in line, after moving too"
    )
    func emojiRow() async throws {
        let names = ["Plain", "Flag 🇯🇵 family 👨‍👩‍👧 ok", "Plain too"]
        let session = try await terminals.launched(items: names.map { ($0, "S1", 5) })
        let columns = "S1" + String(repeating: " ", count: 16) + "$5"
        for key in ["", "Down", "Down", "Up", "Up"] {
            if !key.isEmpty { try session.press(key) }
            try await session.waitFor("the serial and value columns in line after '\(key)'") { screen in
                let lines = screen.components(separatedBy: "\n")
                return lines.count > 3 && lines[1...3].allSatisfy { $0.hasSuffix(columns) }
            }
        }
        #expect(try await session.quit() == "0")
    }
}
