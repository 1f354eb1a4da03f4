import ArchiveInspector
import Foundation
import StateRestoration
import TestSupport
import Testing

@Suite("A5: --app NAME")
@MainActor
struct AppLocationTests {
    /// A directory of its own for each test, removed with the suite instance when the test ends.
    let scratch = TemporaryDirectory(prefix: "archive-inspector-tests")

    /// Saves the sample app with the real engine and file storage into `directory`, as
    /// Homepwner would into its state directory.
    private func saveWithFileStorage(into directory: String) throws {
        let app = SampleApp()
        let engine = RestorationEngine(
            configuration: SampleArchives.configuration(), registry: RestorationRegistry(),
            storage: FileRestorationStorage(directory: directory), delegate: app,
            roots: { [app] in app.rootObjects })
        try engine.preserve(reason: .termination)
        engine.waitForPendingWrites()
    }

    @Test("A5: --app finds the archive the engine wrote in $XDG_STATE_HOME/NAME")
    func xdgStateHome() throws {
        let state = scratch.path + "/state"
        try saveWithFileStorage(into: state + "/homepwner")

        let run = ToolRun.run(
            ["show", "--app", "homepwner"], environment: ["XDG_STATE_HOME": state, "HOME": "/nonexistent"])

        #expect(run.status == 0, "\(run.errors)")
        #expect(run.output.hasPrefix("restoration archive: \(state)/homepwner/restoration.archive\n"))
        #expect(run.output.contains("└── UINavigationController/DetailViewController"))
        let verify = ToolRun.run(["verify", "--app", "homepwner"], environment: ["XDG_STATE_HOME": state])
        #expect(verify.status == 0)
        #expect(verify.output.hasPrefix("\(state)/homepwner/restoration.archive: valid restoration archive"))
    }

    @Test("A5: without XDG_STATE_HOME (or with a relative one), --app looks in ~/.local/state/NAME")
    func homeDefault() throws {
        try saveWithFileStorage(into: scratch.path + "/.local/state/homepwner")
        for environment in [
            ["HOME": scratch.path], ["HOME": scratch.path, "XDG_STATE_HOME": "relative/state"],
        ] {
            let run = ToolRun.run(["verify", "--app", "homepwner"], environment: environment)
            #expect(run.status == 0, "\(environment): \(run.errors)")
            #expect(
                run.output.hasPrefix("\(scratch.path)/.local/state/homepwner/restoration.archive: valid"))
        }
    }

    @Test(
        "A5: an app with no saved state: exit 66, the state directory looked in (not the file of the layout before sessions), and a hint that names --state-dir"
    )
    func missing() throws {
        let run = ToolRun.run(
            ["show", "--app", "homepwner"], environment: ["XDG_STATE_HOME": "/nonexistent/state"])
        #expect(run.status == 66)
        #expect(
            run.errors == """
                error: no saved state for 'homepwner' in /nonexistent/state/homepwner: none of its sessions has saved one
                hint: the app saves its state when it goes to the background or quits; an app started with --state-dir DIR is read with --state-dir DIR here too; without it, the directory comes from XDG_STATE_HOME (default ~/.local/state)

                """)
    }

    @Test("A5: --discarded reads the archive the engine threw away as corrupt")
    func discarded() throws {
        let broken = Corrupt.flipping(try SampleArchives.homepwner(), at: 100)
        try scratch.write(broken, to: "homepwner/restoration.archive.discarded")
        let run = ToolRun.run(
            ["verify", "--app", "homepwner", "--discarded"], environment: ["XDG_STATE_HOME": scratch.path])
        #expect(run.status == 65)
        #expect(
            run.errors.contains("homepwner/restoration.archive.discarded: invalid archive: checksum mismatch")
        )
    }

    @Test(
        "A1, A5: show --discarded salvages an archive whose only fault is its checksum, after a warning; show FILE still refuses it"
    )
    func discardedSalvaged() throws {
        let directory = TemporaryDirectory(prefix: "archive-inspector-tests")
        defer { directory.remove() }
        // One letter of the item's name changed: every record still parses, the checksum fails.
        var broken = try SampleArchives.homepwner()
        let name = Array("Laptop".utf8)
        let at = try #require(
            broken.indices.first { broken[$0...].starts(with: name) }, "the sample archive names its item")
        broken[at] ^= 0x20
        try directory.write(broken, to: "homepwner/restoration.archive.discarded")
        let run = ToolRun.run(
            ["show", "--app", "homepwner", "--discarded"], environment: ["XDG_STATE_HOME": directory.path])
        #expect(run.status == 0)
        #expect(run.output.contains("laptop"), "the damaged value is shown as it is")
        #expect(run.errors.hasPrefix("warning: "))
        #expect(run.errors.contains("restoration.archive.discarded is damaged (checksum mismatch"))
        #expect(run.errors.contains("any value may differ from what was saved"))
        #expect(run.output.contains("objects ("))
        // The same bytes as a file: refused, as every damaged archive is without --discarded.
        try directory.write(broken, to: "copy.archive")
        let plain = ToolRun.run(["show", directory.path + "/copy.archive"], environment: [:])
        #expect(plain.status == 65)
        #expect(plain.output.isEmpty)
        // Cut short, nothing can be trusted: refused even with --discarded.
        try directory.write(
            Array(broken.prefix(broken.count / 2)), to: "homepwner/restoration.archive.discarded")
        let cut = ToolRun.run(
            ["show", "--app", "homepwner", "--discarded"], environment: ["XDG_STATE_HOME": directory.path])
        #expect(cut.status == 65)
        #expect(cut.output.isEmpty)
    }

    @Test(
        "A5: FILE and --app exclude each other, and --app takes a name, not a path",
        arguments: [
            (["show", "a.archive", "--app", "x"], "error: give either <file> or --app <name>, not both"),
            (["show"], "error: missing argument <file> (or --app <name>)"),
            (
                ["verify", "--app", "../x"],
                "error: invalid value '../x' for '--app <name>': expected an app's name"
            ),
            (["show", "a.archive", "--discarded"], "error: --discarded goes with --app <name>"),
        ])
    func conflicts(arguments: [String], message: String) {
        let run = ToolRun.run(arguments, environment: ["XDG_STATE_HOME": "/nonexistent"])
        #expect(run.status == 64)
        #expect(run.errors.hasPrefix(message), "\(run.errors)")
        #expect(run.errors.contains("\nhint: run 'restoration-archive \(arguments[0]) --help' for usage\n"))
    }

    @Test("A5: with neither XDG_STATE_HOME nor HOME, --app explains")
    func noHome() {
        let run = ToolRun.run(["show", "--app", "homepwner"], environment: [:])
        #expect(run.status == 66)
        #expect(run.errors.hasPrefix("error: cannot find the state directory of 'homepwner'"))
    }

    @Test("A5: diff --app NAME OLD compares the file OLD with the app's current archive")
    func diffWithApp() throws {
        let current = try scratch.write(
            try SampleArchives.homepwner(name: "Laptop Pro"), to: "state/homepwner/restoration.archive")
        let old = try scratch.write(try SampleArchives.homepwner(name: "Laptop"), to: "old.archive")
        let environment = ["XDG_STATE_HOME": scratch.path + "/state"]

        let run = ToolRun.run(["diff", "--app", "homepwner", old], environment: environment)

        #expect(run.status == 1, "\(run.errors)")
        #expect(run.output == SampleArchives.laptopRenamedDiff(old: old, new: current))
        let same = ToolRun.run(
            ["diff", old, "--app", "homepwner"], environment: ["XDG_STATE_HOME": "/nonexistent"])
        #expect(same.status == 66)
        #expect(same.errors.hasPrefix("error: no saved state for 'homepwner' in /nonexistent/homepwner: "))
        let two = ToolRun.run(["diff", "--app", "homepwner", old, old], environment: environment)
        #expect(two.status == 64)
        #expect(
            two.errors.hasPrefix("error: with --app <name>, give one file: the old archive to compare with\n")
        )
    }

    @Test("A5: --app '' says an app's name is missing, with 'error:' and exit 64")
    func emptyAppName() {
        for command in ["show", "verify", "diff"] {
            let arguments = [command, "--app", ""] + (command == "diff" ? ["a.archive"] : [])
            let run = ToolRun.run(arguments, environment: ["XDG_STATE_HOME": "/nonexistent"])
            #expect(run.status == 64)
            #expect(
                run.errors == """
                    error: --app <name> is empty: give the name of an app, such as 'homepwner'
                    hint: run 'restoration-archive \(command) --help' for usage

                    """)
        }
    }
}
