/// The restoration identifiers from a window's root down to one object.
///
/// A path is how the engine names an object across launches: every saved object is
/// recorded under its path, and at the next launch its restoration class or the app
/// delegate receives the path to decide what to create.
///
/// The children of a navigation stack may share an identifier (a detail screen pushed
/// twice); they are told apart by their ``Component/occurrence``, which is 0 for the first
/// child with that identifier, 1 for the second, and so on. Elsewhere siblings must have
/// distinct identifiers (rule R5) and every occurrence is 0.
public struct RestorationPath: Hashable, Sendable, CustomStringConvertible {
    /// One step of a path: an identifier and its position among same-named siblings.
    public struct Component: Hashable, Sendable {
        /// The object's restoration identifier. Never empty.
        public var identifier: String
        /// 0 for the first sibling with this identifier, 1 for the next, and so on.
        public var occurrence: Int

        /// Creates a component.
        public init(_ identifier: String, occurrence: Int = 0) {
            self.identifier = identifier
            self.occurrence = occurrence
        }
    }

    /// The components, root first.
    public var components: [Component]

    /// Creates a path from its components, root first.
    public init(_ components: [Component] = []) {
        self.components = components
    }

    /// Creates a path from identifiers, root first, each with occurrence 0.
    public init(identifiers: [String]) {
        self.components = identifiers.map { Component($0) }
    }

    /// The identifiers alone, root first: what UIKit passes as the "identifier path".
    public var identifiers: [String] { components.map(\.identifier) }

    /// The number of components. The Homepwner detail screen uses it to tell a modal
    /// new-item screen (3) from a pushed one (2).
    public var count: Int { components.count }

    /// The object's own identifier (the last component), or nil for the empty path.
    public var last: Component? { components.last }

    /// The path of the parent, or nil for a root path.
    public var parent: RestorationPath? {
        components.isEmpty ? nil : RestorationPath(Array(components.dropLast()))
    }

    /// This path extended by one component.
    public func appending(_ identifier: String, occurrence: Int = 0) -> RestorationPath {
        var copy = self
        copy.components.append(Component(identifier, occurrence: occurrence))
        return copy
    }

    /// Components joined by `/`; a repeated identifier shows its position as `Detail#2`.
    public var description: String {
        components.map { $0.occurrence == 0 ? $0.identifier : "\($0.identifier)#\($0.occurrence + 1)" }
            .joined(separator: "/")
    }
}
