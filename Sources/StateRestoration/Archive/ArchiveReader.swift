import Foundation

/// Checks archive bytes, every structure and limit, and indexes them into an
/// ``ArchiveView`` (or an ``Archive``).
///
/// Order of checks: size, magic, version, flags, declared length, checksum, then the
/// structure. A reader never trusts a count or a length: each is checked against its
/// limit and against the bytes that remain before anything is allocated for it. Every
/// value is checked (tags, lengths, UTF-8, nesting, reference targets), but only the
/// metadata and the string table are made into values here: the rest stays in the bytes,
/// where ``ValueReader`` reads it when asked.
struct ArchiveReader {
    let bytes: [UInt8]
    let limits: ArchiveLimits

    init(bytes: [UInt8], limits: ArchiveLimits) {
        self.bytes = bytes
        self.limits = limits
    }

    /// The archive as a value.
    func read() throws(ArchiveError) -> Archive {
        try view().archive()
    }

    /// The checked archive, read in place.
    func view() throws(ArchiveError) -> ArchiveView {
        let size = bytes.count
        guard size > 0 else { throw ArchiveError(.empty, at: 0) }
        // Offsets are kept as 32 bits; the header's body length is 32 bits anyway.
        let limit = min(limits.maxTotalBytes, Int(UInt32.max))
        guard size <= limit else {
            throw ArchiveError(.tooLarge(size: size, limit: limit), at: 0)
        }
        let magic = ArchiveFormat.magic
        guard size >= magic.count, Array(bytes[0..<magic.count]) == magic else {
            if size < magic.count, Array(magic[0..<size]) == bytes {
                throw ArchiveError(.truncated("header"), at: size)
            }
            throw ArchiveError(.badMagic, at: 0)
        }
        guard size >= ArchiveFormat.headerSize else {
            throw ArchiveError(.truncated("header"), at: size)
        }
        let version = ArchiveFormat.littleEndian(bytes, at: ArchiveFormat.versionOffset, width: 2)
        guard ArchiveFormat.readableVersions.contains(version) else {
            throw ArchiveError(
                .unsupportedFormatVersion(found: version, supported: ArchiveFormat.readableVersions),
                at: ArchiveFormat.versionOffset)
        }
        let flags = UInt16(ArchiveFormat.littleEndian(bytes, at: ArchiveFormat.flagsOffset, width: 2))
        guard flags == 0 else { throw ArchiveError(.unknownFlags(flags), at: ArchiveFormat.flagsOffset) }
        let declared = ArchiveFormat.littleEndian(bytes, at: ArchiveFormat.bodyLengthOffset, width: 4)
        let total = ArchiveFormat.headerSize + declared + ArchiveFormat.trailerSize
        guard total == size else {
            throw ArchiveError(
                .lengthMismatch(declared: total, actual: size), at: ArchiveFormat.bodyLengthOffset)
        }
        let checksumOffset = size - ArchiveFormat.trailerSize
        var stored: UInt32 = 0
        for shift in 0..<4 { stored |= UInt32(bytes[checksumOffset + shift]) << UInt32(shift * 8) }
        // A small archive is checksummed whole, then parsed. A large one is checksummed a
        // step ahead of the parser, so that the parser reads bytes the checksum has just
        // brought into the cache, instead of reading the whole archive from memory twice.
        // Either way the checksum decides first: a structural error is reported only if the
        // checksum of the whole archive matches (see docs/ARCHIVE-FORMAT.md, "Order of
        // checks"), and nothing is made from the bytes until both have passed.
        let interleaved = checksumOffset >= Self.interleavingThreshold
        if !interleaved {
            let computed = CRC32.checksum(bytes.span.extracting(0..<checksumOffset))
            guard stored == computed else {
                throw ArchiveError(.checksumMismatch(stored: stored, computed: computed), at: checksumOffset)
            }
        }
        // Obligation (UncheckedByteView): the parser and its readers are locals of the closure
        // that lends the view; the ArchiveView made keeps the storage, not the view.
        let storage = UncheckedByteStorage(holding: bytes)
        let result = storage.withView { bytes -> Result<ArchiveView, ArchiveError> in
            var parser = ArchiveParser(
                buffer: bytes.prefix(checksumOffset), offset: ArchiveFormat.headerSize, limits: limits)
            parser.checksumsAhead = interleaved
            let parsed = Result { () throws(ArchiveError) -> ArchiveView in
                try parser.view(of: storage, version: version)
            }
            guard interleaved else { return parsed }
            let computed = parser.finishChecksum()
            guard stored == computed else {
                return .failure(
                    ArchiveError(.checksumMismatch(stored: stored, computed: computed), at: checksumOffset))
            }
            return parsed
        }
        return try result.get()
    }

    /// The size from which the checksum runs a step ahead of the parser: below it the
    /// archive fits in the cache anyway.
    static let interleavingThreshold = 1 << 20
}
