import Foundation
import StateRestoration
import Testing

/// Rule R33: for any archive within the limits, a restore's extra peak memory is at most 8x
/// the archive's size + 16 MiB, and the debug log stops at 1 MiB per launch.
///
/// Each shape is an archive an attacker would craft (checksum valid) to make a restore
/// spend what the archive's size does not show. It is launched through Homepwner's real
/// wiring (`homepwner-probe`: the app delegate, TerminalKit's controllers, one frame) in a
/// child process, whose peak resident memory (its own VmHWM: getrusage's ru_maxrss also
/// counts this test process, which the child was forked from) is compared with that of a
/// launch on a small real archive. Time is measured by the benchmark
/// (docs/PERFORMANCE.md), not here.
@Suite("R33: a resource budget for any archive within the limits", .serialized)
struct ResourceBudgetTests {
    static var probe: String { Tools.directory + "/homepwner-probe" }

    /// `App/Tests/Golden/format-1/NAME`.
    static func golden(_ name: String) -> String {
        URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .appendingPathComponent("Golden/format-1/\(name)").path
    }

    /// A real archive of Homepwner's detail screen, to borrow its metadata and records.
    static func detailArchive() throws -> Archive {
        let bytes = try #require(
            FileManager.default.contents(
                atPath: golden("homepwner-detail-draft") + "/state/restoration.archive"))
        return try Archive(bytes: Array(bytes))
    }

    struct Measure: CustomStringConvertible {
        var archiveBytes: Int
        var maxrssKiB: Int
        var logBytes: Int
        var diagnostics: Int
        var description: String {
            "archive \(archiveBytes) B, peak \(maxrssKiB) KiB, log \(logBytes) B, \(diagnostics) diagnostics"
        }
    }

    /// Runs the probe on `archive` with the golden detail screen's items.
    func measure(_ archive: Archive) throws -> Measure {
        let scratch = Scratch()
        try FileManager.default.copyItem(
            atPath: Self.golden("homepwner-detail-draft") + "/data", toPath: scratch.file("data"))
        let bytes = archive.encodedBytes()
        try Data(bytes).write(to: URL(fileURLWithPath: scratch.file("input.archive")))
        let run = try Tools.run(Self.probe, [scratch.file("input.archive"), scratch.path])
        #expect(run.exitedNormally, "\(run)")
        var figures: [String: Int] = [:]
        for word in (run.lines.last ?? "").split(separator: " ") {
            let parts = word.split(separator: "=")
            if parts.count == 2, let value = Int(parts[1]) { figures[String(parts[0])] = value }
        }
        return Measure(
            archiveBytes: bytes.count, maxrssKiB: figures["maxrss"] ?? -1, logBytes: figures["log"] ?? -1,
            diagnostics: figures["diagnostics"] ?? -1)
    }

    /// An archive of `records`, with the golden archive's metadata.
    func archive(_ records: [ArchiveRecord]) throws -> Archive {
        let base = try Self.detailArchive()
        return Archive(
            metadata: base.metadata, applicationState: [], records: records, byteCount: 0, stringCount: 0)
    }

    /// One identifier of `length` bytes, reused at every level of a 64-deep chain: the path
    /// of the deepest record is 64 times the archive's size.
    func longIdentifierChain(length: Int) throws -> Archive {
        let identifier = String(repeating: "x", count: length)
        var records: [ArchiveRecord] = []
        var path = RestorationPath()
        for level in 0..<64 {
            path = path.appending(identifier)
            records.append(
                ArchiveRecord(
                    parentIndex: level == 0 ? nil : level - 1, path: path,
                    typeName: "TerminalKit.NavigationController", restorationClassName: nil, stateVersion: 0,
                    entries: []))
        }
        return try archive(records)
    }

    /// `count` records under one root, all with one identifier (told apart by occurrence),
    /// none of which the app can restore: one diagnostic each, if nothing caps them.
    func manyRecords(_ count: Int) throws -> Archive {
        var records = [
            ArchiveRecord(
                parentIndex: nil, path: RestorationPath(identifiers: ["Root"]), typeName: "App.Root",
                restorationClassName: nil, stateVersion: 0, entries: [])
        ]
        for index in 0..<count {
            records.append(
                ArchiveRecord(
                    parentIndex: 0,
                    path: RestorationPath([.init("Root"), .init("Screen", occurrence: index)]),
                    typeName: "App.Screen", restorationClassName: nil, stateVersion: 0, entries: []))
        }
        return try archive(records)
    }

    /// The golden detail screen with its name field's draft `length` bytes long.
    func longDraft(length: Int) throws -> Archive {
        var archive = try Self.detailArchive()
        let index = try #require(archive.records.firstIndex { $0.path.description.hasSuffix("/nameField") })
        archive.records[index].entries.removeAll { $0.key == "text" }
        archive.records[index].entries.append(
            ArchiveEntry(key: "text", value: .string(String(repeating: "熊猫 and ", count: length / 11))))
        return archive
    }

    /// The golden detail screen with one grapheme cluster, `"e"` and `marks` combining
    /// accents, in its name field's draft, or in its notes (a record the golden archive
    /// lacks, added under the detail screen).
    func giantGrapheme(marks: Int, inNotes: Bool) throws -> Archive {
        var archive = try Self.detailArchive()
        let text = ArchiveEntry(key: "text", value: .string("e" + String(repeating: "\u{301}", count: marks)))
        let name = try #require(archive.records.firstIndex { $0.path.description.hasSuffix("/nameField") })
        guard inNotes else {
            archive.records[name].entries.removeAll { $0.key == "text" || $0.key == "cursor" }
            archive.records[name].entries.append(text)
            return archive
        }
        let detail = try #require(archive.records[name].parentIndex)
        archive.records.append(
            ArchiveRecord(
                parentIndex: detail, path: archive.records[detail].path.appending("notesView"),
                typeName: "TerminalKit.TextView", restorationClassName: nil, stateVersion: 0, entries: [text])
        )
        return archive
    }

    /// The golden detail screen whose root navigation controller's stack lists `count`
    /// references to its list screen.
    func manyReferences(_ count: Int) throws -> Archive {
        var archive = try Self.detailArchive()
        let list = try #require(
            archive.records.firstIndex { $0.path.description.hasSuffix("/ItemsViewController") })
        archive.records[0].entries.removeAll { $0.key == "stack" }
        archive.records[0].entries.append(
            ArchiveEntry(key: "stack", value: .array(Array(repeating: .reference(list), count: count))))
        return archive
    }

    @Test(
        "R33: hostile shapes stay within 8x the archive's size + 16 MiB of extra peak memory, and the log within 1 MiB",
        arguments: [
            "long identifier x depth 4 KiB", "long identifier x depth 256 KiB",
            "long identifier x depth 1 MiB",
            "many records 20000", "many records 200000", "long draft 1 MiB", "long draft 8 MiB",
            "many references 100000", "many references 1000000", "giant grapheme name 3000000",
            "giant grapheme notes 3000000",
        ])
    func withinBudget(_ shape: String) throws {
        let baseline = try measure(try Self.detailArchive())
        let size = Int(shape.split(separator: " ").last.map(String.init) ?? "") ?? 0
        let archive: Archive
        switch shape {
        case _ where shape.hasPrefix("long identifier"):
            let kib = Int(shape.split(separator: " ").dropLast().last ?? "") ?? 0
            archive = try longIdentifierChain(length: (shape.hasSuffix("MiB") ? 1024 : 1) * kib * 1024)
        case _ where shape.hasPrefix("many records"): archive = try manyRecords(size)
        case _ where shape.hasPrefix("giant grapheme"):
            archive = try giantGrapheme(marks: size, inNotes: shape.contains("notes"))
        case _ where shape.hasPrefix("long draft"):
            let mib = Int(shape.split(separator: " ").dropLast().last ?? "") ?? 0
            archive = try longDraft(length: mib << 20)
        default: archive = try manyReferences(size)
        }
        let measured = try measure(archive)
        let extraKiB = measured.maxrssKiB - baseline.maxrssKiB
        let budgetKiB = 8 * measured.archiveBytes / 1024 + 16 * 1024
        print("R33 \(shape): \(measured); extra \(extraKiB) KiB of a budget of \(budgetKiB) KiB")
        #expect(measured.maxrssKiB > 0, "\(measured)")
        #expect(extraKiB <= budgetKiB, "\(shape): \(measured), extra \(extraKiB) KiB over \(budgetKiB) KiB")
        #expect(measured.logBytes <= (1 << 20) + 200, "\(shape): \(measured)")
    }
}
