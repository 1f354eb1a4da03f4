import StateRestoration

/// The text of `restoration-archive show` (rule A1): the metadata, the application state,
/// and the tree of saved objects by restoration path, each with its type, restoration
/// class, state version and every key with its typed value.
///
/// ```
/// restoration archive: restoration.archive
///   app             Homepwner 1.0
///   ...
/// objects (2)
/// Nav  Homepwner.NavigationController
/// │   no restoration class, state version 0
/// │   stack: [Reference] = [→ Nav/Items]
/// └── Nav/Items  Homepwner.ItemsViewController
///         restoration class ItemsViewController, state version 1
///         editing: Bool = false
/// ```
public struct ArchiveTextRenderer: Sendable {
    private let style: TextStyle
    private var values: ValueFormatter { ValueFormatter(style: style) }

    /// Creates a renderer.
    /// - Parameter color: True for ANSI colour. Decide it with the terminal and `NO_COLOR`
    ///   in mind; the command-line tool does.
    public init(color: Bool = false) {
        self.style = TextStyle(isEnabled: color)
    }

    /// The text for `archive`, ending in a newline.
    /// - Parameters:
    ///   - archive: A parsed archive.
    ///   - source: Where it was read from, for the first line.
    ///   - activity: What followed the archive in its file (rule S5), shown as a row when
    ///     there was one.
    public func render(_ archive: Archive, source: String, activity: ActivityFooter.Found = .none) -> String {
        let inspected = InspectedArchive(archive)
        var lines: [String] = []
        lines.append(style.bold("restoration archive: ") + ArchiveText.escaped(source))
        lines += metadataLines(inspected)
        if let text = Self.activity(activity) {
            lines.append(
                "  " + style.dim("activity".padding(toLength: 17, withPad: " ", startingAt: 0))
                    + ArchiveText.escaped(text))
        }
        lines.append("")
        let appKeys = inspected.applicationState.count
        lines.append(style.bold("application state") + " (\(Self.count(appKeys, "key")))")
        if inspected.applicationState.isEmpty {
            lines.append("  " + style.dim("(no keys)"))
        }
        lines += inspected.applicationState.map { "  " + entry($0) }
        lines.append("")
        lines.append(style.bold("objects") + " (\(inspected.objects.count))")
        if inspected.objects.isEmpty {
            lines.append(style.dim("(none saved)"))
        }
        for (number, root) in inspected.roots.enumerated() {
            if number > 0 { lines.append("") }
            tree(root, in: inspected, prefix: "", connector: "", isLast: true, into: &lines)
        }
        return lines.joined(separator: "\n") + "\n"
    }

    /// An activity in a line: `homepwner.viewItem v1 "Viewing …" item=…`; nil for none.
    static func activity(_ found: ActivityFooter.Found) -> String? {
        switch found {
        case .none: nil
        case .damaged(let why): "damaged: \(why)"
        case .activity(let activity): activity.description
        }
    }

    private func metadataLines(_ inspected: InspectedArchive) -> [String] {
        let metadata = inspected.metadata
        let app = [metadata.appName, metadata.appVersion].filter { !$0.isEmpty }.joined(separator: " ")
        let archive = inspected.archive
        let size = [
            Self.count(archive.byteCount, "byte"), Self.count(archive.records.count, "object"),
            Self.count(archive.applicationState.count, "application-state key"),
            Self.count(archive.stringCount, "string"),
        ].joined(separator: ", ")
        let rows: [(String, String)] = [
            ("app", app.isEmpty ? "(not recorded)" : app),
            ("saved", ValueFormatter.timestamp(metadata.timestamp)),
            ("system", metadata.systemVersion.isEmpty ? "(not recorded)" : metadata.systemVersion),
            ("interface idiom", metadata.interfaceIdiom.isEmpty ? "(not recorded)" : metadata.interfaceIdiom),
            ("format version", String(metadata.formatVersion)),
            ("size", size),
        ]
        return rows.map { label, value in
            "  " + style.dim(label.padding(toLength: 17, withPad: " ", startingAt: 0))
                + ArchiveText.escaped(value)
        }
    }

    /// One object and, below it, its subtree, drawn with box-drawing lines.
    private func tree(
        _ object: InspectedArchive.Object, in archive: InspectedArchive, prefix: String, connector: String,
        isLast: Bool, into lines: inout [String]
    ) {
        lines.append(
            style.dim(prefix + connector) + style.boldBlue(object.path) + "  "
                + style.cyan(ArchiveText.escaped(object.typeName)))
        let below = connector.isEmpty ? prefix : prefix + (isLast ? "    " : "│   ")
        let body = below + (object.children.isEmpty ? "    " : "│   ")
        let restorationClass =
            object.restorationClassName.map { "restoration class \(ArchiveText.escaped($0))" }
            ?? "no restoration class"
        lines.append(style.dim(body) + style.dim("\(restorationClass), state version \(object.stateVersion)"))
        if object.entries.isEmpty {
            lines.append(style.dim(body) + style.dim("(no keys)"))
        }
        for item in object.entries {
            lines.append(style.dim(body) + entry(item))
        }
        for (position, childIndex) in object.children.enumerated() {
            let last = position == object.children.count - 1
            tree(
                archive.objects[childIndex], in: archive, prefix: below, connector: last ? "└── " : "├── ",
                isLast: last, into: &lines)
        }
    }

    private func entry(_ entry: InspectedArchive.Entry) -> String {
        let text = ArchiveText.escaped(entry.key) + ": " + values.typed(entry.value)
        return entry.isOverwritten ? text + style.dim("  (overwritten by a later value)") : text
    }

    /// `1 key`, `2 keys`.
    static func count(_ number: Int, _ noun: String) -> String {
        "\(number) \(noun)\(number == 1 ? "" : "s")"
    }
}
