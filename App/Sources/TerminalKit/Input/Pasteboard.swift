/// Text copied or cut inside the app, for pasting elsewhere in it (UIKit's `UIPasteboard`).
/// A text view also sends what it copies to the desktop's clipboard through the terminal
/// (``SystemClipboard``, OSC 52), but a terminal app cannot read that clipboard back: paste
/// in the app takes this pasteboard, and the terminal's own paste brings the desktop's.
///
/// ``TextView`` copies and cuts into its ``TextView/pasteboard`` and pastes from it;
/// ``general`` is the one every text view shares unless given another (a test gives each
/// text view its own). Text pasted from the terminal itself (bracketed paste) does not go
/// through a pasteboard: it arrives as ``Key/Code/paste(_:)``.
@MainActor
public final class Pasteboard {
    /// The pasteboard text views use unless told otherwise.
    public static let general = Pasteboard()

    /// The text last copied or cut, or nil if nothing was.
    public var string: String?

    /// Creates an empty pasteboard.
    public init() {}

    /// True if there is text to paste.
    public var hasStrings: Bool { !(string ?? "").isEmpty }
}
