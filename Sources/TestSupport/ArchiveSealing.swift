import StateRestoration

/// Makes archive bytes that were changed on purpose pass the length and checksum tests
/// again, so that what a test attacks is the structure (or the one field it changed).
///
/// The checksum is ``CRC32Reference``, written apart from the engine's, so that a test
/// does not check the engine's CRC-32 with itself. Offsets follow the format: the body
/// length is the u32 at offset 12, the CRC-32 the last four bytes, both little-endian.
///
/// Part of `TestSupport`, which is for this repository's tests, not API.
public enum ArchiveSealing {
    /// The header's size, and the trailer's.
    static let headerSize = ArchiveFormat.headerSize
    static let trailerSize = ArchiveFormat.trailerSize

    /// `archive` (header, body and a trailer of four bytes, whatever they hold) with the
    /// header's body length and the trailer's CRC-32 made to match the bytes.
    public static func resealed(_ archive: [UInt8]) -> [UInt8] {
        precondition(archive.count >= headerSize + trailerSize, "an archive has a header and a trailer")
        return sealed(Array(archive.dropLast(trailerSize)))
    }

    /// `unsealed` (header and body, no trailer) with the header's body length set and the
    /// CRC-32 trailer appended.
    public static func sealed(_ unsealed: [UInt8]) -> [UInt8] {
        precondition(unsealed.count >= headerSize, "an archive has a header")
        var bytes = unsealed
        let length = UInt32(truncatingIfNeeded: bytes.count - headerSize)
        ArchiveFormat.setLittleEndian(Int(length), width: 4, at: ArchiveFormat.bodyLengthOffset, in: &bytes)
        let crc = CRC32Reference.checksum(bytes)
        for shift in 0..<4 { bytes.append(UInt8(truncatingIfNeeded: crc >> UInt32(shift * 8))) }
        return bytes
    }

    /// `archive` with the format version (offset 8, u16 little-endian) set to `version`
    /// and resealed, so that the only thing wrong is the version.
    public static func withFormatVersion(_ version: UInt16, _ archive: [UInt8]) -> [UInt8] {
        var bytes = archive
        ArchiveFormat.setLittleEndian(Int(version), width: 2, at: ArchiveFormat.versionOffset, in: &bytes)
        return resealed(bytes)
    }
}

/// zlib's CRC-32 (IEEE, reflected), table-driven, written apart from the engine's (which
/// slices by eight): the archive's trailer, and PNG's chunks, use it.
///
/// Part of `TestSupport`, which is for this repository's tests, not API.
public enum CRC32Reference {
    private static let table: [UInt32] = (0..<256).map { index in
        var crc = UInt32(index)
        for _ in 0..<8 { crc = crc & 1 != 0 ? (crc >> 1) ^ 0xEDB8_8320 : crc >> 1 }
        return crc
    }

    /// The CRC-32 of `bytes`.
    public static func checksum(_ bytes: some Sequence<UInt8>) -> UInt32 {
        var crc: UInt32 = 0xFFFF_FFFF
        for byte in bytes { crc = table[Int((crc ^ UInt32(byte)) & 0xFF)] ^ (crc >> 8) }
        return crc ^ 0xFFFF_FFFF
    }
}
