import ArchiveInspector
import Testing

#if canImport(Glibc)
    import Glibc
#endif

@Suite("restoration-archive: help, version and usage errors")
struct CommandLineTests {
    @Test(
        "A5: --help lists the subcommands and the exit statuses, and says --app reads the --state-dir given; exit 0 on standard output"
    )
    func help() {
        let run = ToolRun.run(["--help"])
        #expect(run.status == 0)
        #expect(run.errors == "")
        #expect(run.output.hasPrefix("OVERVIEW: Shows, checks and compares the state restoration archives"))
        for line in [
            "USAGE: restoration-archive <subcommand>", "  show  ", "  verify  ", "  diff  ",
            "  65  the file is not a valid archive", "  66  the file, the state directory or a saved session",
            "'--state-dir DIR' names (an app started with --state-dir DIR)",
        ] {
            #expect(run.output.contains(line), "\(line)")
        }
    }

    @Test(
        "each subcommand has its own --help",
        arguments: [
            ("show", "USAGE: restoration-archive show [--json] [--color <when>] <file>\n"),
            (
                "verify",
                "USAGE: restoration-archive verify <file>\n       restoration-archive verify [--state-dir <dir>] --app <name>"
            ),
            (
                "diff",
                "USAGE: restoration-archive diff [--color <when>] <old> <new>\n"
                    + "       restoration-archive diff [<options>] --app <name> [--session <id>] <old>\n"
            ),
            ("sessions", "USAGE: restoration-archive sessions [--json] [--state-dir <dir>] --app <name>\n"),
        ])
    func subcommandHelp(subcommand: String, usage: String) {
        for arguments in [[subcommand, "--help"], [subcommand, "-h"], ["help", subcommand]] {
            let run = ToolRun.run(arguments)
            #expect(run.status == 0)
            #expect(run.output.contains(usage), "\(arguments)")
        }
    }

    @Test("--version names the tool, the engine and the archive format")
    func version() {
        let run = ToolRun.run(["--version"])
        #expect(run.status == 0)
        #expect(run.output == "restoration-archive 1.0.0 (StateRestoration 1.0.0, reads archive format 1)\n")
    }

    @Test(
        "a usage error: 'error:' and a hint on standard error, exit 64, did-you-mean when close",
        arguments: [
            (["show", "--jsn", "x"], "error: unknown option '--jsn'\nhint: did you mean '--json'?"),
            (["veryfy", "x"], "error: unknown subcommand 'veryfy'\nhint: did you mean 'verify'?"),
            (
                ["show", "--color=alwys", "x"],
                "error: invalid value 'alwys' for '--color <when>': expected one of auto, always, never\nhint: did you mean 'always'?"
            ),
            (
                ["diff", "a"],
                "error: missing argument <new> (or --app <name>)\nhint: run 'restoration-archive diff --help' for usage"
            ),
            (["diff", "-", "-"], "error: only one of the two archives can be standard input"),
            ([], "error: missing subcommand\nhint: choose one of: show, verify, diff"),
        ])
    func usageErrors(arguments: [String], message: String) {
        let run = ToolRun.run(arguments)
        #expect(run.status == 64)
        #expect(run.output == "")
        #expect(run.errors.hasPrefix(message), "\(run.errors)")
    }

    @Test("'-' refuses a terminal on standard input instead of waiting for typing")
    func terminalInput() throws {
        // The controlling side of a new pseudo-terminal is a terminal too.
        let terminal = open("/dev/ptmx", O_RDWR | O_NOCTTY)
        try #require(terminal >= 0 && isatty(terminal) == 1)
        defer { close(terminal) }
        let run = ToolRun.run(["verify", "-"], standardInput: terminal)
        #expect(run.status == 64)
        #expect(
            run.errors.hasPrefix("error: standard input is a terminal; pipe an archive in, or give a file\n"))
    }
}
