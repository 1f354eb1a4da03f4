import Foundation

/// One thing the user owns: the chapter's `BNRItem`, reduced to a key and a name.
@MainActor
public final class Item {
    /// The item's stable identity, kept across launches.
    public let itemKey: UUID
    /// The name as stored.
    public var name: String

    /// Creates an item.
    public init(itemKey: UUID = UUID(), name: String) {
        self.itemKey = itemKey
        self.name = name
    }
}
