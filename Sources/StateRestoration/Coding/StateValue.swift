import Foundation

/// One typed value as stored in an archive.
///
/// The engine's coders turn Swift values into these and back; the archive inspector
/// shows them. A reference stores the referenced object's record (its path); see rule R8.
public enum StateValue: Hashable, Sendable {
    case bool(Bool)
    /// A signed integer of any width, stored as a zigzag varint.
    case int(Int64)
    /// An unsigned integer of any width, stored as a varint.
    case uint(UInt64)
    case double(Double)
    case string(String)
    case data(Data)
    /// A point in time, stored as seconds since 1970-01-01 UTC.
    case date(Date)
    case uuid(UUID)
    case array([StateValue])
    /// A dictionary with string keys; written sorted by key so archives are deterministic.
    case dictionary([String: StateValue])
    /// A `Codable` value, stored as its JSON encoding.
    case codable(Data)
    /// A reference to another saved object: the index of its record, or nil for a nil
    /// reference (or one whose target could not be saved).
    case reference(Int?)

    /// The name of the case, as used in error messages and by the inspector.
    public var typeName: String {
        switch self {
        case .bool: "Bool"
        case .int: "Int"
        case .uint: "UInt"
        case .double: "Double"
        case .string: "String"
        case .data: "Data"
        case .date: "Date"
        case .uuid: "UUID"
        case .array: "Array"
        case .dictionary: "Dictionary"
        case .codable: "Codable"
        case .reference: "Reference"
        }
    }
}
