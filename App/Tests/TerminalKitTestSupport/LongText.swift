import TerminalKit

/// Long texts for tests of what a screen shows of them, and an oracle for their tails
/// written apart from TerminalKit's own truncation. For this repository's tests only.
public enum LongText {
    /// Latin letters, spaces and Chinese characters, so wide characters are on both sides
    /// of any cut: `length` characters of `abc熊猫 def` repeated.
    public static func make(_ length: Int) -> String {
        let pattern = Array("abc熊猫 def")
        return String((0..<length).map { pattern[$0 % pattern.count] })
    }

    /// The longest end of `text` that fits in `width` columns, one character at a time.
    public static func tail(of text: String, fitting width: Int) -> String {
        var result = ""
        for character in text.reversed() {
            if TextWidth.of(result) + TextWidth.of(character) > width { break }
            result.insert(character, at: result.startIndex)
        }
        return result
    }
}
