import StateRestoration

/// A restorable tree as indented text, for comparing with a multi-line string literal.
///
/// Each line is an object: its identifier (or `-` for none) and its type, indented two
/// spaces per level, for example:
///
/// ```
/// NavigationController (NavigationController)
///   ItemsViewController (ItemsViewController)
///   DetailViewController (DetailViewController)
///     nameField (TextField)
/// ```
@MainActor
public enum TreeDescription {
    /// Describes the trees under `roots`.
    public static func describe(_ roots: [any RestorableObject]) -> String {
        var lines: [String] = []
        for root in roots { describe(root, depth: 0, into: &lines) }
        return lines.joined(separator: "\n")
    }

    private static func describe(_ object: any RestorableObject, depth: Int, into lines: inout [String]) {
        let identifier = object.restorationIdentifier.flatMap { $0.isEmpty ? nil : $0 } ?? "-"
        lines.append(String(repeating: "  ", count: depth) + "\(identifier) (\(type(of: object)))")
        for child in object.restorationChildren { describe(child, depth: depth + 1, into: &lines) }
    }
}
