import Foundation
import RestorationTesting
import TestSupport
import Testing

@testable import StateRestoration

@Suite("R23: the archive format and its limits")
@MainActor
struct ArchiveFormatTests {
    /// A real archive of a small tree.
    static func sampleArchive() throws -> [UInt8] {
        let harness = RestorationHarness.standard()
        let app = TestApp()
        app.note = "app"
        let detail = TypedNode("Detail")
        detail.restorationClass = NodeRestorer.self
        app.root = StackNode("Nav", value: "root", children: [Node("List", value: "list"), detail])
        try harness.launch(app).save()
        return try #require(harness.storage[.archive])
    }

    /// Replaces the trailer with the right CRC, so only the structure can catch a problem.
    @Test("R23: the archive starts with the magic and the format version, and ends with a CRC-32")
    func layout() throws {
        let bytes = try Self.sampleArchive()
        #expect(Array(bytes[0..<8]) == [0x89, 0x52, 0x53, 0x54, 0x52, 0x0D, 0x0A, 0x1A])
        #expect(bytes[8] == 1 && bytes[9] == 0)
        let stored = bytes[(bytes.count - 4)...].enumerated().reduce(UInt32(0)) {
            $0 | UInt32($1.element) << UInt32($1.offset * 8)
        }
        #expect(stored == CRC32.checksum(Array(bytes[0..<(bytes.count - 4)])))
        #expect(CRC32.checksum(Array("123456789".utf8)) == 0xCBF4_3926)
    }

    @Test("R23: identifiers, keys and type names are stored once")
    func stringsStoredOnce() throws {
        let bytes = try Self.sampleArchive()
        let archive = try Archive(bytes: bytes)
        let text = String(decoding: bytes, as: UTF8.self)
        #expect(text.components(separatedBy: "StateRestorationTests.Node").count - 1 == 1)
        #expect(text.components(separatedBy: "children").count - 1 == 1)
        #expect(archive.records.count == 3)
    }

    @Test("R23: a flipped bit anywhere is caught", arguments: [0, 1, 7])
    func everyBitFlip(bit: Int) throws {
        let bytes = try Self.sampleArchive()
        for index in bytes.indices {
            var corrupt = bytes
            corrupt[index] ^= UInt8(1 << bit)
            #expect(throws: ArchiveError.self) { try Archive(bytes: corrupt) }
        }
    }

    @Test("R23: every truncation is caught")
    func everyTruncation() throws {
        let bytes = try Self.sampleArchive()
        for length in 0..<bytes.count {
            #expect(throws: ArchiveError.self) { try Archive(bytes: Array(bytes[0..<length])) }
        }
    }

    @Test("R23: random bytes are rejected cleanly")
    func randomBytes() {
        var generator = SplitMix64(seed: 23)
        for length in [1, 8, 16, 20, 100, 4096] {
            for _ in 0..<50 {
                let bytes = (0..<length).map { _ in UInt8.random(in: 0...255, using: &generator) }
                #expect(throws: ArchiveError.self) { try Archive(bytes: bytes) }
            }
        }
    }

    @Test("R23: random bytes behind a valid header and checksum are rejected cleanly")
    func sealedGarbage() throws {
        var generator = SplitMix64(seed: 99)
        var wrong: [String] = []
        let header = Array(try Self.sampleArchive()[0..<16])
        for length in [0, 1, 5, 64, 1000] {
            for _ in 0..<200 {
                let body = (0..<length).map { _ in UInt8.random(in: 0...255, using: &generator) }
                let bytes = ArchiveSealing.resealed(header + body + [0, 0, 0, 0])
                // The header and checksum hold, so the structure is what must refuse it: a
                // structural reason, at an offset inside the body.
                let error = try #require(throws: ArchiveError.self) { try Archive(bytes: bytes) }
                let inBody = ArchiveFormat.headerSize...(bytes.count - ArchiveFormat.trailerSize)
                if !Self.isStructural(error.reason) || !inBody.contains(error.offset) {
                    wrong.append("\(error) in \(bytes.count) bytes")
                }
            }
        }
        // Collected, so that a broken reader fails with a few examples rather than 1,000.
        #expect(wrong.count == 0, "\(wrong.prefix(3))")
    }

    /// True for the reasons found by parsing the body, as against the header and checksum.
    static func isStructural(_ reason: ArchiveError.Reason) -> Bool {
        switch reason {
        case .truncated, .overLimit, .invalid: true
        default: false
        }
    }

    @Test("R23: an absurd string length is over the limit, with the offset")
    func absurdLength() throws {
        // A minimal archive: no metadata, one string whose length is 2^32 - 1.
        var writer = ByteWriter()
        writer.bytes = Array(try Self.sampleArchive()[0..<16])
        writer.varint(UInt64(0))
        writer.varint(UInt64(1))
        writer.varint(UInt64(UInt32.max))
        writer.bytes.append(contentsOf: [0x41, 0x42, 0, 0, 0, 0])
        let error = try #require(throws: ArchiveError.self) {
            try Archive(bytes: ArchiveSealing.resealed(writer.bytes))
        }
        #expect(error.description == "string table entry length 4294967295 over limit 16777216 at offset 18")
    }

    @Test("R23: record count, depth and size limits are clean errors")
    func limits() throws {
        let bytes = try Self.sampleArchive()
        var limits = ArchiveLimits.default
        limits.maxRecords = 2
        #expect(throws: ArchiveError.self) { try Archive(bytes: bytes, limits: limits) }
        limits = .default
        limits.maxDepth = 1
        let depth = try #require(throws: ArchiveError.self) { try Archive(bytes: bytes, limits: limits) }
        #expect(depth.description.contains("path depth 2 over limit 1"))
        limits = .default
        limits.maxTotalBytes = 100
        let size = try #require(throws: ArchiveError.self) { try Archive(bytes: bytes, limits: limits) }
        #expect(size.description.hasSuffix("is over the limit of 100 bytes"))
    }

    @Test("R23: limits out of any sensible range are clean errors or no limit, never a trap")
    func absurdLimits() throws {
        let bytes = try Self.sampleArchive()
        let huge = ArchiveLimits(
            maxTotalBytes: .max, maxDepth: .max, maxRecords: .max, maxStringBytes: .max,
            maxEntriesPerRecord: .max)
        #expect(try Archive(bytes: bytes, limits: huge).records.count == 3)
        for limits in [
            ArchiveLimits(
                maxTotalBytes: -1, maxDepth: 64, maxRecords: 100, maxStringBytes: 100,
                maxEntriesPerRecord: 100),
            ArchiveLimits(
                maxTotalBytes: 1 << 20, maxDepth: -5, maxRecords: -1, maxStringBytes: -3,
                maxEntriesPerRecord: -1),
            ArchiveLimits(
                maxTotalBytes: 1 << 20, maxDepth: 0, maxRecords: .min, maxStringBytes: 0,
                maxEntriesPerRecord: 0),
        ] {
            #expect(throws: ArchiveError.self) { try Archive(bytes: bytes, limits: limits) }
        }
    }

    @Test("R23: the worked example of docs/ARCHIVE-FORMAT.md parses")
    func workedExample() throws {
        let body: [UInt8] =
            [0x00, 0x03, 0x04] + Array("Root".utf8) + [0x08] + Array("App.Root".utf8) + [0x01, 0x6E]
            + [0x01, 0x00, 0x00, 0x00, 0x00, 0x01, 0x00, 0x00, 0x03, 0x03, 0x02, 0x00]
        #expect(body.count == 30)
        let bytes = ArchiveSealing.resealed(
            ArchiveFormat.magic + [1, 0, 0, 0, 30, 0, 0, 0] + body + [0, 0, 0, 0])
        let archive = try Archive(bytes: bytes)
        #expect(archive.records.count == 1)
        #expect(archive.records[0].path == RestorationPath("Root"))
        #expect(archive.records[0].typeName == "App.Root")
        #expect(archive.records[0].entries == [ArchiveEntry(key: "n", value: .int(1))])
    }

    @Test("R23: a newer format version is refused, naming both versions")
    func newerVersion() throws {
        var bytes = try Self.sampleArchive()
        bytes[8] = 7
        let error = try #require(throws: ArchiveError.self) {
            try Archive(bytes: ArchiveSealing.resealed(bytes))
        }
        #expect(
            error.description
                == "format version 7 is newer than this engine reads (1...1), and no migration applies")
    }
}
