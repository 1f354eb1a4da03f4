import Foundation

/// What terminals paste when a file is dragged onto them, made a path again: surrounding
/// blanks go; `'…'` or `"…"` quotes are taken off; backslash escapes (`my\ photo.png`) are
/// undone; a `file://` URL becomes its percent-decoded path (a host other than `localhost`
/// is kept out). Anything else is returned as typed.
public enum DroppedPath {
    /// The path `text` stands for.
    public static func path(from text: String) -> String {
        var path = text.trimmingCharacters(in: .whitespacesAndNewlines)
        if path.count >= 2, let first = path.first, first == "'" || first == "\"", path.last == first {
            path = String(path.dropFirst().dropLast())
        } else if path.contains("\\") {
            path = unescaped(path)
        }
        if path.hasPrefix("file://") {
            let rest = path.dropFirst("file://".count)
            let local = rest.hasPrefix("localhost/") ? rest.dropFirst("localhost".count) : rest
            if local.hasPrefix("/"), let decoded = String(local).removingPercentEncoding { path = decoded }
        }
        return path
    }

    /// `a\ b` → `a b`: each backslash stands for the character after it.
    private static func unescaped(_ text: String) -> String {
        var result = ""
        var escaping = false
        for character in text {
            if escaping {
                result.append(character)
                escaping = false
            } else if character == "\\" {
                escaping = true
            } else {
                result.append(character)
            }
        }
        if escaping { result.append("\\") }
        return result
    }
}
