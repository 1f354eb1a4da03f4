/// CRC-32 (IEEE 802.3, the polynomial of zlib and PNG), computed eight bytes at a time.
///
/// The archive's trailer is this checksum of every byte before it, so a flipped bit
/// anywhere is caught before any record is read. Slice-by-8 keeps it off the profile:
/// about a byte per cycle, where a byte-at-a-time table is several times slower.
enum CRC32 {
    /// Eight 256-entry tables, flattened: entry `slice * 256 + byte`.
    private static let table: [UInt32] = {
        var table = [UInt32](repeating: 0, count: 8 * 256)
        for byte in 0..<256 {
            var crc = UInt32(byte)
            for _ in 0..<8 {
                crc = (crc & 1) != 0 ? (crc >> 1) ^ 0xEDB8_8320 : crc >> 1
            }
            table[byte] = crc
        }
        for byte in 0..<256 {
            var crc = table[byte]
            for slice in 1..<8 {
                crc = table[Int(crc & 0xFF)] ^ (crc >> 8)
                table[slice * 256 + byte] = crc
            }
        }
        return table
    }()

    /// The checksum of `bytes`.
    static func checksum(_ bytes: UnsafeRawBufferPointer) -> UInt32 {
        let crc = Self.table.withUnsafeBufferPointer { table in
            var crc: UInt32 = 0xFFFF_FFFF
            var index = 0
            let count = bytes.count
            while count - index >= 8 {
                // One unaligned 8-byte load instead of eight byte loads and shifts.
                let word = UInt64(littleEndian: bytes.loadUnaligned(fromByteOffset: index, as: UInt64.self))
                let one = crc ^ UInt32(truncatingIfNeeded: word)
                let two = UInt32(truncatingIfNeeded: word >> 32)
                crc =
                    table[7 * 256 + Int(one & 0xFF)] ^ table[6 * 256 + Int((one >> 8) & 0xFF)]
                    ^ table[5 * 256 + Int((one >> 16) & 0xFF)] ^ table[4 * 256 + Int(one >> 24)]
                    ^ table[3 * 256 + Int(two & 0xFF)] ^ table[2 * 256 + Int((two >> 8) & 0xFF)]
                    ^ table[1 * 256 + Int((two >> 16) & 0xFF)] ^ table[Int(two >> 24)]
                index += 8
            }
            while index < count {
                crc = table[Int((crc ^ UInt32(bytes[index])) & 0xFF)] ^ (crc >> 8)
                index += 1
            }
            return crc
        }
        return crc ^ 0xFFFF_FFFF
    }

    /// The checksum of `bytes`.
    static func checksum(_ bytes: [UInt8]) -> UInt32 {
        bytes.withUnsafeBytes { checksum($0) }
    }
}
