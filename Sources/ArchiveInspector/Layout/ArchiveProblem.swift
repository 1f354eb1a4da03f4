import StateRestoration

/// Why bytes are not a valid archive: the engine's ``ArchiveError`` (reason and byte
/// offset), placed in the section, and the record, where the offset falls.
public struct ArchiveProblem: Error, Hashable, Sendable, CustomStringConvertible {
    /// The reader's error: the reason and the byte offset.
    public var error: ArchiveError
    /// The section the offset falls in, when the bytes reach that far.
    public var section: ArchiveSection?
    /// The index of the record the offset falls in, for a problem in the records.
    public var recordIndex: Int?
    /// That record's restoration path, when its header could be read.
    public var recordPath: String?

    /// Creates a problem.
    public init(
        error: ArchiveError, section: ArchiveSection?, recordIndex: Int? = nil, recordPath: String? = nil
    ) {
        self.error = error
        self.section = section
        self.recordIndex = recordIndex
        self.recordPath = recordPath
    }

    /// Places `error` in `bytes`' layout.
    init(_ error: ArchiveError, in bytes: [UInt8]) {
        switch error.reason {
        case .empty, .tooLarge, .badMagic:
            self.init(error: error, section: nil)
            return
        case .unsupportedFormatVersion, .unknownFlags, .lengthMismatch:
            self.init(error: error, section: .header)
            return
        case .checksumMismatch:
            // The bytes that differ can be anywhere; the offset is the stored checksum's.
            self.init(error: error, section: .trailer)
            return
        case .truncated, .overLimit, .invalid:
            break
        }
        let layout = ArchiveLayout(bytes: bytes)
        let section = layout.section(at: error.offset)
        let record = section == .records ? layout.record(at: error.offset) : nil
        self.init(error: error, section: section, recordIndex: record?.index, recordPath: record?.path)
    }

    /// The byte offset of the problem.
    public var offset: Int { error.offset }

    /// The engine's reason, then where: `truncated record at offset 1234 (in record 3,
    /// Nav/Detail)`. Every message carries the byte offset, except for an empty file or one
    /// over the size limit, where no offset means anything.
    public var description: String {
        var context: [String] = []
        switch error.reason {
        case .unsupportedFormatVersion, .lengthMismatch:
            context.append("at offset \(error.offset)")
        default:
            break
        }
        if let recordIndex {
            context.append("in record \(recordIndex)" + (recordPath.map { ", \($0)" } ?? ""))
        } else if let section {
            context.append("in \(section.phrase)")
        }
        guard !context.isEmpty else { return error.description }
        return "\(error.description) (\(context.joined(separator: ", ")))"
    }
}
