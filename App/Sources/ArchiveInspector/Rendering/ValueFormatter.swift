import Foundation

/// Formats values for text output: short, typed, and escaped so that a value can never
/// break the layout or send control codes to the terminal.
package struct ValueFormatter: Sendable {
    /// How many bytes of a Data value are shown in hex.
    package static let hexPreviewBytes = 16
    /// How many characters of a string (or Codable JSON) are shown.
    package static let maxStringCharacters = 200
    /// How many elements of an array or dictionary are shown.
    package static let maxElements = 32

    package var style: TextStyle

    package init(style: TextStyle = .plain) {
        self.style = style
    }

    /// `Int = 3`, `String = "hello"`, `[Reference] = [→ Nav/List]`.
    package func typed(_ value: InspectedValue) -> String {
        style.dim(value.typeLabel + " =") + " " + format(value)
    }

    /// The value alone.
    package func format(_ value: InspectedValue) -> String {
        switch value {
        case .leaf(.bool(let flag)): style.yellow(flag ? "true" : "false")
        case .leaf(.int(let number)): style.yellow(String(number))
        case .leaf(.uint(let number)): style.yellow(String(number))
        case .leaf(.double(let number)): style.yellow(String(number))
        case .leaf(.string(let text)): style.green(quoted(text))
        case .leaf(.data(let blob)): hexPreview(blob)
        case .leaf(.date(let date)): style.yellow(Self.timestamp(date))
        // Lower case, as RFC 9562 writes UUIDs and as Homepwner writes item keys in strings
        // (a table view's selection), so that the same key reads the same in both.
        case .leaf(.uuid(let id)): style.yellow(id.uuidString.lowercased())
        case .leaf(.codable(let json)):
            if let text = String(validating: json, as: UTF8.self) {
                style.green(escaped(text, quotes: false))
            } else {
                hexPreview(json)
            }
        case .reference(let path, let index): reference(path: path, index: index)
        case .array(let values):
            list(values.map(format), open: "[", close: "]", empty: "[]")
        case .dictionary(let values):
            list(
                values.sorted { $0.key < $1.key }.map {
                    style.green(quoted($0.key)) + ": " + format($0.value)
                },
                open: "[", close: "]", empty: "[:]")
        case .leaf(.array), .leaf(.dictionary), .leaf(.reference): ""  // never: InspectedValue.leaf
        }
    }

    /// A reference: `→ Nav/Detail`, or `nil`.
    package func reference(path: String?, index: Int?) -> String {
        if let path { return style.magenta("→ " + path) }
        if let index { return style.red("→ record \(index) (not in the archive)") }
        return style.magenta("nil")
    }

    /// `12 bytes: 89 50 4e 47 …`: the size and the first bytes in hex.
    package func hexPreview(_ blob: Data) -> String {
        let count = "\(blob.count) byte" + (blob.count == 1 ? "" : "s")
        guard !blob.isEmpty else { return style.yellow(count) }
        var hex = blob.prefix(Self.hexPreviewBytes).map { byte in
            let digits = String(byte, radix: 16)
            return digits.count == 1 ? "0" + digits : digits
        }.joined(separator: " ")
        if blob.count > Self.hexPreviewBytes { hex += " …" }
        return style.yellow(count) + ": " + style.dim(hex)
    }

    /// A string in double quotes with escapes, cut to ``maxStringCharacters``.
    package func quoted(_ text: String) -> String {
        "\"" + escaped(text, quotes: true) + "\""
    }

    /// Escapes by ``ArchiveText``'s rule (and quotes when `quotes`; backslashes stay as they
    /// are in Codable JSON, where they are JSON's escapes), and cuts a long text, saying how
    /// long it was.
    private func escaped(_ text: String, quotes: Bool) -> String {
        var result = ""
        var count = 0
        for character in text {
            if count == Self.maxStringCharacters {
                return result + "… (\(text.count) characters)"
            }
            count += 1
            for scalar in character.unicodeScalars {
                ArchiveText.append(
                    scalar, to: &result, special: quotes ? ["\""] : [], keepsBackslash: !quotes)
            }
        }
        return result
    }

    private func list(_ items: [String], open: String, close: String, empty: String) -> String {
        guard !items.isEmpty else { return empty }
        var shown = Array(items.prefix(Self.maxElements))
        if items.count > Self.maxElements { shown.append("… \(items.count - Self.maxElements) more") }
        return open + shown.joined(separator: ", ") + close
    }

    /// `2023-11-14T22:13:20Z`, with milliseconds when there are any: UTC, ISO 8601.
    package static func timestamp(_ date: Date) -> String {
        let fractional = date.timeIntervalSince1970 - date.timeIntervalSince1970.rounded(.down)
        let style = Date.ISO8601FormatStyle(includingFractionalSeconds: fractional != 0, timeZone: .gmt)
        return date.formatted(style)
    }
}
