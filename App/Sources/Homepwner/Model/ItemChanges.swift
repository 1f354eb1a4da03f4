/// The fields of an item the user changed, to write and nothing else (rule H12): a field
/// left nil keeps what the store has, even if someone else changed it meanwhile.
public struct ItemChanges: Hashable, Sendable {
    /// The new name, or nil to leave it.
    public var name: String?
    /// The new serial number, or nil to leave it.
    public var serialNumber: String?
    /// The new value in whole dollars, or nil to leave it.
    public var valueInDollars: Int?

    /// Creates a set of changes; nil fields are not written.
    public init(name: String? = nil, serialNumber: String? = nil, valueInDollars: Int? = nil) {
        self.name = name
        self.serialNumber = serialNumber
        self.valueInDollars = valueInDollars
    }

    /// True when nothing changed.
    public var isEmpty: Bool { name == nil && serialNumber == nil && valueInDollars == nil }

    /// These changes with `later` on top (the later value of a field wins).
    public func merging(_ later: ItemChanges) -> ItemChanges {
        ItemChanges(
            name: later.name ?? name, serialNumber: later.serialNumber ?? serialNumber,
            valueInDollars: later.valueInDollars ?? valueInDollars)
    }

    /// `item` with these changes applied.
    public func applied(to item: Item) -> Item {
        var result = item
        if let name { result.name = name }
        if let serialNumber { result.serialNumber = serialNumber }
        if let valueInDollars { result.valueInDollars = valueInDollars }
        return result
    }
}
