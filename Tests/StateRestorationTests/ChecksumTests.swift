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
}
