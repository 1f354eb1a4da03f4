/// Text copied or cut inside the app, for pasting elsewhere in it (UIKit's `UIPasteboard`,
/// without the system: a terminal app cannot reach the desktop's clipboard portably, so
/// what is copied here stays in this process).
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
