import Foundation

/// The desktop's clipboard, reached through the terminal: OSC 52, which xterm, kitty,
/// WezTerm, iTerm2, Windows Terminal, foot and tmux (with `set-clipboard on`) take, and
/// which travels over ssh. A terminal that does not take it ignores the sequence.
///
/// What is copied stays in the app's ``Pasteboard`` as well, so paste works in the app on
/// any terminal (a terminal never answers what its clipboard holds without asking the user).
public enum SystemClipboard {
    /// The most text, in UTF-8 bytes, sent to the terminal at once: its base64 is at most
    /// 100,000 bytes, what xterm and tmux accept by default. Longer text stays in the app's
    /// pasteboard only.
    public static let maximumBytes = 74_997

    /// `ESC ] 52 ; c ; <base64 of the UTF-8 text> BEL`, or nil for text longer than
    /// ``maximumBytes``.
    public static func sequence(copying text: String) -> String? {
        let bytes = Data(text.utf8)
        guard bytes.count <= maximumBytes else { return nil }
        return "\u{1B}]52;c;" + bytes.base64EncodedString() + "\u{07}"
    }
}
