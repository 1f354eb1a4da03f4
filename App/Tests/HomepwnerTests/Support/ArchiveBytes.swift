import StateRestoration

/// Archive bytes made wrong on purpose, as a disk or a newer Homepwner would leave them.
enum ArchiveBytes {
    /// `bytes` with the format version (offset 8, u16 little-endian) set to `version` and
    /// the trailer's CRC-32 recomputed, so the only thing wrong is the version.
    static func withFormatVersion(_ version: UInt16, _ bytes: [UInt8]) -> [UInt8] {
        var copy = bytes
        copy[8] = UInt8(version & 0xFF)
        copy[9] = UInt8(version >> 8)
        let crc = crc32(copy.dropLast(4))
        for index in 0..<4 { copy[copy.count - 4 + index] = UInt8((crc >> (8 * UInt32(index))) & 0xFF) }
        return copy
    }

    /// `bytes` with a few bytes in the middle inverted: the checksum no longer matches.
    static func corrupted(_ bytes: [UInt8]) -> [UInt8] {
        var copy = bytes
        let middle = copy.count / 2
        for index in middle..<min(middle + 4, copy.count) { copy[index] ^= 0xFF }
        return copy
    }

    /// zlib's CRC-32 (IEEE, reflected), as the archive's trailer uses.
    static func crc32(_ bytes: some Sequence<UInt8>) -> UInt32 {
        var crc: UInt32 = 0xFFFF_FFFF
        for byte in bytes {
            crc ^= UInt32(byte)
            for _ in 0..<8 { crc = crc & 1 == 1 ? (crc >> 1) ^ 0xEDB8_8320 : crc >> 1 }
        }
        return crc ^ 0xFFFF_FFFF
    }
}
