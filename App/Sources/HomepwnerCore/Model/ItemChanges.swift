/// The fields of an item the user changed, to write and nothing else (rule H12): a field
/// left nil keeps what the store has, even if someone else changed it meanwhile.
public struct ItemChanges: Hashable, Sendable, Codable {
    /// The new name, or nil to leave it.
    public var name: String?
    /// The new serial number, or nil to leave it.
    public var serialNumber: String?
    /// The new value in whole dollars, or nil to leave it.
    public var valueInDollars: Int?
    /// The new notes, or nil to leave them.
    public var notes: String?

    /// Creates a set of changes; nil fields are not written.
    public init(
        name: String? = nil, serialNumber: String? = nil, valueInDollars: Int? = nil, notes: String? = nil
    ) {
        self.name = name
        self.serialNumber = serialNumber
        self.valueInDollars = valueInDollars
        self.notes = notes
    }

    /// True when nothing changed.
    public var isEmpty: Bool { name == nil && serialNumber == nil && valueInDollars == nil && notes == nil }

    /// These changes with `later` on top (the later value of a field wins).
    public func merging(_ later: ItemChanges) -> ItemChanges {
        ItemChanges(
            name: later.name ?? name, serialNumber: later.serialNumber ?? serialNumber,
            valueInDollars: later.valueInDollars ?? valueInDollars, notes: later.notes ?? notes)
    }

    /// These changes, only in the fields `other` holds.
    public func keeping(_ other: ItemChanges) -> ItemChanges { fields(where: other, holds: true) }

    /// These changes without the fields `other` holds.
    public func removing(_ other: ItemChanges) -> ItemChanges { fields(where: other, holds: false) }

    /// These changes in the fields that `other` holds (`holds`) or lacks (not `holds`).
    private func fields(where other: ItemChanges, holds: Bool) -> ItemChanges {
        func pick<Value>(_ mine: Value?, _ theirs: Value?) -> Value? { (theirs != nil) == holds ? mine : nil }
        return ItemChanges(
            name: pick(name, other.name), serialNumber: pick(serialNumber, other.serialNumber),
            valueInDollars: pick(valueInDollars, other.valueInDollars), notes: pick(notes, other.notes))
    }

    /// `item` with these changes applied.
    public func applied(to item: Item) -> Item {
        var result = item
        if let name { result.name = name }
        if let serialNumber { result.serialNumber = serialNumber }
        if let valueInDollars { result.valueInDollars = valueInDollars }
        if let notes { result.notes = notes }
        return result
    }
}
