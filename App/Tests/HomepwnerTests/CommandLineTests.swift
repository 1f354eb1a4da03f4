import ArgumentKit
import Foundation
import HomepwnerCore
import StateRestoration
import Testing
import TmuxTesting

@testable import Homepwner

@Suite("Homepwner: the command line (H10)")
@MainActor
struct CommandLineTests {
    private func run(
        _ arguments: [String], scratch: Scratch, hasTerminal: Bool = false, variables: [String: String] = [:]
    ) -> CommandRun {
        CommandRun(arguments, in: scratch, hasTerminal: hasTerminal, variables: variables)
    }

    @Test(
        "H10, T5, H20, H21: --help shows every option, the keys (the notes', the search's, the tabs' numbers too), the files and RESTORATION_DEBUG, on standard output"
    )
    func help() {
        let result = run(["--help"], scratch: Scratch())
        #expect(result.status == 0)
        #expect(result.errors.isEmpty)
        for expected in [
            "USAGE: homepwner [<options>]", "--fresh", "--data-dir <dir>", "--state-dir <dir>",
            "--random-items <count>", "--session <id>", "--open <item>", "--keep-sessions <count>",
            "--session-days <days>", "SESSIONS:", "Q quit and forget this session", "RESTORATION_DEBUG=1",
            "<state-dir>/restoration.log", "<state-dir>/sessions/<id>/", "NO_COLOR",
            // The containers' keys (rule T5).
            "from 120 columns the list and the open item show side by side", "Ctrl-O moves between them",
            "Ctrl-T switches between Items and Summary", "1 and 2 choose one",
            // The list's search (H20) and the desktop's clipboard (H21).
            "/ find by name or serial", "clipboard where the terminal takes OSC 52",
            // The notes (rule T5): Enter is a new line there, and the pasteboard's keys.
            "the Notes field takes any number of lines", "except in Notes (a new line there)",
            "Alt-c copies, Alt-x cuts, Alt-v pastes",
            // Conflicts, the journal and the next launch after Q (rules H16, H17, S9).
            "Ctrl-R keeps your text, Ctrl-G takes the other", "<data-dir>/items.sqlite-pending",
            "the next plain launch starts on the list", "asks first if you typed anything",
        ] {
            #expect(result.output.contains(expected), "missing \(expected)")
        }
    }

    @Test("H10: the options are read as given, in either form")
    func options() throws {
        var expected = HomepwnerOptions()
        expected.startsFresh = true
        expected.dataDirectory = "d"
        expected.stateDirectory = "s"
        expected.randomItems = 3
        #expect(
            try HomepwnerCommand.parse(["--fresh", "--data-dir", "d", "--state-dir=s", "--random-items", "3"])
                == .run(expected))
        #expect(try HomepwnerCommand.parse([]) == .run(HomepwnerOptions()))
        var sessions = HomepwnerOptions()
        sessions.session = "work"
        sessions.sessionPolicy = SessionPolicy(maximumAge: .seconds(2 * 24 * 3600), maximumCount: 4)
        #expect(
            try HomepwnerCommand.parse(["--session", "work", "--keep-sessions", "4", "--session-days", "2"])
                == .run(sessions))
        #expect(sessions.sessionChoice == .named("work"))
        #expect(HomepwnerOptions().sessionChoice == .mostRecent)
        #expect(expected.sessionChoice == .new)
    }

    @Test(
        "S3, S4: bad session options are usage errors (64) that say what is expected",
        arguments: [
            (["--session", "a/b"], "invalid value 'a/b' for '--session <id>'"),
            (["--session", "x", "--fresh"], "--session cannot be used with --fresh or --open"),
            (["--keep-sessions", "0"], "expected a whole number from 1 to 10000"),
            (["--session-days", "soon"], "expected a whole number from 1 to 36500"),
        ])
    func badSessionOptions(arguments: [String], message: String) {
        let result = run(arguments, scratch: Scratch())
        #expect(result.status == 64)
        #expect(result.errors.contains(message), "\(result.errors)")
    }

    @Test("H10: --version names the app and the engine")
    func version() {
        let result = run(["--version"], scratch: Scratch())
        #expect(result.status == 0)
        #expect(result.output == "homepwner 1.0.0 (StateRestoration \(ArchiveFormat.engineVersion))\n")
    }

    @Test(
        "H10: a wrong command line is an error on standard error with exit status 64",
        arguments: [
            (["--bogus"], "homepwner: error: unknown option '--bogus'"),
            (
                ["--random-items", "ten"],
                "homepwner: error: invalid value 'ten' for '--random-items <count>': expected a whole number from 0 to 1000000"
            ),
            (
                ["--random-items", "-1"],
                "homepwner: error: invalid value '-1' for '--random-items <count>': expected a whole number from 0 to 1000000"
            ),
            (["--data-dir"], "homepwner: error: missing value for '--data-dir <dir>'"),
            (["--fresh=yes"], "homepwner: error: '--fresh' takes no value, but was given 'yes'"),
            (["--data-dir", ""], "homepwner: error: --data-dir needs a directory, not an empty string"),
        ])
    func usageErrors(arguments: [String], message: String) {
        let result = run(arguments, scratch: Scratch())
        #expect(result.status == ExitStatus.usage.rawValue)
        #expect(result.output.isEmpty)
        #expect(result.errors.hasPrefix(message))
    }

    @Test("H10: without a terminal, --random-items N fills the store with the book's items and exits 0")
    func randomItemsWithoutTerminal() throws {
        let scratch = Scratch()
        let result = run(
            ["--random-items", "25", "--data-dir", "data", "--state-dir", "state"], scratch: scratch)
        #expect(result.status == 0)
        #expect(result.output == "homepwner: added 25 random items to \(scratch.path)/data/items.sqlite\n")
        let items = try ItemStore(
            paths: HomepwnerPaths(dataDirectory: scratch.file("data"), stateDirectory: "")
        )
        .allItems()
        #expect(items.count == 25)
        #expect(
            items.allSatisfy { item in
                let words = item.name.split(separator: " ").map(String.init)
                return words.count == 2 && Item.randomAdjectives.contains(words[0])
                    && Item.randomNouns.contains(words[1]) && (0..<100).contains(item.valueInDollars)
            })
        #expect(Scratch.mode(of: scratch.file("state")) == 0o700)
    }

    @Test("H10: the directories default to XDG_DATA_HOME and XDG_STATE_HOME")
    func xdgDefaults() throws {
        let scratch = Scratch()
        let result = run(
            ["--random-items", "1"], scratch: scratch,
            variables: [
                "XDG_DATA_HOME": scratch.file("xdg-data"), "XDG_STATE_HOME": scratch.file("xdg-state"),
            ])
        #expect(result.status == 0)
        #expect(FileManager.default.fileExists(atPath: scratch.file("xdg-data/homepwner/items.sqlite")))
        #expect(Scratch.mode(of: scratch.file("xdg-state/homepwner")) == 0o700)
    }

    @Test("H10: without a terminal the app says it needs one, on standard error, exit 1")
    func noTerminal() {
        let result = run([], scratch: Scratch())
        #expect(result.status == 1)
        #expect(
            result.errors
                == "homepwner: error: standard input and output must be a terminal (Homepwner is a full-screen app)\n"
        )
    }

    @Test("H10: a database from a newer Homepwner is refused with the reason, exit 65, and left untouched")
    func newerDatabase() throws {
        let scratch = Scratch()
        _ = try ItemStore(paths: scratch.paths)
        try RawDatabase(scratch.paths.databasePath).execute("PRAGMA user_version = 99")
        let result = run(
            ["--data-dir", scratch.paths.dataDirectory, "--state-dir", scratch.paths.stateDirectory],
            scratch: scratch)
        #expect(result.status == 65)
        #expect(
            result.errors.hasPrefix(
                "homepwner: error: items database \(scratch.paths.databasePath) has schema version 99"))
    }

    @Test(
        "R21, H10: RESTORATION_DEBUG=1 sends diagnostics to <state-dir>/restoration.log, or RESTORATION_DEBUG_LOG"
    )
    func debugLog() {
        #expect(HomepwnerCommand.debugOutput([:], stateDirectory: "/s") == .off)
        #expect(HomepwnerCommand.debugOutput(["RESTORATION_DEBUG": "0"], stateDirectory: "/s") == .off)
        #expect(
            HomepwnerCommand.debugOutput(["RESTORATION_DEBUG": "1"], stateDirectory: "/s")
                == .file("/s/restoration.log"))
        #expect(
            HomepwnerCommand.debugOutput(
                ["RESTORATION_DEBUG": "1", "RESTORATION_DEBUG_LOG": "/tmp/x.log"], stateDirectory: "/s")
                == .file("/tmp/x.log"))
    }

    // MARK: Out-of-range counts and error messages

    @Test("H10: a count too big for an integer names the allowed range")
    func hugeCount() {
        let result = run(["--random-items", "99999999999999999999"], scratch: Scratch())
        #expect(result.status == ExitStatus.usage.rawValue)
        #expect(
            result.errors.hasPrefix(
                "homepwner: error: invalid value '99999999999999999999' for '--random-items <count>': "
                    + "expected a whole number from 0 to 1000000"))
    }

    @Test("H10: --random-items 0 without a terminal adds nothing and exits 0")
    func zeroItemsWithoutTerminal() {
        let scratch = Scratch()
        let result = run(["--random-items", "0", "--data-dir", "data"], scratch: scratch)
        #expect(result.status == 0)
        #expect(result.errors.isEmpty)
        #expect(result.output == "homepwner: added 0 random items to \(scratch.path)/data/items.sqlite\n")
    }

    @Test(
        "H10: every error starts with 'homepwner: error:'",
        arguments: [["--bogus"], ["--random-items", "ten"], ["--data-dir", ""], []])
    func errorPrefix(arguments: [String]) {
        let result = run(arguments, scratch: Scratch())
        #expect(result.status != 0)
        #expect(result.errors.hasPrefix("homepwner: error: "), "\(result.errors)")
    }

    @Test(
        "H10: an ESC or BEL in an option's value is printed as \\u{1b}, never raw: it would set the terminal's title"
    )
    func controlsInArgumentsArePrintedEscaped() throws {
        let title = "nope\u{1b}]0;PWN\u{7}"
        let scratch = Scratch()
        let opened = run(["--open", title], scratch: scratch)
        let added = run(["--data-dir", "d" + title, "--random-items", "1"], scratch: scratch)
        for text in [opened.errors, opened.output, added.errors, added.output] {
            let raw = text.unicodeScalars.contains { $0.value == 0x1B || $0.value == 0x07 }
            #expect(!raw, "\(text.debugDescription)")
        }
        #expect(opened.errors.contains("nope\\u{1b}]0;PWN\\u{7}"), "\(opened.errors.debugDescription)")
        #expect(added.output.contains("d" + "nope\\u{1b}]0;PWN\\u{7}"), "\(added.output.debugDescription)")

        // The real binary, as a user runs it: the same on its standard output.
        let binary = try TmuxSession.runProduct(
            "homepwner", ["--data-dir", scratch.file("e") + title, "--random-items", "1"],
            environment: ["HOME": scratch.file("home")])
        #expect(binary.status == 0)
        let printed = binary.output + binary.errors
        #expect(
            !printed.contains(0x1B) && !printed.contains(0x07), "\(String(decoding: printed, as: UTF8.self))")
        #expect(String(decoding: printed, as: UTF8.self).contains("\\u{1b}]0;PWN\\u{7}"))
    }

    // MARK: --open and --session

    /// Runs `homepwner` on a terminal in `scratch`, with its data and state directories there.
    private func runOnTerminal(_ arguments: [String], in scratch: Scratch) -> (status: Int32, errors: String)
    {
        let run = CommandRun(
            arguments + ["--data-dir", scratch.file("data"), "--state-dir", scratch.file("state")],
            in: scratch,
            hasTerminal: true)
        return (run.status, run.errors)
    }

    @Test("H10: --open '' is a usage error that says the value is empty (it said 'missing value')")
    func emptyOpen() {
        let (status, errors) = runOnTerminal(["--open", ""], in: Scratch())
        #expect(status == 64)
        #expect(
            errors.contains("--open needs an item's serial number or key, not an empty string"), "\(errors)")
    }

    @Test("H10, S3: a session another instance holds: the error says what to do instead")
    func heldSession() throws {
        let scratch = Scratch()
        let sessions = RestorationSessions(stateDirectory: scratch.file("state"))
        let held = try sessions.open(.named("work")).session
        defer { held.release() }
        let (status, errors) = runOnTerminal(["--session", "work"], in: scratch)
        #expect(status == 75)
        #expect(errors.contains("session 'work' is in use by another running instance"), "\(errors)")
        #expect(errors.contains("hint: start without --session"), "\(errors)")
    }
}
