import Testing

@testable import ArgumentKit

/// A value a user or a file supplied, quoted in a message, stays on its line: rule H10's
/// messages, against a line feed planted in an option's value.
@Suite("H10: values quoted in messages")
struct QuotedValueTests {
    @Test("H10: a quoted value escapes the line feed, the tab and every control; plain text is unchanged")
    func quoted() {
        #expect(TerminalText.quoted("plain 名前 🙂") == "plain 名前 🙂")
        #expect(TerminalText.quoted("a\nb\tc\u{1B}[2J") == "a\\nb\\tc\\u{1b}[2J")
        #expect(TerminalText.quoted("\u{202E}evil") == "\\u{202e}evil")
    }

    @Test("H10: a usage error naming a value with a line feed is one line")
    func usageErrorIsOneLine() {
        let error = UsageError(
            .invalidValue(
                option: "--session <id>", value: "a\nhomepwner: session restored", reason: "expected a name",
                suggestion: nil),
            commandPath: ["homepwner"])
        #expect(!error.message.contains("\n"))
        #expect(error.message.contains("a\\nhomepwner: session restored"))
    }
}
