import ArgumentKit
import StateRestoration

/// The one rule for putting text that comes from an archive (identifiers, type and class
/// names, keys, string values, metadata) or from the command line into the text output of
/// `show`, `verify` and `diff`, and into error messages.
///
/// An archive is input: a crafted one can hold any UTF-8, and a raw ESC or C1 control
/// would drive the terminal (set its title, clear the screen, write the clipboard with
/// OSC 52), a bidirectional override would make a line read as something else. So every
/// such character is written as a visible escape in Swift's string-literal style:
///
/// | character | written as |
/// |---|---|
/// | `\` | `\\` |
/// | line feed, carriage return, tab | `\n`, `\r`, `\t` |
/// | other C0 controls, DEL, C1 controls (U+0080–U+009F) | `\u{1b}`, `\u{7f}`, `\u{9b}` |
/// | format characters (bidi embeddings, overrides and isolates, U+200B–U+200F, U+FEFF, tags) except the zero-width joiner of emoji | `\u{202e}` |
/// | line and paragraph separators U+2028, U+2029 | `\u{2028}`, `\u{2029}` |
///
/// Because `\` itself is escaped, the escaped text maps back to exactly one original.
package enum ArchiveText {
    /// `text` safe for a terminal: see the table above. `special` characters are escaped
    /// with a backslash as well (`"` inside a quoted string, `/` and `#` inside a path
    /// component).
    package static func escaped(_ text: String, also special: Set<Unicode.Scalar> = []) -> String {
        guard
            text.unicodeScalars.contains(where: {
                $0 == "\\" || special.contains($0) || TerminalText.isUnsafe($0)
            })
        else { return text }
        var result = ""
        result.unicodeScalars.reserveCapacity(text.unicodeScalars.count + 8)
        for scalar in text.unicodeScalars {
            append(scalar, to: &result, special: special)
        }
        return result
    }

    /// Appends `scalar` to `result`, escaped when it is `\`, in `special`, or unsafe.
    /// - Parameter keepsBackslash: True to write `\` as it is: for Codable JSON, whose
    ///   backslashes are JSON's own escapes.
    package static func append(
        _ scalar: Unicode.Scalar, to result: inout String, special: Set<Unicode.Scalar>,
        keepsBackslash: Bool = false
    ) {
        switch scalar {
        case "\\" where keepsBackslash: result += "\\"
        case "\\": result += "\\\\"
        case "\n": result += "\\n"
        case "\r": result += "\\r"
        case "\t": result += "\\t"
        case _ where special.contains(scalar):
            result += "\\"
            result.unicodeScalars.append(scalar)
        case _ where TerminalText.isUnsafe(scalar):
            result += TerminalText.escape(scalar)
        default:
            result.unicodeScalars.append(scalar)
        }
    }

    /// The characters escaped inside a path component besides the unsafe ones.
    private static let pathSpecials: Set<Unicode.Scalar> = ["/", "#"]

    /// A restoration path as text output shows it: components joined by `/`, a repeated
    /// identifier with its position (`Detail#2`), and inside an identifier `/`, `#` and `\`
    /// escaped (`\/`, `\#`, `\\`), so that two different paths never read the same.
    /// - Parameter terminal: True to escape unsafe characters too (text output); false for
    ///   JSON, whose string escapes cover them.
    package static func path(_ components: [RestorationPath.Component], terminal: Bool = true) -> String {
        var result = ""
        for (position, component) in components.enumerated() {
            if position > 0 { result += "/" }
            result += self.component(component, terminal: terminal)
        }
        return result
    }

    /// One component of ``path(_:terminal:)``.
    package static func component(_ component: RestorationPath.Component, terminal: Bool = true) -> String {
        Self.component(
            identifier: component.identifier, occurrence: UInt64(clamping: component.occurrence),
            terminal: terminal)
    }

    /// One component of ``path(_:terminal:)`` from its parts.
    package static func component(identifier: String, occurrence: UInt64, terminal: Bool = true) -> String {
        var result = ""
        for scalar in identifier.unicodeScalars {
            if terminal {
                append(scalar, to: &result, special: pathSpecials)
            } else if scalar == "\\" || pathSpecials.contains(scalar) {
                result += "\\"
                result.unicodeScalars.append(scalar)
            } else {
                result.unicodeScalars.append(scalar)
            }
        }
        guard occurrence > 0 else { return result }
        // The largest occurrence a crafted file can hold has no successor in 64 bits.
        return result + "#" + (occurrence == .max ? "18446744073709551616" : String(occurrence + 1))
    }
}
