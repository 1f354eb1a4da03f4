import Foundation
import Testing

/// The app fuzz target without libFuzzer (docs/RELIABILITY.md, "Fuzzing what users run"):
/// `homepwner-fuzz`, built plainly, is a replay driver. Every `make test` runs it over the
/// seed corpus (the golden Homepwner archives), the findings kept in `Fuzz/app-findings`,
/// and 400 structure-aware recipes of fixed seeds, each launched through Homepwner's real
/// restore and drawn once: none may trap.
@Suite("The app fuzz target's replay driver")
struct AppFuzzReplayTests {
    static var driver: String { Tools.directory + "/homepwner-fuzz" }

    /// `Fuzz/NAME` at the repository's root.
    static func fuzz(_ name: String) -> String {
        URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent().deletingLastPathComponent().appendingPathComponent("Fuzz/\(name)")
            .path
    }

    @Test("the seed corpus, the kept findings and 400 recipes launch Homepwner without a trap")
    func replaysCorpusAndRecipes() throws {
        let scratch = Scratch()
        var inputs = [Self.fuzz("app-corpus")]
        if FileManager.default.fileExists(atPath: Self.fuzz("app-findings")) {
            inputs.append(Self.fuzz("app-findings"))
        }
        let run = try Tools.run(
            Self.driver, ["--recipes", "400", "--seed", "1"] + inputs,
            environment: ["HOMEPWNER_FUZZ_DIR": scratch.file("store")])
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
