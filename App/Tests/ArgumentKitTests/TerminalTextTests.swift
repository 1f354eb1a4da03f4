import Testing

@testable import ArgumentKit

@Suite("ArgumentKit: text a tool prints")
struct TerminalTextTests {
    @Test("controls, bidi overrides and line separators are escaped; line feeds, tabs and emoji stay")
    func printable() {
        #expect(TerminalText.printable("plain\nline\ttab") == "plain\nline\ttab")
        #expect(TerminalText.printable("a\u{1b}]0;t\u{7}b") == "a\\u{1b}]0;t\\u{7}b")
        #expect(TerminalText.printable("\u{202e}abc\u{9b}\r\u{2028}") == "\\u{202e}abc\\u{9b}\\u{d}\\u{2028}")
        // The zero-width joiner of an emoji sequence is not a threat.
        #expect(TerminalText.printable("👨‍👩‍👧") == "👨‍👩‍👧")
    }
}
