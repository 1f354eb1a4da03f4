/// ANSI colours for text output, or none.
///
/// Whether to colour is decided once, by ``ColorChoice/resolve(environment:isTerminal:)``;
/// renderers only ask the style to wrap their pieces.
package struct TextStyle: Hashable, Sendable {
    /// False: every method returns its text unchanged.
    package var isEnabled: Bool

    package init(isEnabled: Bool) {
        self.isEnabled = isEnabled
    }

    /// No colour.
    package static let plain = TextStyle(isEnabled: false)
    /// ANSI colour.
    package static let ansi = TextStyle(isEnabled: true)

    package func bold(_ text: String) -> String { wrap(text, "1") }
    package func dim(_ text: String) -> String { wrap(text, "2") }
    package func red(_ text: String) -> String { wrap(text, "31") }
    package func green(_ text: String) -> String { wrap(text, "32") }
    package func yellow(_ text: String) -> String { wrap(text, "33") }
    package func blue(_ text: String) -> String { wrap(text, "34") }
    package func magenta(_ text: String) -> String { wrap(text, "35") }
    package func cyan(_ text: String) -> String { wrap(text, "36") }
    package func boldBlue(_ text: String) -> String { wrap(text, "1;34") }

    private func wrap(_ text: String, _ code: String) -> String {
        guard isEnabled, !text.isEmpty else { return text }
        return "\u{1B}[\(code)m\(text)\u{1B}[0m"
    }
}

/// The `--color` option: `auto`, `always` or `never`.
package enum ColorChoice: String, CaseIterable, Sendable {
    case auto
    case always
    case never

    /// Whether to colour. `NO_COLOR` (set and not empty, see no-color.org) turns colour off
    /// whatever the option says, as the spec asks; `auto` colours only a terminal that is
    /// not `TERM=dumb`.
    package func resolve(environment: [String: String], isTerminal: Bool) -> Bool {
        if let noColor = environment["NO_COLOR"], !noColor.isEmpty { return false }
        switch self {
        case .never: return false
        case .always: return true
        case .auto: return isTerminal && environment["TERM"] != "dumb"
        }
    }
}
