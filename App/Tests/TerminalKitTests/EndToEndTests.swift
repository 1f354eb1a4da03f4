import Foundation
import Testing
import TmuxTesting

#if canImport(Glibc)
    import Glibc
#endif

/// The real `terminalkit-demo` in a real terminal (tmux).
@Suite("End to end in tmux", .enabled(if: TmuxSession.programOnPath("tmux") != nil, "tmux is not installed"))
struct EndToEndTests {
    /// A 60x16 shell in a private tmux server.
    private func startSession(width: Int = 60, height: Int = 16) throws -> TmuxSession {
        try TmuxSession(label: "terminalkit-e2e", width: width, height: height)
    }

    /// Runs `body` on a new session with the demo launched in it (``launch(_:showing:)``);
    /// closes the session after.
    private func withDemo(_ body: (TmuxSession) async throws -> Void) async throws {
        let session = try startSession()
        defer { session.close() }
        try await launch(session)
        try await body(session)
    }

    /// Starts the demo in the session's shell and waits until it shows `expected`.
    private func launch(_ session: TmuxSession, showing expected: String = "Shopping") async throws {
        let binary = try #require(
            TmuxSession.builtProduct("terminalkit-demo"),
            "terminalkit-demo is not next to the test bundle; build it with the tests (swift build --build-tests)"
        )
        try session.shell("'\(binary)' --state-dir '\(session.directory)/state'")
        try await session.waitFor("the app showing \(expected)") {
            try $0.contains(expected) && session.isAlternateScreen()
        }
    }

    @Test(
        "H7: Ctrl-Z gives the shell its normal screen back, fg redraws, q quits leaving the terminal as it was"
    )
    func suspendResumeQuit() async throws {
        let session = try startSession()
        defer { session.close() }
        try session.shell("stty -g > before.txt")
        try await launch(session)
        try session.press("a")
        try await session.waitFor("the new-item screen") { $0.contains("New Item") }
        try session.type("牛奶")
        try await session.waitFor("the typed text") { $0.contains("Name      牛奶") }

        try session.press("C-z")
        let stopped = try await session.waitFor("the shell") {
            try $0.contains("Stopped") && !session.isAlternateScreen()
        }
        #expect(!stopped.contains("New Item"))
        #expect(try session.value("cursor_flag") == "1")

        try session.shell("fg")
        let resumed = try await session.waitFor("the redraw") {
            try $0.contains("牛奶") && session.isAlternateScreen()
        }
        #expect(resumed.contains("New Item"))
        #expect(try session.value("cursor_x") == "15")

        try session.press("Enter")
        try await session.waitFor("the list with the new item") {
            $0.contains(" 牛奶 ") && $0.contains("Shopping")
        }
        try session.press("q")
        try await session.waitFor("the shell after quitting") { _ in try !session.isAlternateScreen() }
        try session.shell("echo status=$?; stty -g > after.txt")
        try await session.waitFor("the exit status") { $0.contains("status=0") }
        #expect(try session.value("cursor_flag") == "1")
        let before = try String(contentsOfFile: session.directory + "/before.txt", encoding: .utf8)
        try await session.waitFor("stty") { _ in
            FileManager.default.fileExists(atPath: session.directory + "/after.txt")
        }
        let after = try String(contentsOfFile: session.directory + "/after.txt", encoding: .utf8)
        #expect(!after.isEmpty)
        #expect(before == after)
    }

    @Test("H8: Ctrl-C in a half-typed modal, relaunch: the same screen with the cursor in the same place")
    func quitAndRelaunch() async throws {
        try await withDemo { session in
            try session.press("a")
            try session.type("Green tea")
            try await session.waitFor(text: "Green tea")
            let typed = try session.capture().cursor
            try session.press("Left", "Left")
            // The two keys are drawn once the cursor is two columns left of the end.
            try await session.waitFor("the cursor two columns left") { _ in
                try session.capture().cursor.column == typed.column - 2
            }
            let before = try session.capture()
            try session.press("C-c")
            try await session.waitFor("the shell") { _ in try !session.isAlternateScreen() }
            #expect(try await session.exitStatus() == "0")

            try session.shell("clear")
            try await launch(session, showing: "Green tea")
            try await session.waitFor(text: "Green tea")
            let after = try session.capture()
            #expect(after.text == before.text)
            #expect(after.cursor == before.cursor)
        }
    }

    @Test("H7: SIGTERM saves and exits 143; a crash signal still puts the terminal back")
    func signals() async throws {
        try await withDemo { session in
            let app = try #require(try session.childPID())
            #expect(kill(app, SIGTERM) == 0)
            try await session.waitFor("the shell after SIGTERM") { _ in try !session.isAlternateScreen() }
            #expect(try await session.exitStatus() == "143")
            #expect(FileManager.default.fileExists(atPath: session.directory + "/state/restoration.archive"))

            try await launch(session)
            let crashing = try #require(try session.childPID())
            #expect(kill(crashing, SIGSEGV) == 0)
            try await session.waitFor("the shell after the crash") { _ in try !session.isAlternateScreen() }
            #expect(try session.value("cursor_flag") == "1")
        }
    }

    @Test("R10: the list and the archive are the user's alone: files 0600 in a 0700 directory")
    func privateFiles() async throws {
        try await withDemo { session in
            try session.press("q")
            try await session.waitFor("the shell") { _ in try !session.isAlternateScreen() }
            let state = session.directory + "/state"
            func mode(_ path: String) throws -> Int {
                try #require(FileManager.default.attributesOfItem(atPath: path)[.posixPermissions] as? Int)
            }
            #expect(try mode(state) == 0o700)
            #expect(try mode(state + "/items.json") == 0o600)
            #expect(try mode(state + "/restoration.archive") == 0o600)
        }
    }

    @Test("H11: a terminal resize (SIGWINCH) lays the screen out again")
    func resize() async throws {
        let session = try startSession(width: 60, height: 16)
        defer { session.close() }
        try await launch(session)
        try session.resize(width: 44, height: 10)
        let resized = try await session.waitFor("the narrower layout") { screen in
            screen.split(separator: "\n").first.map {
                $0.hasPrefix(" Edit") && $0.hasSuffix("Add") && $0.count == 43
            }
                ?? false
        }
        #expect(resized.contains("Shopping"))
        try session.press("q")
        try await session.waitFor("the shell") { _ in try !session.isAlternateScreen() }
    }
}
