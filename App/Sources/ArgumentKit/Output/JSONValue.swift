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

    /// The deepest level whose containers are spread over lines; deeper ones are written on
    /// one line whatever their width, so that indentation never passes `2 × 16` spaces and
    /// the text stays proportional to the document however deep it nests.
    package static let maxIndentLevel = 16

    /// The JSON text: pretty-printed with `indent` spaces a level, or compact when nil.
    ///
    /// Pretty-printing puts an array or object on one line (`{"type": "int", "value": 3}`)
    /// when it fits in ``lineWidth`` characters (Unicode scalars), or when it is nested
    /// deeper than ``maxIndentLevel``, and one member a line otherwise: the same value always
    /// gives the same text. A non-finite double (not valid JSON) is written as null; callers
    /// encode those as strings first.
    ///
    /// The time and the size of the text are linear in the document: whether a container
    /// fits is measured only up to the width left on its line, never by writing it out.
    package func text(indent: Int? = 2) -> String {
        var output = ""
        write(into: &output, level: 0, indent: indent, column: 0)
        return output
    }

    /// One line, with a space after each `,` and `:`.
    package var inline: String {
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
            var width = 0
            if level >= Self.maxIndentLevel || measure(&width, limit: Self.lineWidth - column) {
                write(into: &output, level: 0, indent: nil, column: 0, spaced: true)
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
                    into: &output, level: level + 1, indent: indent,
                    column: inner.count + prefix.unicodeScalars.count)
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

    /// Adds the width of the one-line text (``inline``), in Unicode scalars, to `width`,
    /// stopping as soon as it passes `limit`.
    /// - Returns: True when the text fits: `width <= limit`.
    private func measure(_ width: inout Int, limit: Int) -> Bool {
        switch self {
        case .null: width += 4
        case .bool(let flag): width += flag ? 4 : 5
        case .int(let number): width += String(number).utf8.count
        case .uint(let number): width += String(number).utf8.count
        case .double(let number): width += number.isFinite ? String(number).utf8.count : 4
        case .string(let text): return Self.measureString(text, &width, limit: limit)
        case .array(let values):
            width += 2
            for (position, value) in values.enumerated() {
                if position > 0 { width += 2 }
                guard width <= limit, value.measure(&width, limit: limit) else { return false }
            }
        case .object(let members):
            width += 2
            for (position, (key, value)) in members.enumerated() {
                if position > 0 { width += 2 }
                guard Self.measureString(key, &width, limit: limit) else { return false }
                width += 2
                guard width <= limit, value.measure(&width, limit: limit) else { return false }
            }
        }
        return width <= limit
    }

    /// Adds the width of `text` as ``writeString(_:into:)`` writes it, stopping past `limit`.
    private static func measureString(_ text: String, _ width: inout Int, limit: Int) -> Bool {
        width += 2
        for scalar in text.unicodeScalars {
            switch scalar {
            case "\"", "\\", "\n", "\r", "\t": width += 2
            case _ where TerminalText.isUnsafe(scalar): width += scalar.value > 0xFFFF ? 12 : 6
            default: width += 1
            }
            if width > limit { return false }
        }
        return width <= limit
    }

    /// A JSON string: quotes, backslashes and control characters escaped, as JSON requires;
    /// and, as `\uXXXX`, every other character ``TerminalText/isUnsafe(_:)`` keeps off a
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
            case _ where TerminalText.isUnsafe(scalar):
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
