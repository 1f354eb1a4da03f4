/// A JSON document, written with a fixed key order so that output is stable and diffable.
package indirect enum JSONValue: Hashable, Sendable {
    case null
    case bool(Bool)
    case int(Int64)
    case uint(UInt64)
    case double(Double)
    case string(String)
    case array([JSONValue])
    /// Members in the order written.
    case object([(String, JSONValue)])

    package static func == (lhs: JSONValue, rhs: JSONValue) -> Bool {
        lhs.inline == rhs.inline
    }

    package func hash(into hasher: inout Hasher) {
        hasher.combine(inline)
    }

    /// The longest line a container is put on whole when pretty-printing.
    static let lineWidth = 100

    /// The JSON text: pretty-printed with `indent` spaces a level, or compact when nil.
    ///
    /// Pretty-printing puts an array or object on one line (`{"type": "int", "value": 3}`)
    /// when it fits in ``lineWidth`` columns, and one member a line otherwise: the same
    /// value always gives the same text. A non-finite double (not valid JSON) is written as
    /// null; callers encode those as strings first.
    package func text(indent: Int? = 2) -> String {
        var output = ""
        write(into: &output, level: 0, indent: indent, column: 0)
        return output
    }

    /// One line, with a space after each `,` and `:`.
    private var inline: String {
        var output = ""
        write(into: &output, level: 0, indent: nil, column: 0, spaced: true)
        return output
    }

    private func write(into output: inout String, level: Int, indent: Int?, column: Int, spaced: Bool = false)
    {
        switch self {
        case .null: output += "null"
        case .bool(let flag): output += flag ? "true" : "false"
        case .int(let number): output += String(number)
        case .uint(let number): output += String(number)
        case .double(let number): output += number.isFinite ? String(number) : "null"
        case .string(let text): Self.writeString(text, into: &output)
        case .array(let values):
            writeContainer(
                values.map { (nil, $0) }, open: "[", close: "]", into: &output, level: level, indent: indent,
                column: column, spaced: spaced)
        case .object(let members):
            writeContainer(
                members.map { ($0, $1) }, open: "{", close: "}", into: &output, level: level, indent: indent,
                column: column, spaced: spaced)
        }
    }

    private func writeContainer(
        _ items: [(String?, JSONValue)], open: String, close: String, into output: inout String, level: Int,
        indent: Int?, column: Int, spaced: Bool
    ) {
        if let indent, !items.isEmpty {
            let line = inline
            if column + line.count <= Self.lineWidth {
                output += line
                return
            }
            let inner = String(repeating: " ", count: indent * (level + 1))
            output += open
            for (position, (key, value)) in items.enumerated() {
                output += (position == 0 ? "\n" : ",\n") + inner
                var prefix = ""
                if let key {
                    Self.writeString(key, into: &prefix)
                    prefix += ": "
                }
                output += prefix
                value.write(
                    into: &output, level: level + 1, indent: indent, column: inner.count + prefix.count)
            }
            output += "\n" + String(repeating: " ", count: indent * level) + close
            return
        }
        output += open
        for (position, (key, value)) in items.enumerated() {
            if position > 0 { output += spaced ? ", " : "," }
            if let key {
                Self.writeString(key, into: &output)
                output += spaced ? ": " : ":"
            }
            value.write(into: &output, level: 0, indent: nil, column: 0, spaced: spaced)
        }
        output += close
    }

    /// A JSON string: quotes, backslashes and control characters escaped, as JSON requires;
    /// and, as `\uXXXX`, every other character ``ArchiveText/isUnsafe(_:)`` keeps off a
    /// terminal (DEL, C1 controls, bidi and other format characters, U+2028 and U+2029, the
    /// latter two also making the text valid JavaScript), so that the JSON printed on a
    /// terminal, or shown by a tool that does not unescape it, cannot act on it either.
    private static func writeString(_ text: String, into output: inout String) {
        output += "\""
        for scalar in text.unicodeScalars {
            switch scalar {
            case "\"": output += "\\\""
            case "\\": output += "\\\\"
            case "\n": output += "\\n"
            case "\r": output += "\\r"
            case "\t": output += "\\t"
            case _ where ArchiveText.isUnsafe(scalar):
                for unit in String(scalar).utf16 {
                    let hex = String(unit, radix: 16)
                    output += "\\u" + String(repeating: "0", count: 4 - hex.count) + hex
                }
            default: output.unicodeScalars.append(scalar)
            }
        }
        output += "\""
    }
}
