import Foundation

/// Tab completion of a path in the photo field, as a shell completes one: the last
/// component is completed from the names in its directory.
///
/// - One name fits: it is completed, with `/` after a directory, so that the next Tab goes
///   on inside it.
/// - Several fit: as much as they share is added; when that adds nothing, they are the
///   ``Outcome/candidates(_:)`` to show.
/// - Names starting with `.` are offered only once a `.` is typed, as in bash.
///
/// The text is first read as ``DroppedPath`` reads it (quotes, backslashes, `file://`),
/// and completed in that plain form. `~` and `~/` stand for `home`; relative paths start
/// from `directory`. One directory is listed per Tab, with no recursion.
public enum PathCompletion {
    /// What a Tab does.
    public enum Outcome: Equatable, Sendable {
        /// The field's new text.
        case completed(String)
        /// Several names fit and share nothing more: the names (directories with `/`),
        /// sorted.
        case candidates([String])
        /// No name in that directory starts with what was typed (or it cannot be listed).
        case noMatch(directory: String, prefix: String)
    }

    /// Completes `text`.
    /// - Parameters:
    ///   - text: The field's text.
    ///   - home: What `~` stands for.
    ///   - directory: Where relative paths start.
    public static func complete(_ text: String, home: String, directory: String) -> Outcome {
        let typed = DroppedPath.path(from: text)
        let slash = typed.lastIndex(of: "/")
        let folder = slash.map { String(typed[...$0]) } ?? ""
        let prefix = slash.map { String(typed[typed.index(after: $0)...]) } ?? typed
        // `~` alone is a folder to go into, as `~/`.
        if typed == "~" { return .completed("~/") }
        let listed = expand(folder.isEmpty ? "." : folder, home: home, directory: directory)
        guard let names = try? FileManager.default.contentsOfDirectory(atPath: listed) else {
            return .noMatch(directory: folder, prefix: prefix)
        }
        let matches =
            names
            .filter { $0.hasPrefix(prefix) && ($0.hasPrefix(".") == prefix.hasPrefix(".")) }
            .map { isDirectory(listed + "/" + $0) ? $0 + "/" : $0 }
            .sorted()
        guard let first = matches.first else { return .noMatch(directory: folder, prefix: prefix) }
        if matches.count == 1 { return .completed(folder + first) }
        let shared = matches.dropFirst().reduce(first) { common, name in
            String(zip(common, name).prefix { $0 == $1 }.map(\.0))
        }
        if shared.count > prefix.count { return .completed(folder + shared) }
        return .candidates(matches)
    }

    /// `folder` as the file system names it: `~` expanded, relative to `directory`.
    private static func expand(_ folder: String, home: String, directory: String) -> String {
        if folder == "~/" || folder.hasPrefix("~/") { return home + folder.dropFirst() }
        if folder.hasPrefix("/") { return folder }
        return directory + "/" + folder
    }

    /// True for a directory, or a link to one.
    private static func isDirectory(_ path: String) -> Bool {
        var isDirectory: ObjCBool = false
        return FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory)
            && isDirectory.boolValue
    }
}
