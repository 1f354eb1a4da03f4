import Foundation
import StateRestoration
import Testing

/// The app fuzz target without libFuzzer (docs/reliability-history.md, "Fuzzing what users run"):
/// `homepwner-fuzz`, built plainly, is a replay driver. Every `make test` runs it over the
/// seed corpus (the golden Homepwner archives), the findings kept in `Fuzz/app-findings`,
/// and 400 structure-aware recipes of fixed seeds, each launched through Homepwner's real
/// restore and drawn once: none may trap, and each must show the list or a detail screen.
@Suite("The app fuzz target's replay driver")
struct AppFuzzReplayTests {
    static var driver: String { Tools.directory + "/homepwner-fuzz" }

    /// `Fuzz/NAME` at the repository's root.
    static func fuzz(_ name: String) -> String {
        URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent().deletingLastPathComponent().appendingPathComponent("Fuzz/\(name)")
            .path
    }

    /// Found by the replay driver's count of screens that are neither the list nor a detail
    /// screen (recipes 1994 and 2357): the root presents, or pushes, a navigation
    /// controller holding an empty navigation controller. The app delegate dismissed a
    /// modal only when it was empty and kept any stack, so the launch showed a blank screen
    /// with a back arrow.
    @Test(
        "a navigation controller nested by the archive, presented or pushed, leaves the list showing",
        arguments: ["presented", "pushed"])
    func nestedNavigationController(_ how: String) throws {
        let golden = try Archive(
            bytes: Array(
                try #require(
                    FileManager.default.contents(atPath: Self.fuzz("app-corpus/homepwner-list.archive")))))
        let navigation = "TerminalKit.NavigationController"
        let root = RestorationPath(identifiers: ["NavigationController"])
        let outer = root.appending("NavigationController")
        let rootEntries =
            how == "presented"
            ? [
                ArchiveEntry(key: "stack", value: .array([.reference(1)])),
                ArchiveEntry(key: "presented", value: .reference(2)),
            ]
            : [ArchiveEntry(key: "stack", value: .array([.reference(1), .reference(2)]))]
        let records = [
            ArchiveRecord(
                parentIndex: nil, path: root, typeName: navigation, restorationClassName: nil,
                stateVersion: 0,
                entries: rootEntries),
            ArchiveRecord(
                parentIndex: 0, path: root.appending("ItemsViewController"),
                typeName: "Homepwner.ItemsViewController",
                restorationClassName: "ItemsViewController", stateVersion: 0, entries: []),
            ArchiveRecord(
                parentIndex: 0, path: outer, typeName: navigation, restorationClassName: nil, stateVersion: 0,
                entries: [ArchiveEntry(key: "stack", value: .array([.reference(3)]))]),
            ArchiveRecord(
                parentIndex: 2, path: outer.appending("NavigationController"), typeName: navigation,
                restorationClassName: nil, stateVersion: 0, entries: []),
        ]
        let archive = Archive(
            metadata: golden.metadata, applicationState: [], records: records, byteCount: 0, stringCount: 0)
        let scratch = Scratch()
        // Resealing (of even lengths) leaves a valid archive as it is.
        let file = scratch.file("nested.archive")
        try Data(archive.encodedBytes()).write(to: URL(fileURLWithPath: file))
        let run = try Tools.run(
            Self.driver, ["-v", file], environment: ["HOMEPWNER_FUZZ_DIR": scratch.file("store")])
        #expect(run.exitedNormally, "\(run)")
        #expect(run.output.contains("Homepwner"), "\(run)")
        #expect(run.output.contains("Enter Open"), "\(run)")
    }

    @Test(
        "the seed corpus, the kept findings and 400 recipes launch Homepwner on the list, a detail screen or the Summary"
    )
    func replaysCorpusAndRecipes() throws {
        let scratch = Scratch()
        var inputs = [Self.fuzz("app-corpus")]
        if FileManager.default.fileExists(atPath: Self.fuzz("app-findings")) {
            inputs.append(Self.fuzz("app-findings"))
        }
        let run = try Tools.run(
            Self.driver, ["--recipes", "400", "--seed", "1"] + inputs,
            // Every launch must show the list, a detail screen or the Summary tab (recipes make
            // tabs and splits too); the driver traps otherwise.
            environment: ["HOMEPWNER_FUZZ_DIR": scratch.file("store"), "HOMEPWNER_FUZZ_SCREENS": "1"])
        #expect(run.exitedNormally, "\(run)")
        let summary = try #require(run.lines.last)
        #expect(summary.hasPrefix("homepwner-fuzz: "), "\(run)")
        // "homepwner-fuzz: N inputs (R recipes): ...": the corpus holds recipes too.
        let recipes = summary.split(separator: "(").dropFirst().first?.split(separator: " ").first.flatMap {
            Int($0)
        }
        #expect((recipes ?? 0) >= 400, "\(summary)")
        #expect(summary.contains(" 0 launches that threw"), "\(summary)")
    }
}
