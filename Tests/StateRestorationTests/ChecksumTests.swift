import Foundation
import TestSupport
import Testing

@testable import StateRestoration

/// The archive's CRC-32 is zlib's, however it is computed: in one stream, in three that
/// are combined, or taken piece by piece as a save writes its body.
@Suite("R23: the archive checksum")
struct ChecksumTests {
    // The reference the fast code must match: TestSupport's CRC32Reference, written apart.

    /// Bytes that are the same in every run.
    static func bytes(_ count: Int, seed: UInt64) -> [UInt8] {
        var state = seed
        return (0..<count).map { _ in
            state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
            return UInt8(truncatingIfNeeded: state >> 33)
        }
    }

    @Test("R23: the check value of \"123456789\" is 0xCBF43926, as zlib's crc32() gives")
    func checkValue() {
        #expect(CRC32.checksum(Array("123456789".utf8)) == 0xCBF4_3926)
        #expect(CRC32.checksum([]) == 0)
    }

    @Test(
        "R23: one stream and three streams give the reference CRC-32",
        arguments: [1, 15, 16, 17, 255, 16_383, 16_384, 16_385, 16_400, 50_001, 196_613])
    func lengths(count: Int) {
        let bytes = Self.bytes(count, seed: UInt64(count))
        #expect(CRC32.checksum(bytes) == CRC32Reference.checksum(bytes))
    }

    @Test("R23: a checksum continued piece by piece is the checksum of the whole")
    func continuing() {
        let bytes = Self.bytes(70_000, seed: 7)
        for cut in [0, 1, 17, 16_384, 40_000, 69_999, 70_000] {
            let first = CRC32.checksum(Array(bytes[..<cut]))
            let whole = CRC32.checksum(bytes.span.extracting(cut...), continuing: first)
            #expect(whole == CRC32Reference.checksum(bytes), "cut at \(cut)")
        }
    }

    @Test("R23: combining two checksums gives the checksum of the two pieces joined")
    func combining() {
        let bytes = Self.bytes(40_000, seed: 11)
        for cut in [0, 1, 100, 20_000, 39_999, 40_000] {
            let combined = CRC32.combine(
                CRC32.checksum(Array(bytes[..<cut])), CRC32.checksum(Array(bytes[cut...])),
                secondLength: bytes.count - cut)
            #expect(combined == CRC32Reference.checksum(bytes), "cut at \(cut)")
        }
    }

    @Test("R23: the carry-less folding and the table give the reference CRC-32 at every length and start")
    func folding() {
        let bytes = Self.bytes(4_096 + 64, seed: 13)
        // Every length from 0 to 300 (below the fold's 64, around each multiple of 16 and 64),
        // then longer ones, each at starts that differ in alignment.
        let lengths = Array(0...300) + [1_023, 1_024, 1_025, 4_095, 4_096]
        for start in [0, 1, 7, 8, 15, 16, 63] {
            for length in lengths {
                let piece = bytes.span.extracting(start..<(start + length))
                let reference = CRC32Reference.checksum(Array(bytes[start..<(start + length)]))
                let folded = UncheckedBytes.crc32(
                    piece, continuing: 0, table: CRC32.tableForTests, streamThreshold: CRC32.streamThreshold)
                let tabled = UncheckedBytes.crc32(
                    piece, continuing: 0, table: CRC32.tableForTests, streamThreshold: CRC32.streamThreshold,
                    folds: false)
                #expect(folded == reference, "start \(start), length \(length)")
                #expect(tabled == reference, "start \(start), length \(length)")
                // Continued from a checksum taken before: the register goes in as it comes out.
                let previous = CRC32Reference.checksum(Array(bytes[0..<start]))
                #expect(
                    CRC32.checksum(piece, continuing: previous)
                        == CRC32Reference.checksum(Array(bytes[0..<(start + length)])),
                    "continued, start \(start), length \(length)")
            }
        }
    }

    #if arch(x86_64)
        @Test("R23: an x86-64 processor with PCLMULQDQ takes the folding path")
        func foldsHere() throws {
            let cpuinfo = (try? String(contentsOfFile: "/proc/cpuinfo", encoding: .utf8)) ?? ""
            let flags = cpuinfo.split(separator: "\n").first { $0.hasPrefix("flags") } ?? ""
            let words = flags.split(separator: " ")
            #expect(UncheckedBytes.canFold == (words.contains("pclmulqdq") && words.contains("sse4_1")))
        }
    #endif
}
