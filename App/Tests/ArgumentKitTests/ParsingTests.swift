import ArgumentKit
import Testing

@Suite("Parsing: options, flags and positionals")
struct ParsingTests {
    @Test("homepwner's options parse in both spellings and any order")
    func homepwnerOptions() throws {
        let command = try Fixtures.run(
            Fixtures.app, ["--data-dir", "/tmp/data", "--fresh", "--state-dir=/tmp/state", "-n", "20"])
        #expect(command.commandPath == ["homepwner"])
        #expect(command.subcommand == nil)
        #expect(command.flag("fresh"))
        #expect(command.value("data-dir") == "/tmp/data")
        #expect(command.value("state-dir") == "/tmp/state")
        #expect(try command.value("random-items", as: Int.self) == 20)
    }

    @Test("absent options read as nil and false")
    func absent() throws {
        let command = try Fixtures.run(Fixtures.app, [])
        #expect(!command.flag("fresh"))
        #expect(command.value("data-dir") == nil)
        #expect(try command.value("random-items", as: Int.self) == nil)
    }

    @Test("an option given twice keeps every value; the last one wins")
    func repeated() throws {
        let command = try Fixtures.run(Fixtures.app, ["--data-dir", "a", "--data-dir=b"])
        #expect(command.values("data-dir") == ["a", "b"])
        #expect(command.value("data-dir") == "b")
    }

    @Test("a subcommand takes its options before or after its positional")
    func subcommand() throws {
        let before = try Fixtures.run(Fixtures.tool, ["show", "--json", "--color", "never", "a.archive"])
        let after = try Fixtures.run(Fixtures.tool, ["show", "a.archive", "--color=never", "--json"])
        for command in [before, after] {
            #expect(command.commandPath == ["archive-tool", "show"])
            #expect(command.subcommand == "show")
            #expect(command.flag("json"))
            #expect(command.value("color") == "never")
            #expect(command.positional("file") == "a.archive")
        }
    }

    @Test("an optional positional may be left out")
    func optionalPositional() throws {
        let command = try Fixtures.run(Fixtures.tool, ["show", "--app", "homepwner"])
        #expect(command.positional("file") == nil)
        #expect(command.value("app") == "homepwner")
    }

    @Test("'--' ends the options, and '-' is a positional")
    func doubleDash() throws {
        let dashed = try Fixtures.run(Fixtures.tool, ["diff", "--", "--odd-name", "-"])
        #expect(dashed.positional("old") == "--odd-name")
        #expect(dashed.positional("new") == "-")
        let variadic = try Fixtures.run(Fixtures.tool, ["cat", "a", "b", "c"])
        #expect(variadic.positionals("files") == ["a", "b", "c"])
    }

    @Test("a negative number is a value, not an option")
    func negativeNumber() throws {
        let command = try Fixtures.run(Fixtures.app, ["--random-items", "-3"])
        #expect(try command.value("random-items", as: Int.self) == -3)
    }

    @Test("an option's value may be empty or contain '='")
    func oddValues() throws {
        let command = try Fixtures.run(Fixtures.app, ["--data-dir=", "--state-dir=a=b"])
        #expect(command.value("data-dir") == "")
        #expect(command.value("state-dir") == "a=b")
    }
}
