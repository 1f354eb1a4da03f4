import Foundation
import StateRestoration
import Testing

/// Rule X3 at the byte level: every golden archive of format 1 still reads, and writes back
/// to the same bytes. The end-to-end suite restores them through the apps and compares the
/// screens; this checks the reader and the writer alone, so that a change of either (a
/// faster path for strings, reading in place) that alters a byte fails here first.
@Suite("X3: the golden archives of format 1 read and rewrite byte for byte")
struct GoldenRewriteTests {
    static var scenarios: [String] {
        let root = ResourceBudgetTests.golden("")
        let names = (try? FileManager.default.contentsOfDirectory(atPath: root)) ?? []
        return names.filter {
            FileManager.default.fileExists(atPath: "\(root)/\($0)/state/restoration.archive")
        }
        .sorted()
    }

    @Test("X3: a golden archive reads and writes back the same bytes", arguments: scenarios)
    func rewritesByteForByte(_ scenario: String) throws {
        let path = ResourceBudgetTests.golden(scenario) + "/state/restoration.archive"
        let bytes = Array(try #require(FileManager.default.contents(atPath: path)))
        let archive = try Archive(bytes: bytes)
        #expect(!archive.records.isEmpty)
        #expect(archive.encodedBytes() == bytes)
    }

    @Test("X3: there are golden archives to rewrite")
    func scenariosExist() {
        #expect(Self.scenarios.count >= 6)
    }
}
