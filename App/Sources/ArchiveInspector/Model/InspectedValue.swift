import Foundation
import StateRestoration

/// A ``StateValue`` with its references resolved to paths: what a person reads, and what
/// two archives compare by (record indexes differ between saves; paths do not).
package indirect enum InspectedValue: Hashable, Sendable {
    case bool(Bool)
    case int(Int64)
    case uint(UInt64)
    case double(Double)
    case string(String)
    case data(Data)
    case date(Date)
    case uuid(UUID)
    case array([InspectedValue])
    case dictionary([String: InspectedValue])
    case codable(Data)
    /// The referenced record's path and index, or nil and nil for a nil reference. A
    /// reference the archive cannot resolve keeps its index with no path.
    case reference(path: String?, index: Int?)

    /// Resolves `value`, looking references up in `paths` (by record index).
    init(_ value: StateValue, paths: [String]) {
        switch value {
        case .bool(let flag): self = .bool(flag)
        case .int(let number): self = .int(number)
        case .uint(let number): self = .uint(number)
        case .double(let number): self = .double(number)
        case .string(let text): self = .string(text)
        case .data(let blob): self = .data(blob)
        case .date(let date): self = .date(date)
        case .uuid(let id): self = .uuid(id)
        case .array(let values): self = .array(values.map { InspectedValue($0, paths: paths) })
        case .dictionary(let values):
            self = .dictionary(values.mapValues { InspectedValue($0, paths: paths) })
        case .codable(let json): self = .codable(json)
        case .reference(let index?):
            self = .reference(path: paths.indices.contains(index) ? paths[index] : nil, index: index)
        case .reference(nil): self = .reference(path: nil, index: nil)
        }
    }

    /// The type's name in text output: `Int`, `[Reference]`, `[String: Double]`, `[Any]`.
    var typeLabel: String {
        switch self {
        case .bool: "Bool"
        case .int: "Int"
        case .uint: "UInt"
        case .double: "Double"
        case .string: "String"
        case .data: "Data"
        case .date: "Date"
        case .uuid: "UUID"
        case .codable: "Codable"
        case .reference: "Reference"
        case .array(let values):
            Self.commonLabel(values).map { "[\($0)]" } ?? "Array"
        case .dictionary(let values):
            Self.commonLabel(Array(values.values)).map { "[String: \($0)]" } ?? "Dictionary"
        }
    }

    /// The lowercase type name used in JSON: `"int"`, `"reference"`, ...
    var jsonType: String {
        switch self {
        case .bool: "bool"
        case .int: "int"
        case .uint: "uint"
        case .double: "double"
        case .string: "string"
        case .data: "data"
        case .date: "date"
        case .uuid: "uuid"
        case .array: "array"
        case .dictionary: "dictionary"
        case .codable: "codable"
        case .reference: "reference"
        }
    }

    /// True when both hold the same state: references compare by path (indexes move
    /// between saves) and doubles and dates by bit pattern (so NaN equals NaN).
    func isSameState(as other: InspectedValue) -> Bool {
        switch (self, other) {
        case (.double(let a), .double(let b)): a.bitPattern == b.bitPattern
        case (.date(let a), .date(let b)):
            a.timeIntervalSince1970.bitPattern == b.timeIntervalSince1970.bitPattern
        case (.reference(let a, let aIndex), .reference(let b, let bIndex)):
            a == b && (a != nil || aIndex == bIndex)
        case (.array(let a), .array(let b)):
            a.count == b.count && zip(a, b).allSatisfy { $0.isSameState(as: $1) }
        case (.dictionary(let a), .dictionary(let b)):
            a.count == b.count
                && a.allSatisfy { key, value in b[key].map { value.isSameState(as: $0) } ?? false }
        default: self == other
        }
    }

    /// The label shared by every element, `Any` when they differ, nil when there are none.
    private static func commonLabel(_ values: [InspectedValue]) -> String? {
        guard let first = values.first?.typeLabel else { return nil }
        return values.allSatisfy { $0.typeLabel == first } ? first : "Any"
    }
}
