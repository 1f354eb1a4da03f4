import ArchiveInspector
import Foundation
import StateRestoration
import TestSupport
import Testing

#if canImport(Glibc)
    import Glibc
#endif

@Suite("A3: verify")
@MainActor
struct VerifyTests {
    /// A directory of its own for each test, removed with the suite instance when the test ends.
    let scratch = TemporaryDirectory(prefix: "archive-inspector-tests")

    /// Runs `verify` on `bytes` written to a file.
    private func verify(_ bytes: [UInt8]) throws -> ToolRun {
        return ToolRun.run(["verify", try scratch.write(bytes, to: "restoration.archive")])
    }

    /// Checks the run failed as an invalid archive, with one error line that holds `reason`
    /// and a byte offset; returns the message.
    @discardableResult
    private func expectInvalid(
        _ run: ToolRun, _ reason: String, sourceLocation: SourceLocation = #_sourceLocation
    ) -> String {
        #expect(run.status == 65, "\(run.errors)", sourceLocation: sourceLocation)
        #expect(run.output == "", sourceLocation: sourceLocation)
        #expect(run.errors.contains(reason), "\(run.errors)", sourceLocation: sourceLocation)
        #expect(run.errors.hasPrefix("error: "), sourceLocation: sourceLocation)
        #expect(run.errors.filter { $0 == "\n" }.count == 1, "one line", sourceLocation: sourceLocation)
        return run.errors
    }

    @Test("A3: a valid archive gives exit 0 and a one-line summary")
    func valid() throws {
        let bytes = try SampleArchives.homepwner()
        let file = try scratch.write(bytes, to: "restoration.archive")
        let run = ToolRun.run(["verify", file])
        #expect(run.status == 0)
        #expect(run.errors == "")
        #expect(
            run.output == "\(file): valid restoration archive (format 1, \(bytes.count) bytes, 4 objects, "
                + "2 application-state keys); Homepwner 1.0, saved 2023-11-14T22:13:20Z\n")
    }

    /// Expects `verify` to refuse `path` with exit 66, saying `why` after the path.
    private func expectUnreadable(_ path: String, _ why: String) {
        let run = ToolRun.run(["verify", path])
        #expect(run.status == 66)
        #expect(run.errors == "error: \(path): \(why)\n")
    }

    @Test("A3: a missing file gives exit 66")
    func missing() {
        expectUnreadable("/nonexistent/restoration.archive", "no such file")
    }

    @Test("A3: a directory gives exit 66 and says so")
    func directory() throws {
        expectUnreadable(scratch.path, "cannot read: it is a directory")
    }

    @Test("A3: a FIFO that nobody writes to reads as empty at once, never hangs")
    func fifo() throws {
        let path = scratch.path + "/fifo"
        try #require(mkfifo(path, 0o600) == 0)
        expectInvalid(ToolRun.run(["verify", path]), "empty file")
    }

    @Test("A3: a zero-length file is invalid: empty file")
    func empty() throws {
        expectInvalid(try verify([]), "empty file")
    }

    @Test("A3: a random file is invalid: bad magic at offset 0")
    func random() throws {
        var generator = SplitMix64(seed: 42)
        let bytes = (0..<4096).map { _ in UInt8.random(in: 0...255, using: &generator) }
        expectInvalid(try verify(bytes), "not a restoration archive (bad magic at offset 0)")
    }

    @Test("A3: a flipped byte in each part of the header names that field")
    func flippedHeader() throws {
        let bytes = try SampleArchives.homepwner()
        expectInvalid(try verify(Corrupt.flipping(bytes, at: 3)), "bad magic at offset 0")
        expectInvalid(
            try verify(Corrupt.flipping(bytes, at: 8)),
            "format version 254 is newer than this engine reads (1...1), and no migration applies (at offset 8"
        )
        expectInvalid(try verify(Corrupt.flipping(bytes, at: 10)), "unknown header flags 0xff at offset 10")
        expectInvalid(try verify(Corrupt.flipping(bytes, at: 13)), "header declares")
    }

    @Test("A3: a flipped byte in each section of the body, and in the trailer, is a checksum mismatch")
    func flippedBody() throws {
        let bytes = try SampleArchives.homepwner()
        let layout = ArchiveLayout(bytes: bytes)
        let sections: [ArchiveSection] = [
            .metadata, .stringTable, .recordCount, .applicationState, .records, .trailer,
        ]
        for section in sections {
            let range = try #require(layout.range(of: section), "\(section)")
            for offset in [range.lowerBound, range.upperBound - 1] {
                let message = expectInvalid(
                    try verify(Corrupt.flipping(bytes, at: offset)),
                    "checksum mismatch at offset \(bytes.count - 4)")
                #expect(message.hasSuffix("(in the trailer)\n"), "\(section) at \(offset)")
            }
        }
    }

    @Test("A3: a truncation at every section and record boundary is invalid")
    func truncated() throws {
        let bytes = try SampleArchives.homepwner()
        let layout = ArchiveLayout(bytes: bytes)
        let boundaries = layout.boundaries.filter { $0 < bytes.count }
        // 0, then the ends of the header and of the 5 body sections (the records' start being
        // the first record's), the 3 other records' starts, and the trailer's start.
        #expect(boundaries.count == 10)
        // The header's own fields end at 8 (magic), 10 (version), 12 (flags) and 16.
        for cut in (boundaries + [8, 10, 12]).sorted() {
            let run = try verify(Array(bytes[0..<cut]))
            switch cut {
            case 0: expectInvalid(run, "empty file")
            case ..<16: expectInvalid(run, "truncated header at offset \(cut)")
            default:
                // What the cut lost: the record or section that starts where the file ends.
                let lost =
                    layout.records.first { $0.range.lowerBound == cut }.map { "record \($0.index)" }
                    ?? layout.sections.first { $0.range.lowerBound == cut }.map(\.section.phrase) ?? "?"
                expectInvalid(
                    run,
                    "truncated archive: header declares \(bytes.count) bytes, file has \(cut) "
                        + "(at offset 12, in the header; the file ends within \(lost))\n")
            }
        }
    }

    @Test("A3: a truncation at every boundary with the length and CRC made to match is caught by the parser")
    func truncatedResealed() throws {
        let bytes = try SampleArchives.homepwner()
        let layout = ArchiveLayout(bytes: bytes)
        let body = layout.boundaries.filter { $0 >= 16 && $0 < bytes.count - 4 }
        #expect(body.count == 8, "5 body sections and 3 more records")
        for cut in body {
            let message = expectInvalid(try verify(Corrupt.cutAndResealed(bytes, at: cut)), "truncated ")
            let before = layout.sections.last { $0.range.upperBound == cut }?.section
            let after = layout.section(at: cut)
            let named = [before, after].compactMap { $0 }.contains { message.contains("in \($0.phrase)") }
            #expect(named || message.contains("(in record "), "cut at \(cut): \(message)")
            #expect(message.contains("offset "))
        }
    }

    @Test("A3: a record's truncation names the record and its path")
    func truncatedRecord() throws {
        let bytes = try SampleArchives.homepwner()
        let layout = ArchiveLayout(bytes: bytes)
        let detail = try #require(layout.records.last)
        let cut = detail.range.upperBound - 3
        let message = expectInvalid(try verify(Corrupt.cutAndResealed(bytes, at: cut)), "truncated ")
        #expect(message.hasSuffix("(in record 3, UINavigationController/DetailViewController)\n"))
    }

    /// An absurd count or length, with the CRC recomputed, so the parser's limits must catch it.
    struct AbsurdField: Sendable, CustomTestStringConvertible {
        var name: String
        var section: ArchiveSection
        /// Which varint in the section: the count is the first one.
        var locate: @Sendable ([UInt8], ArchiveLayout) -> Int?
        var value: UInt64
        var message: String
        var testDescription: String { name }

        /// The count that opens `section`, made absurd (2^40).
        static func count(_ name: String, in section: ArchiveSection, message: String) -> AbsurdField {
            AbsurdField(
                name: name, section: section, locate: { _, layout in layout.range(of: section)?.lowerBound },
                value: 1 << 40, message: message)
        }
    }

    nonisolated static let absurdFields: [AbsurdField] = [
        .count(
            "metadata entry count", in: .metadata,
            message: "metadata entry count 1099511627776 over limit 100000"),
        .count(
            "string table count", in: .stringTable,
            message: "string table count 1099511627776 over limit 8001024"),
        AbsurdField(
            name: "string length", section: .stringTable,
            locate: { bytes, layout in
                layout.range(of: .stringTable).map {
                    $0.lowerBound + Corrupt.varintLength(bytes, at: $0.lowerBound)
                }
            }, value: 4_294_967_295, message: "string table entry length 4294967295 over limit 16777216"),
        .count("record count", in: .recordCount, message: "record count 1099511627776 over limit 1000000"),
        AbsurdField(
            name: "data length", section: .records,
            locate: { bytes, _ in
                let photo: [UInt8] = [0x07, 20, 0, 13, 26]
                return bytes.indices.first { Array(bytes[$0..<min(bytes.count, $0 + 5)]) == photo }.map {
                    $0 + 1
                }
            }, value: 4_294_967_295, message: "data value length 4294967295 over limit 268435456"),
    ]

    @Test("A3: an absurd length or count, with a correct CRC, is over a limit", arguments: absurdFields)
    func absurd(_ field: AbsurdField) throws {
        let bytes = try SampleArchives.homepwner()
        let layout = ArchiveLayout(bytes: bytes)
        let offset = try #require(field.locate(bytes, layout))
        var body = Array(bytes[0..<bytes.count - 4])
        body.replaceSubrange(
            offset..<offset + Corrupt.varintLength(body, at: offset), with: Corrupt.varint(field.value))
        let message = expectInvalid(
            try verify(ArchiveSealing.sealed(body)), "\(field.message) at offset \(offset)")
        if field.section == .records {
            #expect(message.hasSuffix("(in record 3, UINavigationController/DetailViewController)\n"))
        } else {
            #expect(message.hasSuffix("(in \(field.section.phrase))\n"))
        }
    }

    @Test("A3: an absurd body length in the header is a length mismatch")
    func absurdHeaderLength() throws {
        var bytes = try SampleArchives.homepwner()
        bytes.replaceSubrange(12..<16, with: [0xFF, 0xFF, 0xFF, 0xFF])
        expectInvalid(
            try verify(bytes), "header declares 4294967315 bytes, file has \(bytes.count) (at offset 12")
    }

    @Test("A3: random bodies behind a valid header and CRC never crash or hang the tool")
    func fuzz() throws {
        let bytes = try SampleArchives.homepwner()
        var generator = SplitMix64(seed: 7)
        for round in 0..<300 {
            var body = Array(bytes[0..<bytes.count - 4])
            // Mutate a few bytes of the body, or replace it with noise.
            if round % 3 == 0 {
                let length = Int.random(in: 0..<600, using: &generator)
                body =
                    Array(body[0..<16])
                    + (0..<length).map { _ in UInt8.random(in: 0...255, using: &generator) }
            } else {
                for _ in 0..<Int.random(in: 1...4, using: &generator) {
                    body[Int.random(in: 16..<body.count, using: &generator)] = UInt8.random(
                        in: 0...255, using: &generator)
                }
            }
            let archive = ArchiveSealing.sealed(body)
            switch ArchiveVerifier.verify(archive) {
            case .success:
                #expect(try verify(archive).status == 0)
            case .failure(let problem):
                #expect(problem.description.contains("offset"), "\(problem)")
                #expect(try verify(archive).status == 65)
            }
        }
    }
}
