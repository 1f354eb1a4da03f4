import StateRestoration

/// A one-line text field with a cursor: what the user is typing, kept across launches.
@MainActor
public final class TextField: View {
    /// The text, as typed so far.
    public var text = "" {
        didSet { cursor = min(cursor, text.count) }
    }
    /// Where the next character goes, in characters from the start (0...`text.count`).
    public private(set) var cursor = 0

    /// Types `characters` at the cursor, as a keyboard would.
    public func type(_ characters: String) {
        let index = text.index(text.startIndex, offsetBy: cursor)
        text.insert(contentsOf: characters, at: index)
        cursor += characters.count
    }

    /// Moves the cursor, kept within the text.
    public func moveCursor(to position: Int) {
        cursor = max(0, min(position, text.count))
    }

    // snippet: text-field
    public override func encodeRestorableState(with coder: StateEncoder) throws {
        try coder.encode(text, forKey: "text")
        try coder.encode(cursor, forKey: "cursor")
    }

    public override func decodeRestorableState(with coder: StateDecoder) throws {
        text = try coder.decode(String.self, forKey: "text")
        moveCursor(to: try coder.decode(Int.self, forKey: "cursor"))
    }
    // end-snippet
}
