import StateRestoration
import TestSupport

/// Damages saved archive files in the ways the tests need. A file is the archive, then the
/// session's activity (rule S5); each helper damages the part it names and keeps the other.
enum ArchiveBytes {
    /// The archive part of a file, and the activity footer after it (empty if none).
    static func parts(_ bytes: [UInt8]) -> (archive: [UInt8], footer: [UInt8]) {
        let length = ActivityFooter.split(bytes).archiveLength
        return (Array(bytes[..<length]), Array(bytes[length...]))
    }

    /// The file's archive with the format version set to `version` and resealed, so the
    /// only thing wrong is the version; the activity is kept.
    static func withFormatVersion(_ version: UInt16, _ bytes: [UInt8]) -> [UInt8] {
        let (archive, footer) = parts(bytes)
        return ArchiveSealing.withFormatVersion(version, archive) + footer
    }

    /// The file with a few bytes in the middle of its archive inverted: the archive's
    /// checksum no longer matches; the activity is kept.
    static func corrupted(_ bytes: [UInt8]) -> [UInt8] {
        var (copy, footer) = parts(bytes)
        let middle = copy.count / 2
        for index in middle..<min(middle + 4, copy.count) { copy[index] ^= 0xFF }
        return copy + footer
    }

    /// The file with every occurrence of `text` in its archive replaced by `replacement`
    /// (of the same length in UTF-8, so the structure holds) and resealed: an archive that
    /// says what it never said; the activity is kept.
    static func replacing(_ text: String, with replacement: String, in bytes: [UInt8]) -> [UInt8] {
        let (archive, footer) = parts(bytes)
        let old = Array(text.utf8)
        let new = Array(replacement.utf8)
        precondition(old.count == new.count && !old.isEmpty, "the same length, so the structure holds")
        var copy = archive
        var index = 0
        while index + old.count <= copy.count {
            if copy[index..<index + old.count].elementsEqual(old) {
                copy.replaceSubrange(index..<index + old.count, with: new)
                index += old.count
            } else {
                index += 1
            }
        }
        return ArchiveSealing.resealed(copy) + footer
    }

    /// The archive alone, as saved before sessions had activities.
    static func withoutActivity(_ bytes: [UInt8]) -> [UInt8] {
        parts(bytes).archive
    }

    /// `bytes` damaged as a test names it: `corrupt` (``corrupted(_:)``) or `newer` (format
    /// version 2, ``withFormatVersion(_:_:)``).
    static func damaged(_ bytes: [UInt8], as kind: String) -> [UInt8] {
        kind == "corrupt" ? corrupted(bytes) : withFormatVersion(2, bytes)
    }

    /// Why the app says it set aside an archive damaged as `kind` (``damaged(_:as:)``).
    static func reasonShown(for kind: String) -> String {
        kind == "corrupt" ? "could not be read" : "needs a newer Homepwner"
    }
}
