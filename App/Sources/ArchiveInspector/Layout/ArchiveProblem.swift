import StateRestoration

/// A place in an archive's bytes: a section, and for the records, which record.
public struct ArchivePlace: Hashable, Sendable, CustomStringConvertible {
    /// The section.
    public var section: ArchiveSection
    /// The record's index, for a place in the records.
    public var recordIndex: Int?
    /// That record's restoration path, when its header could be read, escaped as text output
    /// shows it (``ArchiveText/path(_:terminal:)``).
    public var recordPath: String?

    /// Creates a place.
    public init(section: ArchiveSection, recordIndex: Int? = nil, recordPath: String? = nil) {
        self.section = section
        self.recordIndex = recordIndex
        self.recordPath = recordPath
    }

    /// `the string table`, `record 3, Nav/Detail`.
    public var description: String {
        guard let recordIndex else { return section.phrase }
        return "record \(recordIndex)" + (recordPath.map { ", \($0)" } ?? "")
    }
}

/// Why bytes are not a valid archive: the engine's ``ArchiveError`` (reason and byte
/// offset), placed in the section, and the record, where the offset falls.
public struct ArchiveProblem: Error, Hashable, Sendable, CustomStringConvertible {
    /// The reader's error: the reason and the byte offset.
    public var error: ArchiveError
    /// Where the offset falls, when the bytes reach that far.
    public var place: ArchivePlace?
    /// For a file shorter than its header declares: where its bytes stop, which tells what
    /// the cut lost.
    public var fileEndsIn: ArchivePlace?

    /// Creates a problem.
    public init(error: ArchiveError, place: ArchivePlace?, fileEndsIn: ArchivePlace? = nil) {
        self.error = error
        self.place = place
        self.fileEndsIn = fileEndsIn
    }

    /// Places `error` in `bytes`' layout.
    init(_ error: ArchiveError, in bytes: [UInt8]) {
        switch error.reason {
        case .empty, .tooLarge, .badMagic:
            self.init(error: error, place: nil)
        case .lengthMismatch(let declared, let actual) where declared > actual:
            let layout = ArchiveLayout(bytes: bytes, hasTrailer: false)
            self.init(
                error: error, place: ArchivePlace(section: .header), fileEndsIn: layout.place(at: bytes.count)
            )
        case .unsupportedFormatVersion, .unknownFlags, .lengthMismatch:
            self.init(error: error, place: ArchivePlace(section: .header))
        case .checksumMismatch:
            // The bytes that differ can be anywhere; the offset is the stored checksum's.
            self.init(error: error, place: ArchivePlace(section: .trailer))
        case .truncated, .overLimit, .invalid:
            self.init(error: error, place: ArchiveLayout(bytes: bytes).place(at: error.offset))
        }
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
        if let place {
            context.append("in \(place)")
        }
        var text = error.description
        if !context.isEmpty {
            text += " (" + context.joined(separator: ", ")
            if let fileEndsIn { text += "; the file ends within \(fileEndsIn)" }
            text += ")"
        }
        return text
    }
}
