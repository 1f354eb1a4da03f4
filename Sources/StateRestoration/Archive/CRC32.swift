/// CRC-32 (IEEE 802.3, the polynomial of zlib and PNG), computed sixteen bytes at a time.
///
/// The archive's trailer is this checksum of every byte before it, so a flipped bit
/// anywhere is caught before any record is read. Slice-by-16, over three streams for
/// larger inputs (see ``checksum(_:continuing:)``); see docs/PERFORMANCE.md for its cost.
enum CRC32 {
    /// Sixteen 256-entry tables (16 KiB), flattened: entry `slice * 256 + byte`.
    private static let table: [UInt32] = {
        var table = [UInt32](repeating: 0, count: 16 * 256)
        for byte in 0..<256 {
            var crc = UInt32(byte)
            for _ in 0..<8 {
                crc = (crc & 1) != 0 ? (crc >> 1) ^ 0xEDB8_8320 : crc >> 1
            }
            table[byte] = crc
        }
        for byte in 0..<256 {
            var crc = table[byte]
            for slice in 1..<16 {
                crc = table[Int(crc & 0xFF)] ^ (crc >> 8)
                table[slice * 256 + byte] = crc
            }
        }
        return table
    }()

    /// The checksum of `bytes`, or, given the checksum of the bytes before them, of all.
    ///
    /// `checksum(b, continuing: checksum(a))` is `checksum(a + b)`, so a writer can take the
    /// checksum of its bytes while they are still in the cache.
    ///
    /// From ``streamThreshold`` bytes on, the bytes are taken as three parts, whose
    /// checksums are computed side by side and then combined: a slice-by-16 step is one
    /// chain of sixteen dependent look-ups (the compiler joins the source's four chains
    /// into one), so a single stream waits on each; three streams keep the processor's
    /// load units busy, about three times as fast.
    static func checksum(_ bytes: Span<UInt8>, continuing previous: UInt32 = 0) -> UInt32 {
        UncheckedBytes.crc32(bytes, continuing: previous, table: table, streamThreshold: streamThreshold)
    }

    /// The length from which ``checksum(_:continuing:)`` runs three streams: below it, the
    /// two combinations cost more than the streams save (docs/PERFORMANCE.md).
    static let streamThreshold = 16 << 10

    /// The table, for tests that run the table-driven loop alone.
    static var tableForTests: [UInt32] { table }

    /// The checksum of `bytes`.
    static func checksum(_ bytes: [UInt8]) -> UInt32 {
        checksum(bytes.span)
    }

    // MARK: Combining

    /// The checksum of `a + b` from the checksum of `a`, the checksum of `b` and the length
    /// of `b`, without reading either.
    ///
    /// A CRC is the remainder of a polynomial division, so appending `n` bytes to `a`
    /// multiplies `a`'s remainder by x^(8n) modulo the polynomial. That power is made from
    /// the powers x^(2^k), squared in advance, in at most 64 multiplications; each is a
    /// carry-less multiplication of 32 steps: a cost that does not depend on the lengths.
    static func combine(_ first: UInt32, _ second: UInt32, secondLength: Int) -> UInt32 {
        multiplyModulo(powerOfX(bits: UInt64(secondLength) * 8), first) ^ second
    }

    /// The reflected polynomial, as in the table.
    private static let polynomial: UInt32 = 0xEDB8_8320

    /// `a * b` modulo the polynomial, both in the reflected bit order of the checksum
    /// (bit 31 is x^0).
    private static func multiplyModulo(_ a: UInt32, _ b: UInt32) -> UInt32 {
        var a = a
        var b = b
        var product: UInt32 = 0
        while a != 0 {
            if a & 0x8000_0000 != 0 { product ^= b }
            a <<= 1
            b = b & 1 != 0 ? (b >> 1) ^ polynomial : b >> 1
        }
        return product
    }

    /// x^(2^k) modulo the polynomial for k = 0 ..< 64.
    private static let powersOfX: [UInt32] = {
        var powers: [UInt32] = []
        var power: UInt32 = 1 << 30  // x^1
        for _ in 0..<64 {
            powers.append(power)
            power = multiplyModulo(power, power)
        }
        return powers
    }()

    /// x^bits modulo the polynomial.
    private static func powerOfX(bits: UInt64) -> UInt32 {
        var result: UInt32 = 1 << 31  // x^0
        var bits = bits
        var k = 0
        while bits != 0 {
            if bits & 1 != 0 { result = multiplyModulo(powersOfX[k], result) }
            bits >>= 1
            k += 1
        }
        return result
    }
}
