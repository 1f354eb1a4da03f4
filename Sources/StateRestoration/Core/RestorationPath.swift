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
    public var components: [Component] {
        get {
            switch storage {
            case .components(let components): components
            case .record(let view, let index): view.components(ofRecord: index)
            }
        }
        set { storage = .components(newValue) }
    }

    /// The components themselves, or, for a path a restore hands out, the record of the
    /// checked archive it names: its components are made only when read.
    ///
    /// A restore gives every record's restoration class (and coder) its path; most read
    /// one component or the count, if anything, and building and freeing an array of
    /// components per record was about a tenth of a restore's instructions (see
    /// docs/PERFORMANCE.md). Such a
    /// path keeps its archive alive until it is changed or dropped.
    private var storage: Storage

    private enum Storage: Sendable {
        case components([Component])
        case record(ArchiveView, Int)
    }

    /// Creates a path from its components, root first.
    public init(_ components: [Component] = []) {
        self.storage = .components(components)
    }

    /// Creates a path from identifiers, root first, each with occurrence 0.
    public init(identifiers: [String]) {
        self.storage = .components(identifiers.map { Component($0) })
    }

    /// The path of record `index` of `view`, made into components when read.
    init(record index: Int, in view: ArchiveView) {
        self.storage = .record(view, index)
    }

    /// The identifiers alone, root first: what UIKit passes as the "identifier path".
    public var identifiers: [String] { components.map(\.identifier) }

    /// The number of components. The Homepwner detail screen uses it to tell a modal
    /// new-item screen (3) from a pushed one (2).
    public var count: Int {
        switch storage {
        case .components(let components): components.count
        case .record(let view, let index): view.depth(ofRecord: index)
        }
    }

    /// The object's own identifier (the last component), or nil for the empty path.
    public var last: Component? {
        switch storage {
        case .components(let components): components.last
        case .record(let view, let index): view.component(ofRecord: index)
        }
    }

    /// The path of the parent, or nil for a root path.
    public var parent: RestorationPath? {
        switch storage {
        case .components(let components):
            return components.isEmpty ? nil : RestorationPath(Array(components.dropLast()))
        case .record(let view, let index):
            let parent = Int(view.records[index].parent)
            return parent < 0 ? RestorationPath() : RestorationPath(record: parent, in: view)
        }
    }

    /// This path extended by one component.
    public func appending(_ identifier: String, occurrence: Int = 0) -> RestorationPath {
        var components = self.components
        components.append(Component(identifier, occurrence: occurrence))
        return RestorationPath(components)
    }

    /// Components joined by `/`; a repeated identifier shows its position as `Detail#2`.
    public var description: String {
        components.map { $0.occurrence == 0 ? $0.identifier : "\($0.identifier)#\($0.occurrence + 1)" }
            .joined(separator: "/")
    }

    /// Equal components, however each path holds them.
    public static func == (lhs: RestorationPath, rhs: RestorationPath) -> Bool {
        if case .record(let left, let leftIndex) = lhs.storage,
            case .record(let right, let rightIndex) = rhs.storage,
            left === right, leftIndex == rightIndex
        {
            return true
        }
        return lhs.components == rhs.components
    }

    public func hash(into hasher: inout Hasher) {
        hasher.combine(components)
    }
}
