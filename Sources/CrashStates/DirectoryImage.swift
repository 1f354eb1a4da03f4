/// The files of a directory tree as a power loss left them: paths and contents (rule X2).
public struct DirectoryImage: Hashable, Sendable {
    /// The bytes of each file, by path from the tree's root (`restoration.archive`,
    /// `sessions/ab12cd34/restoration.archive`).
    public var files: [String: [UInt8]]
    /// The directories below the root, by path; empty for a single directory.
    public var directories: Set<String>

    /// Creates an image from files (and directories) by path.
    public init(files: [String: [UInt8]] = [:], directories: Set<String> = []) {
        self.files = files
        self.directories = directories
    }

    /// One line: each file's path and size, sorted; for reports of a bad state.
    public var summary: String {
        files.keys.sorted().map { "\($0) (\(files[$0]?.count ?? 0) bytes)" }.joined(separator: ", ")
    }
}
