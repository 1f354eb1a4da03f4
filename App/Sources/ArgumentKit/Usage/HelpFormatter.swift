/// Generates usage lines and help text from a ``CommandSpec``, so help never drifts from
/// what the parser accepts.
enum HelpFormatter {
    /// The width help text is wrapped to: what fits any terminal.
    static let width = 80
    /// Where descriptions start, unless a label is longer.
    private static let descriptionColumn = 26

    /// The full help text of `command`, reached by `path` (root first).
    static func help(for command: CommandSpec, path: [String]) -> String {
        var sections: [String] = []
        sections.append(wrap("OVERVIEW: \(command.abstract)", indent: 0))
        sections.append(usage(for: command, path: path).joined(separator: "\n"))
        let arguments = command.positionals.map { ("<\($0.name)>", $0.help) }
        if !arguments.isEmpty {
            sections.append("ARGUMENTS:\n" + table(arguments))
        }
        var options = command.options.map { option in (label(option), describe(option)) }
        options.append(("-h, --help", "Shows this help."))
        if path.count == 1, command.version != nil {
            options.append(("--version", "Shows the version."))
        }
        sections.append("OPTIONS:\n" + table(options))
        if !command.subcommands.isEmpty {
            sections.append("SUBCOMMANDS:\n" + table(command.subcommands.map { ($0.name, $0.abstract) }))
        }
        if !command.discussion.isEmpty {
            sections.append(command.discussion)
        }
        if !command.subcommands.isEmpty {
            let name = path.joined(separator: " ")
            sections.append("See '\(name) help <subcommand>' for the help of a subcommand.")
        }
        return sections.joined(separator: "\n\n") + "\n"
    }

    /// The usage lines, `USAGE: ` first, continuation lines aligned under it. A line too
    /// long for ``width`` breaks between bracketed groups and continues under its first one.
    static func usage(for command: CommandSpec, path: [String]) -> [String] {
        let name = path.joined(separator: " ")
        let synopses = command.usageOverride.isEmpty ? [synopsis(of: command)] : command.usageOverride
        var lines: [String] = []
        for (index, synopsis) in synopses.enumerated() {
            let head = (index == 0 ? "USAGE: " : "       ") + name
            let margin = String(repeating: " ", count: head.count + 1)
            var line = head
            for group in groups(synopsis) {
                if line.count > head.count, line.count + 1 + group.count > width {
                    lines.append(line)
                    line = margin + group
                } else {
                    line += " " + group
                }
            }
            lines.append(line)
        }
        return lines
    }

    /// `[--data-dir <dir>] <file>` split at the spaces outside brackets.
    private static func groups(_ synopsis: String) -> [String] {
        var groups: [String] = []
        var current = ""
        var depth = 0
        for character in synopsis {
            switch character {
            case "[", "(", "<": depth += 1
            case "]", ")", ">": depth -= 1
            default: break
            }
            if character == " ", depth <= 0 {
                if !current.isEmpty { groups.append(current) }
                current = ""
            } else {
                current.append(character)
            }
        }
        if !current.isEmpty { groups.append(current) }
        return groups
    }

    /// `[--json] [--color <when>] <file>`: each option when there are few, `[<options>]`
    /// when there are many, then the positionals or `<subcommand>`.
    private static func synopsis(of command: CommandSpec) -> String {
        var parts: [String] = []
        if command.options.count <= 4 {
            parts += command.options.map { "[\($0.synopsis)]" }
        } else {
            parts.append("[<options>]")
        }
        if command.subcommands.isEmpty {
            parts += command.positionals.map(\.synopsis)
        } else {
            parts.append("<subcommand>")
        }
        return parts.joined(separator: " ")
    }

    private static func label(_ option: OptionSpec) -> String {
        let long = option.synopsis
        guard let short = option.shortName else { return long }
        return "-\(short), \(long)"
    }

    private static func describe(_ option: OptionSpec) -> String {
        var notes: [String] = []
        if !option.allowedValues.isEmpty {
            notes.append("one of: \(option.allowedValues.joined(separator: ", "))")
        }
        if let value = option.defaultValue {
            notes.append("default: \(value)")
        }
        guard !notes.isEmpty else { return option.help }
        return option.help + " (" + notes.joined(separator: "; ") + ")"
    }

    /// Two columns: labels indented by two, descriptions wrapped in the second column; a
    /// label too long for the first column puts its description on the next line.
    private static func table(_ rows: [(String, String)]) -> String {
        var lines: [String] = []
        for (label, text) in rows {
            let head = "  " + label
            let body = wrap(text, indent: descriptionColumn)
            if head.count + 2 <= descriptionColumn {
                let padding = String(repeating: " ", count: descriptionColumn - head.count)
                lines.append(head + padding + body.dropFirst(descriptionColumn))
            } else {
                lines.append(head)
                lines.append(body)
            }
        }
        return lines.joined(separator: "\n")
    }

    /// `text` wrapped to ``width``, every line indented by `indent` spaces except that the
    /// first line's indent is included (callers drop it to put a label there).
    static func wrap(_ text: String, indent: Int) -> String {
        let margin = String(repeating: " ", count: indent)
        var lines: [String] = []
        var line = ""
        for word in text.split(separator: " ", omittingEmptySubsequences: true) {
            if !line.isEmpty, indent + line.count + 1 + word.count > width {
                lines.append(margin + line)
                line = ""
            }
            line += (line.isEmpty ? "" : " ") + word
        }
        lines.append(margin + line)
        return lines.joined(separator: "\n")
    }
}
