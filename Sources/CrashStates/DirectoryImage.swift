/// The files of one directory as a power loss left them: names and contents (rule X2).
public struct DirectoryImage: Hashable, Sendable {
    /// The bytes of each file, by name.
    public var files: [String: [UInt8]]

    /// Creates an image from files by name.
    public init(files: [String: [UInt8]] = [:]) {
        self.files = files
    }

    /// One line per file, name and size, sorted: for reports of a bad state.
    public var summary: String {
        files.keys.sorted().map { "\($0) (\(files[$0]?.count ?? 0) bytes)" }.joined(separator: ", ")
    }
}
