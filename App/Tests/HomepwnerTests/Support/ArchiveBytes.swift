import StateRestoration
import TestSupport

/// Archive bytes made wrong on purpose, as a disk or a newer Homepwner would leave them.
enum ArchiveBytes {
    /// `bytes` with the format version set to `version` and resealed, so the only thing
    /// wrong is the version.
    static func withFormatVersion(_ version: UInt16, _ bytes: [UInt8]) -> [UInt8] {
        ArchiveSealing.withFormatVersion(version, bytes)
    }

    /// `bytes` with a few bytes in the middle inverted: the checksum no longer matches.
    static func corrupted(_ bytes: [UInt8]) -> [UInt8] {
        var copy = bytes
        let middle = copy.count / 2
        for index in middle..<min(middle + 4, copy.count) { copy[index] ^= 0xFF }
        return copy
    }
}
