/// The parts of an archive file, in file order (see `docs/ARCHIVE-FORMAT.md`).
public enum ArchiveSection: String, CaseIterable, Hashable, Sendable {
    /// Magic, format version, flags, body length: 16 bytes.
    case header
    /// The count of metadata entries, then each key (a string) and tagged value.
    case metadata
    /// The count of strings, then each string: identifiers, keys, type names.
    case stringTable = "string table"
    /// The number of records, one varint.
    case recordCount = "record count"
    /// The app delegate's entries, ended by a 0.
    case applicationState = "application state"
    /// The saved objects, parents first.
    case records
    /// The CRC-32 of every byte before it: 4 bytes.
    case trailer

    /// The section's name with an article, for sentences: "the string table".
    public var phrase: String { "the \(rawValue)" }
}
