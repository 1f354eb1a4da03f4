import StateRestoration

/// The text of `restoration-archive diff`: a header naming both archives, then `+`, `-`
/// and `~` lines, then a one-line count.
///
/// ```
/// --- old.archive (TestApp 1.0, saved 2023-11-14T22:13:20Z)
/// +++ new.archive (TestApp 1.0, saved 2023-11-14T22:14:00Z)
///
/// objects
///   ~ Nav/List  Fixtures.List
///       ~ note: String = "draft" → "draft 2"
///
/// 1 object changed
/// ```
public struct ArchiveDiffRenderer: Sendable {
    private let style: TextStyle
    private var values: ValueFormatter { ValueFormatter(style: style) }

    /// Creates a renderer; `color` turns on ANSI colour.
    public init(color: Bool = false) {
        self.style = TextStyle(isEnabled: color)
    }

    /// The text for `diff`, ending in a newline.
    /// - Parameters:
    ///   - diff: The comparison.
    ///   - oldSource: Where the old archive was read from.
    ///   - newSource: Where the new archive was read from.
    public func render(_ diff: ArchiveDiff, oldSource: String, newSource: String) -> String {
        guard !diff.isEmpty else {
            return
                "no differences in saved state (\(ArchiveTextRenderer.count(diff.commonObjectCount, "object")), "
                + "the application state and the activity are the same)\n"
        }
        var lines: [String] = []
        lines.append(
            style.red("--- \(ArchiveText.escaped(oldSource))") + style.dim(" (\(describe(diff.oldMetadata)))")
        )
        lines.append(
            style.green("+++ \(ArchiveText.escaped(newSource))")
                + style.dim(" (\(describe(diff.newMetadata)))"))
        if !diff.applicationState.isEmpty {
            lines.append("")
            lines.append(style.bold("application state"))
            lines += diff.applicationState.map { "  " + key($0) }
        }
        if diff.activity.isChanged {
            lines.append("")
            lines.append(style.bold("activity"))
            let none = "none"
            let old = ArchiveTextRenderer.activity(diff.activity.old).map { ArchiveText.escaped($0) } ?? none
            let new = ArchiveTextRenderer.activity(diff.activity.new).map { ArchiveText.escaped($0) } ?? none
            lines.append("  " + style.red("- ") + old)
            lines.append("  " + style.green("+ ") + new)
        }
        if !(diff.added.isEmpty && diff.removed.isEmpty && diff.changed.isEmpty) {
            lines.append("")
            lines.append(style.bold("objects"))
        }
        for object in diff.added {
            lines.append(
                style.green("  + \(object.path)") + "  " + style.cyan(ArchiveText.escaped(object.typeName))
                    + keyCount(object))
        }
        for object in diff.removed {
            lines.append(
                style.red("  - \(object.path)") + "  " + style.cyan(ArchiveText.escaped(object.typeName))
                    + keyCount(object))
        }
        for object in diff.changed {
            let oldType = ArchiveText.escaped(object.typeName.old)
            let newType = ArchiveText.escaped(object.typeName.new)
            lines.append(style.yellow("  ~ \(object.path)") + "  " + style.cyan(newType))
            if object.typeName.isChanged {
                lines.append("      type: \(oldType) → \(newType)")
            }
            if object.restorationClassName.isChanged {
                let old = object.restorationClassName.old.map { ArchiveText.escaped($0) } ?? "none"
                let new = object.restorationClassName.new.map { ArchiveText.escaped($0) } ?? "none"
                lines.append("      restoration class: \(old) → \(new)")
            }
            if object.stateVersion.isChanged {
                lines.append("      state version: \(object.stateVersion.old) → \(object.stateVersion.new)")
            }
            lines += object.keys.map { "      " + key($0) }
        }
        lines.append("")
        lines.append(summary(diff))
        return lines.joined(separator: "\n") + "\n"
    }

    private func key(_ change: ArchiveDiff.KeyChange) -> String {
        let key = ArchiveText.escaped(change.key)
        return switch (change.old, change.new) {
        case (nil, let new?): style.green("+ ") + key + ": " + values.typed(new)
        case (let old?, nil): style.red("- ") + key + ": " + values.typed(old)
        case (let old?, let new?) where old.typeLabel == new.typeLabel:
            style.yellow("~ ") + key + ": " + values.typed(old) + " → " + values.format(new)
        case (let old?, let new?):
            style.yellow("~ ") + key + ": " + values.typed(old) + " → " + values.typed(new)
        case (nil, nil): key
        }
    }

    private func keyCount(_ object: ArchiveDiff.ObjectSummary) -> String {
        style.dim(" (\(ArchiveTextRenderer.count(object.keyCount, "key")))")
    }

    private func describe(_ metadata: ArchiveMetadata) -> String {
        let app = [metadata.appName, metadata.appVersion].filter { !$0.isEmpty }.joined(separator: " ")
        return (app.isEmpty ? "" : ArchiveText.escaped(app) + ", ") + "saved "
            + ValueFormatter.timestamp(metadata.timestamp)
    }

    /// `1 object added, 2 objects changed, 1 application-state key changed`.
    private func summary(_ diff: ArchiveDiff) -> String {
        let counts = [
            (diff.added.count, "object", "added"), (diff.removed.count, "object", "removed"),
            (diff.changed.count, "object", "changed"),
            (diff.applicationState.count, "application-state key", "changed"),
        ]
        let parts = counts.filter { $0.0 > 0 }.map { ArchiveTextRenderer.count($0.0, $0.1) + " " + $0.2 }
        return (parts + (diff.activity.isChanged ? ["the activity changed"] : [])).joined(separator: ", ")
    }
}
