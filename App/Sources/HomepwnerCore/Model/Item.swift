import Foundation

/// One thing the user owns: the row of the items list and the subject of the detail screen.
///
/// Items are values. Change a copy, then hand it to ``ItemStore/update(_:)``; the store is
/// the only place an item's change becomes permanent.
public struct Item: Hashable, Sendable, Identifiable {
    /// The item's identity for its whole life: the database key, the photo's file name, and
    /// what restoration records (never the row number).
    public let key: UUID
    /// Free text; may be empty, may be any Unicode.
    public var name: String
    /// Free text, in the book's style `"0A1B2"`.
    public var serialNumber: String
    /// Whole dollars, never negative (``ItemStore`` refuses a negative value).
    public var valueInDollars: Int
    /// Free text of any number of lines (`\n` between them); may be empty.
    public var notes: String
    /// When the item was created, to the millisecond (what the database keeps).
    public let dateCreated: Date
    /// Whether the image store holds a photo for ``key``. Set by ``ItemStore``; changing it
    /// on a copy has no effect on the store (a screen clears it on its copy once it removed
    /// the photo through ``ItemStore/removePhoto(from:)``).
    public var hasPhoto: Bool

    /// `key`, for `Identifiable`.
    public var id: UUID { key }

    /// An item that is not stored yet. `dateCreated` is rounded to the millisecond so the
    /// value equals what a later read of the database returns.
    public init(
        key: UUID = UUID(),
        name: String = "",
        serialNumber: String = "",
        valueInDollars: Int = 0,
        notes: String = "",
        dateCreated: Date = Date()
    ) {
        self.init(
            key: key, name: name, serialNumber: serialNumber, valueInDollars: valueInDollars, notes: notes,
            millisecondsSince1970: dateCreated.millisecondsSince1970, hasPhoto: false)
    }

    /// An item as the database holds it.
    init(
        key: UUID, name: String, serialNumber: String, valueInDollars: Int, notes: String,
        millisecondsSince1970: Int64, hasPhoto: Bool
    ) {
        self.key = key
        self.name = name
        self.serialNumber = serialNumber
        self.valueInDollars = valueInDollars
        self.notes = notes
        self.dateCreated = Date(millisecondsSince1970: millisecondsSince1970)
        self.hasPhoto = hasPhoto
    }
}

extension Date {
    /// The database's representation of a date (`date_created`).
    var millisecondsSince1970: Int64 {
        let milliseconds = (timeIntervalSince1970 * 1000).rounded()
        guard milliseconds.isFinite else { return 0 }
        return Int64(max(min(milliseconds, 9.0e15), -9.0e15))
    }

    init(millisecondsSince1970: Int64) {
        self.init(timeIntervalSince1970: Double(millisecondsSince1970) / 1000)
    }
}
