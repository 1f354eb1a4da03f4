import Foundation
import StateRestoration

/// One object of the synthetic UI: a view controller (or a view) with state to save.
///
/// The root is a navigation controller, created at launch by the app delegate; every other
/// node has a restoration class. Every contender saves the same fields: the restoration
/// identifier, the type name, the restoration class name, the state version, the
/// ``NodeFields`` and the children, in order.
@MainActor
final class BenchNode: RestorableObject {
    /// Whether the node is the navigation root or a screen below it.
    enum Kind {
        case navigation
        case screen
    }

    /// The restoration identifier of the root.
    static let navigationIdentifier = "NavigationController"
    /// The state version every node records (rule R19).
    nonisolated static let stateVersion = 1
    /// The type name every contender records, as the engine does (`String(reflecting:)`).
    static let typeName = String(reflecting: BenchNode.self)

    let kind: Kind
    let restorationIdentifier: String?
    var fields: NodeFields
    var children: [BenchNode] = []

    init(kind: Kind, identifier: String, fields: NodeFields) {
        self.kind = kind
        self.restorationIdentifier = identifier
        self.fields = fields
    }

    /// The identifier, never nil for a bench node.
    var identifier: String { restorationIdentifier ?? "" }

    /// The restoration class name a contender records, or nil for the navigation root.
    var restorationClassName: String? {
        kind == .navigation ? nil : BenchNodeRestorer.restorationClassName
    }

    // MARK: RestorableObject

    var restorationClass: (any ObjectRestoration.Type)? {
        kind == .navigation ? nil : BenchNodeRestorer.self
    }

    var restorationChildren: [any RestorableObject] { children }

    /// The root's children are a navigation stack: told apart by position (rule R5).
    var restorationChildrenArePositional: Bool { kind == .navigation }

    var restorationStateVersion: Int { Self.stateVersion }

    func encodeRestorableState(with coder: StateEncoder) throws {
        try coder.encode(fields.title, forKey: "title")
        if let subtitle = fields.subtitle { try coder.encode(subtitle, forKey: "subtitle") }
        try coder.encode(fields.count, forKey: "count")
        if let position = fields.position { try coder.encode(position, forKey: "position") }
        try coder.encode(fields.ratio, forKey: "ratio")
        try coder.encode(fields.enabled, forKey: "enabled")
        if let selected = fields.selected { try coder.encode(selected, forKey: "selected") }
        try coder.encode(fields.modified, forKey: "modified")
        if let photo = fields.photo { try coder.encode(photo, forKey: "photo") }
        try coder.encodeObjects(children, forKey: "children")
    }

    func decodeRestorableState(with coder: StateDecoder) throws {
        fields = NodeFields(
            title: try coder.decode(String.self, forKey: "title"),
            subtitle: try coder.decodeIfPresent(String.self, forKey: "subtitle"),
            count: try coder.decode(Int.self, forKey: "count"),
            position: try coder.decodeIfPresent(Int.self, forKey: "position"),
            ratio: try coder.decode(Double.self, forKey: "ratio"),
            enabled: try coder.decode(Bool.self, forKey: "enabled"),
            selected: try coder.decodeIfPresent(Bool.self, forKey: "selected"),
            modified: try coder.decode(Date.self, forKey: "modified"),
            photo: try coder.decodeIfPresent(Data.self, forKey: "photo"))
        children = try coder.decodeObjects(of: BenchNode.self, forKey: "children")
    }
}

/// The restoration class of every screen: creates an empty node named after the path.
@MainActor
enum BenchNodeRestorer: ObjectRestoration {
    static var restorationStateVersion: Int { BenchNode.stateVersion }

    static func restoreObject(withRestorationPath path: RestorationPath, coder: StateDecoder)
        -> (any RestorableObject)?
    {
        guard let identifier = path.last?.identifier else { return nil }
        return BenchNode(kind: .screen, identifier: identifier, fields: .empty)
    }
}
