import Foundation

/// A Swift type that the coders store directly as a ``StateValue`` (rule R22).
///
/// Bool, the integer types, Double, String, Data, Date, UUID, and arrays and
/// string-keyed dictionaries of these conform. Other `Codable` values go through
/// ``StateEncoder/encodeCodable(_:forKey:)``.
public protocol StateValueConvertible: Sendable {
    /// The stored form.
    var stateValue: StateValue { get }
    /// Reads the stored form, or returns nil if it has another type or is out of range.
    init?(stateValue: StateValue)
    /// The type's name in error messages.
    static var stateTypeName: String { get }
}

extension StateValueConvertible {
    public static var stateTypeName: String { _typeName(Self.self, qualified: false) }
}

extension Bool: StateValueConvertible {
    @inlinable
    public var stateValue: StateValue { .bool(self) }
    @inlinable
    public init?(stateValue: StateValue) {
        guard case .bool(let value) = stateValue else { return nil }
        self = value
    }
}

/// Signed integers share one stored form; a value that does not fit the requested width
/// is a type mismatch, never a trap.
extension StateValueConvertible where Self: FixedWidthInteger & SignedInteger {
    @inlinable
    public var stateValue: StateValue { .int(Int64(self)) }
    @inlinable
    public init?(stateValue: StateValue) {
        switch stateValue {
        case .int(let value): self.init(exactly: value)
        case .uint(let value): self.init(exactly: value)
        default: return nil
        }
    }
}

/// Unsigned integers share one stored form; see the signed case.
extension StateValueConvertible where Self: FixedWidthInteger & UnsignedInteger {
    @inlinable
    public var stateValue: StateValue { .uint(UInt64(self)) }
    @inlinable
    public init?(stateValue: StateValue) {
        switch stateValue {
        case .uint(let value): self.init(exactly: value)
        case .int(let value): self.init(exactly: value)
        default: return nil
        }
    }
}

extension Int: StateValueConvertible {}
extension Int8: StateValueConvertible {}
extension Int16: StateValueConvertible {}
extension Int32: StateValueConvertible {}
extension Int64: StateValueConvertible {}
extension UInt: StateValueConvertible {}
extension UInt8: StateValueConvertible {}
extension UInt16: StateValueConvertible {}
extension UInt32: StateValueConvertible {}
extension UInt64: StateValueConvertible {}

extension Double: StateValueConvertible {
    @inlinable
    public var stateValue: StateValue { .double(self) }
    @inlinable
    public init?(stateValue: StateValue) {
        guard case .double(let value) = stateValue else { return nil }
        self = value
    }
}

extension String: StateValueConvertible {
    @inlinable
    public var stateValue: StateValue { .string(self) }
    @inlinable
    public init?(stateValue: StateValue) {
        // Consumed, so that the payload moves out rather than being copied (a retain of
        // its storage) and released with the value.
        guard case .string(let value) = consume stateValue else { return nil }
        self = value
    }
}

extension Data: StateValueConvertible {
    @inlinable
    public var stateValue: StateValue { .data(self) }
    @inlinable
    public init?(stateValue: StateValue) {
        // Consumed, so that the payload moves out rather than being copied (a retain of
        // its storage) and released with the value.
        guard case .data(let value) = consume stateValue else { return nil }
        self = value
    }
}

extension Date: StateValueConvertible {
    @inlinable
    public var stateValue: StateValue { .date(self) }
    @inlinable
    public init?(stateValue: StateValue) {
        guard case .date(let value) = stateValue else { return nil }
        self = value
    }
}

extension UUID: StateValueConvertible {
    @inlinable
    public var stateValue: StateValue { .uuid(self) }
    @inlinable
    public init?(stateValue: StateValue) {
        guard case .uuid(let value) = stateValue else { return nil }
        self = value
    }
}

extension Array: StateValueConvertible where Element: StateValueConvertible {
    @inlinable
    public var stateValue: StateValue { .array(map(\.stateValue)) }
    @inlinable
    public init?(stateValue: StateValue) {
        guard case .array(let values) = stateValue else { return nil }
        var result: [Element] = []
        result.reserveCapacity(values.count)
        for value in values {
            guard let element = Element(stateValue: value) else { return nil }
            result.append(element)
        }
        self = result
    }
    public static var stateTypeName: String { "[\(Element.stateTypeName)]" }
}

extension Dictionary: StateValueConvertible where Key == String, Value: StateValueConvertible {
    @inlinable
    public var stateValue: StateValue { .dictionary(mapValues(\.stateValue)) }
    @inlinable
    public init?(stateValue: StateValue) {
        guard case .dictionary(let values) = stateValue else { return nil }
        var result: [String: Value] = [:]
        result.reserveCapacity(values.count)
        for (key, value) in values {
            guard let element = Value(stateValue: value) else { return nil }
            result[key] = element
        }
        self = result
    }
    public static var stateTypeName: String { "[String: \(Value.stateTypeName)]" }
}
