import StateRestoration

/// Archive bytes with their header's body length and their CRC-32 made right, as the
/// engine's archive fuzzer does (`Fuzz/ArchiveFuzzer.swift`): most mutations of a real
/// archive would otherwise stop at the checksum. Inputs of odd length are left as they
/// are, so the checksum's refusal is fuzzed too.
enum Reseal {
    static func resealed(_ input: [UInt8]) -> [UInt8] {
        let overhead = ArchiveFormat.headerSize + ArchiveFormat.trailerSize
        guard input.count >= overhead, input.count % 2 == 0 else { return input }
        var bytes = input
        let body = bytes.count - overhead
        for shift in 0..<4 { bytes[12 + shift] = UInt8(truncatingIfNeeded: body >> (shift * 8)) }
        let crc = checksum(bytes[..<(bytes.count - 4)])
        for shift in 0..<4 {
            bytes[bytes.count - 4 + shift] = UInt8(truncatingIfNeeded: crc >> UInt32(shift * 8))
        }
        return bytes
    }

    /// CRC-32 (IEEE 802.3, reflected, as docs/ARCHIVE-FORMAT.md specifies).
    static func checksum(_ bytes: ArraySlice<UInt8>) -> UInt32 {
        var crc: UInt32 = 0xFFFF_FFFF
        for byte in bytes { crc = table[Int((crc ^ UInt32(byte)) & 0xFF)] ^ (crc >> 8) }
        return crc ^ 0xFFFF_FFFF
    }

    private static let table: [UInt32] = (0..<256).map { index in
        (0..<8).reduce(UInt32(index)) { crc, _ in crc & 1 == 1 ? 0xEDB8_8320 ^ (crc >> 1) : crc >> 1 }
    }
}
