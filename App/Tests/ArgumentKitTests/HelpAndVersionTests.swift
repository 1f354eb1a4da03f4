import ArgumentKit
import Testing

@Suite("Help and version")
struct HelpAndVersionTests {
    @Test("--help of a single-command tool lists every option, generated from the spec")
    func appHelp() throws {
        let result = try ArgumentParser(Fixtures.app).parse(["--help"])
        #expect(
            result
                == .help(
                    """
                    OVERVIEW: An inventory of your possessions, in the terminal.

                    USAGE: homepwner [--fresh] [--data-dir <dir>] [--state-dir <dir>]
                                     [--random-items <count>]

                    OPTIONS:
                      --fresh                 Starts without restoring the saved state, and forgets
                                              it.
                      --data-dir <dir>        Where the items and photos live.
                      --state-dir <dir>       Where the restoration archive lives.
                      -n, --random-items <count>
                                              Adds this many random items.
                      -h, --help              Shows this help.
                      --version               Shows the version.

                    """))
    }

    @Test("--help of a tool with subcommands lists them; each subcommand has its own help")
    func subcommandHelp() throws {
        let parser = ArgumentParser(Fixtures.tool)
        guard case .help(let root) = try parser.parse(["-h"]) else {
            Issue.record("expected help")
            return
        }
        #expect(root.contains("USAGE: archive-tool <subcommand>"))
        #expect(root.contains("SUBCOMMANDS:\n  show                    Shows an archive.\n  diff"))
        #expect(root.contains("See 'archive-tool help <subcommand>'"))

        guard case .help(let show) = try parser.parse(["show", "--help"]) else {
            Issue.record("expected help")
            return
        }
        #expect(
            show == """
                OVERVIEW: Shows an archive.

                USAGE: archive-tool show [--json] [--color <when>] [--app <name>] [<file>]

                ARGUMENTS:
                  <file>                  The archive file.

                OPTIONS:
                  --json                  Prints JSON.
                  --color <when>          When to use colour. (one of: auto, always, never;
                                          default: auto)
                  --app <name>            Shows the archive of this app.
                  -h, --help              Shows this help.

                """)
        #expect(!show.contains("--version"), "only the root's help offers --version")
        #expect(try parser.parse(["help", "show"]) == .help(show))
    }

    @Test("--help wins over a mistake elsewhere on the line")
    func helpWins() throws {
        let result = try ArgumentParser(Fixtures.tool).parse(["show", "--bogus", "--help"])
        guard case .help(let text) = result else {
            Issue.record("expected help, got \(result)")
            return
        }
        #expect(text.hasPrefix("OVERVIEW: Shows an archive."))
    }

    @Test("--help after '--' is a positional")
    func helpAfterDoubleDash() throws {
        let command = try Fixtures.run(Fixtures.tool, ["show", "--", "--help"])
        #expect(command.positional("file") == "--help")
    }

    @Test("--version prints the root's version, also after a subcommand")
    func version() throws {
        #expect(try ArgumentParser(Fixtures.app).parse(["--version"]) == .version("homepwner 1.0.0"))
        #expect(
            try ArgumentParser(Fixtures.tool).parse(["show", "--version"]) == .version("archive-tool 2.0"))
    }

    @Test("a tool without a version rejects --version")
    func noVersion() {
        let spec = CommandSpec(name: "plain", abstract: "No version.")
        let error = Fixtures.usageError(spec, ["--version"])
        #expect(error?.message == "unknown option '--version'")
    }
}
