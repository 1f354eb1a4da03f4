/// One cell of a ``Screen``.
///
/// A wide character occupies two cells: the first holds the character with
/// ``width`` 2, the second is a continuation with ``width`` 0 and a space.
public struct Cell: Hashable, Sendable {
    /// The character shown (a space for an empty cell or a continuation).
    public var character: Character
    /// 1 for a normal cell, 2 for the first cell of a wide character, 0 for its second.
    public var width: Int8
    /// How it is drawn.
    public var style: Style

    /// Creates a cell.
    public init(_ character: Character = " ", width: Int8 = 1, style: Style = .plain) {
        self.character = character
        self.width = width
        self.style = style
    }

    /// An empty cell.
    public static let blank = Cell()

    /// True for the second half of a wide character.
    public var isContinuation: Bool { width == 0 }
}
