import Foundation
import StateRestoration

/// A ``StateValue`` with its references resolved to paths: what a person reads, and what
/// two archives compare by (record indexes differ between saves; paths do not).
package indirect enum InspectedValue: Hashable, Sendable {
    /// A value that is neither a container nor a reference, as the engine decoded it
    /// (``leaf(_:)`` never holds a `StateValue` array, dictionary or reference).
    case leaf(StateValue)
    case array([InspectedValue])
    case dictionary([String: InspectedValue])
    /// The referenced record's path and index, or nil and nil for a nil reference. A
    /// reference the archive cannot resolve keeps its index with no path.
    case reference(path: String?, index: Int?)

    /// Resolves `value`, looking references up in `paths` (by record index).
    init(_ value: StateValue, paths: [String]) {
        switch value {
        case .array(let values): self = .array(values.map { InspectedValue($0, paths: paths) })
        case .dictionary(let values):
            self = .dictionary(values.mapValues { InspectedValue($0, paths: paths) })
        case .reference(let index?):
            self = .reference(path: paths.indices.contains(index) ? paths[index] : nil, index: index)
        case .reference(nil): self = .reference(path: nil, index: nil)
        default: self = .leaf(value)
        }
    }

    /// Leaves by kind, as a test or a renderer writes them.
    package static func bool(_ flag: Bool) -> InspectedValue { .leaf(.bool(flag)) }
    package static func int(_ number: Int64) -> InspectedValue { .leaf(.int(number)) }
    package static func uint(_ number: UInt64) -> InspectedValue { .leaf(.uint(number)) }
    package static func double(_ number: Double) -> InspectedValue { .leaf(.double(number)) }
    package static func string(_ text: String) -> InspectedValue { .leaf(.string(text)) }
    package static func data(_ blob: Data) -> InspectedValue { .leaf(.data(blob)) }
    package static func date(_ date: Date) -> InspectedValue { .leaf(.date(date)) }
    package static func uuid(_ id: UUID) -> InspectedValue { .leaf(.uuid(id)) }
    package static func codable(_ json: Data) -> InspectedValue { .leaf(.codable(json)) }

    /// The type's name in text output: the engine's name of a leaf (`Int`, `Date`, ...),
    /// `[Reference]`, `[String: Double]`, `[Any]` for containers.
    var typeLabel: String {
        switch self {
        case .leaf(let value): value.typeName
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
        case .leaf(let value): value.typeName.lowercased()
        case .reference: "reference"
        case .array: "array"
        case .dictionary: "dictionary"
        }
    }

    /// True when both hold the same state: references compare by path (indexes move
    /// between saves) and doubles and dates by bit pattern (so NaN equals NaN).
    func isSameState(as other: InspectedValue) -> Bool {
        switch (self, other) {
        case (.leaf(.double(let a)), .leaf(.double(let b))): a.bitPattern == b.bitPattern
        case (.leaf(.date(let a)), .leaf(.date(let b))):
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
