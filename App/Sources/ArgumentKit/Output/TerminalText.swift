/// What a command-line tool may print as it is, and how it prints what it may not.
///
/// Text a user or a file supplied (an option's value, a path, a name read from a file) can
/// hold an ESC or another control, which would drive the terminal the message is printed
/// on: set its title, clear the screen, write the clipboard with OSC 52. A bidirectional
/// override would make a line read as something else. Such characters are printed as a
/// visible escape in Swift's string-literal style (`\u{1b}`).
package enum TerminalText {
    /// True for what must not reach a terminal raw: controls (C0, DEL, C1), format
    /// characters such as the bidirectional controls (but not the zero-width joiner, which
    /// joins emoji), and the line and paragraph separators.
    package static func isUnsafe(_ scalar: Unicode.Scalar) -> Bool {
        switch scalar.properties.generalCategory {
        case .control, .lineSeparator, .paragraphSeparator: true
        case .format: scalar.value != 0x200D
        default: false
        }
    }

    /// `message` with every unsafe character but the line feed and the tab written as
    /// `\u{…}`: for a whole message a tool prints, whose own line breaks stay.
    package static func printable(_ message: String) -> String {
        guard message.unicodeScalars.contains(where: { $0 != "\n" && $0 != "\t" && isUnsafe($0) }) else {
            return message
        }
        var result = ""
        for scalar in message.unicodeScalars {
            if scalar != "\n" && scalar != "\t" && isUnsafe(scalar) {
                result += escape(scalar)
            } else {
                result.unicodeScalars.append(scalar)
            }
        }
        return result
    }

    /// `value` for quoting inside a message: every unsafe character written as `\u{…}`,
    /// the line feed and the tab too (as `\n` and `\t`), so that a value a user or a file
    /// supplied stays on its line and cannot pass for a line of the tool's own.
    package static func quoted(_ value: String) -> String {
        guard value.unicodeScalars.contains(where: isUnsafe) else { return value }
        var result = ""
        for scalar in value.unicodeScalars {
            switch scalar {
            case "\n": result += "\\n"
            case "\t": result += "\\t"
            case _ where isUnsafe(scalar): result += escape(scalar)
            default: result.unicodeScalars.append(scalar)
            }
        }
        return result
    }

    /// `scalar` as Swift's string literals write it: `\u{1b}`.
    package static func escape(_ scalar: Unicode.Scalar) -> String {
        "\\u{\(String(scalar.value, radix: 16))}"
    }
}
