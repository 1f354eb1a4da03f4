import ArgumentKit
import Testing

@Suite("Usage errors: message, hint and did-you-mean")
struct UsageErrorTests {
    struct Case: Sendable, CustomTestStringConvertible {
        var arguments: [String]
        var error: String
        var hint: String
        var testDescription: String { arguments.joined(separator: " ") }
    }

    static let toolCases: [Case] = [
        Case(
            arguments: ["show", "--jsn", "x"], error: "unknown option '--jsn'",
            hint: "did you mean '--json'? (run 'archive-tool show --help' for usage)"),
        Case(
            arguments: ["show", "--josn"], error: "unknown option '--josn'",
            hint: "did you mean '--json'? (run 'archive-tool show --help' for usage)"),
        Case(
            arguments: ["show", "-json"], error: "unknown option '-json'",
            hint: "did you mean '--json'? (run 'archive-tool show --help' for usage)"),
        Case(
            arguments: ["show", "--colour=never"], error: "unknown option '--colour=never'",
            hint: "did you mean '--color'? (run 'archive-tool show --help' for usage)"),
        Case(
            arguments: ["show", "--zzzz"], error: "unknown option '--zzzz'",
            hint: "run 'archive-tool show --help' for usage"),
        Case(
            arguments: ["--json", "show"], error: "unknown option '--json'",
            hint: "'--json' belongs to a subcommand: 'archive-tool show --json'"),
        Case(
            arguments: ["shwo", "x"], error: "unknown subcommand 'shwo'",
            hint: "did you mean 'show'? (run 'archive-tool --help' for usage)"),
        Case(
            arguments: ["help", "dif"], error: "unknown subcommand 'dif'",
            hint: "did you mean 'diff'? (run 'archive-tool --help' for usage)"),
        Case(
            arguments: [], error: "missing subcommand",
            hint: "choose one of: show, diff, cat (run 'archive-tool --help' for usage)"),
        Case(
            arguments: ["show", "--color", "nevr"],
            error: "invalid value 'nevr' for '--color <when>': expected one of auto, always, never",
            hint: "did you mean 'never'? (run 'archive-tool show --help' for usage)"),
        Case(
            arguments: ["show", "--color"], error: "missing value for '--color <when>'",
            hint: "run 'archive-tool show --help' for usage"),
        Case(
            arguments: ["show", "--app", "--json"], error: "missing value for '--app <name>'",
            hint: "run 'archive-tool show --help' for usage"),
        Case(
            arguments: ["show", "--json=yes"], error: "'--json' takes no value, but was given 'yes'",
            hint: "run 'archive-tool show --help' for usage"),
        Case(
            arguments: ["show", "a", "b"], error: "unexpected argument 'b'",
            hint: "run 'archive-tool show --help' for usage"),
        Case(
            arguments: ["diff", "a"], error: "missing argument <new>",
            hint: "run 'archive-tool diff --help' for usage"),
    ]

    @Test("each mistake gets a message naming it and a hint", arguments: toolCases)
    func toolErrors(_ example: Case) {
        let error = Fixtures.usageError(Fixtures.tool, example.arguments)
        #expect(error?.message == example.error)
        #expect(error?.hint == example.hint)
    }

    @Test(
        "homepwner's typos get suggestions too",
        arguments: [
            ("--frsh", "--fresh"), ("--fersh", "--fresh"), ("--datadir", "--data-dir"),
            ("--state_dir", "--state-dir"), ("--random-item", "--random-items"), ("--rand", "--random-items"),
            ("--verison", "--version"), ("--hepl", "--help"),
        ])
    func appSuggestions(_ typo: String, _ expected: String) {
        let error = Fixtures.usageError(Fixtures.app, [typo])
        #expect(error?.kind == .unknownOption(typo, suggestion: expected, owner: nil))
    }

    @Test("a value that does not convert names the option and the expected type")
    func conversion() throws {
        let command = try Fixtures.run(Fixtures.app, ["--random-items", "ten"])
        #expect(throws: UsageError.self) { try command.value("random-items", as: Int.self) }
        do {
            _ = try command.value("random-items", as: Int.self)
        } catch {
            #expect(
                error.rendered == """
                    error: invalid value 'ten' for '--random-items <count>': expected an integer
                    hint: run 'homepwner --help' for usage

                    """)
        }
    }

    @Test(
        "a whole number outside its range, a word or a number beyond Int names the option and the range",
        arguments: ["0", "1001", "ten", "99999999999999999999", "-3"])
    func wholeNumberOutOfRange(_ text: String) throws {
        let command = try Fixtures.run(Fixtures.app, ["--random-items", text])
        #expect(throws: UsageError.self) { try command.wholeNumber("random-items", in: 1...1000) }
        do {
            _ = try command.wholeNumbers("random-items", in: 1...1000)
            Issue.record("\(text) was taken")
        } catch {
            #expect(
                error.rendered == """
                    error: invalid value '\(text)' for '--random-items <count>': expected a whole number from 1 to 1000
                    hint: run 'homepwner --help' for usage

                    """)
        }
    }

    @Test("whole numbers in range are read in the order given; an absent option is nil or none")
    func wholeNumbersInRange() throws {
        let command = try Fixtures.run(Fixtures.app, ["-n", "1000", "--random-items=7"])
        #expect(try command.wholeNumber("random-items", in: 1...1000) == 7)
        #expect(try command.wholeNumbers("random-items", in: 1...1000) == [1000, 7])
        let none = try Fixtures.run(Fixtures.app, [])
        #expect(try none.wholeNumber("random-items", in: 1...1000) == nil)
        #expect(try none.wholeNumbers("random-items", in: 1...1000).isEmpty)
    }

    @Test("a tool's own rule renders like the parser's errors")
    func toolRule() throws {
        let command = try Fixtures.run(Fixtures.tool, ["show", "a", "--app", "x"])
        let error = command.usageError(.other("give a file or --app, not both"))
        #expect(
            error.rendered == """
                error: give a file or --app, not both
                hint: run 'archive-tool show --help' for usage

                """)
    }

    @Test("edit distance: ignores case, counts a swap as one edit, has a limit")
    func suggestionLimits() {
        let spec = CommandSpec(
            name: "t", abstract: "",
            options: [.flag("verbose", help: ""), .flag("version-info", help: ""), .flag("x", help: "")])
        let cases: [(String, String?)] = [
            ("--VERBOSE", "--verbose"), ("--verbsoe", "--verbose"), ("--vrbse", "--verbose"),
            ("--qqqqqqq", nil), ("--y", "--x"), ("--ver", nil),
        ]
        for (typo, expected) in cases {
            guard case .unknownOption(_, let suggestion, _)? = Fixtures.usageError(spec, [typo])?.kind else {
                Issue.record("\(typo): expected an unknown-option error")
                continue
            }
            #expect(suggestion == expected, "\(typo)")
        }
    }
}
