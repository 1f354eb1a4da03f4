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
            if let view { return view.components(ofRecord: record) }
            return storedComponents
        }
        set {
            storedComponents = newValue
            view = nil
            record = 0
        }
    }

    /// The components themselves, or, for a path a restore hands out, the record of the
    /// checked archive it names (`view` and `record`): its components are made only when
    /// read.
    ///
    /// A restore gives every record's restoration class (and coder) its path; most read
    /// one component or the count, if anything, so no array of components is built for
    /// them (docs/PERFORMANCE.md). Such a path keeps its archive alive until it is changed or
    /// dropped. Stored side by side rather than as an enum, so that a restore can point
    /// its one path at each record in turn (``pointAt(record:)``) without a retain and a
    /// release of the archive per record.
    private var storedComponents: [Component]
    private var view: ArchiveView?
    private var record: Int

    /// Creates a path from its components, root first.
    public init(_ components: [Component] = []) {
        storedComponents = components
        view = nil
        record = 0
    }

    /// Creates a path from identifiers, root first, each with occurrence 0.
    public init(identifiers: [String]) {
        self.init(identifiers.map { Component($0) })
    }

    /// The path of record `index` of `view`, made into components when read.
    init(record index: Int, in view: ArchiveView) {
        storedComponents = []
        self.view = view
        record = index
    }

    /// Makes a path of a record of an archive the path of record `index` of the same
    /// archive. (A copy made before, kept by a restoration class, still names its record.)
    mutating func pointAt(record index: Int) {
        precondition(view != nil, "only a path of an archive's record can be pointed at another")
        record = index
    }

    /// The identifiers alone, root first: what UIKit passes as the "identifier path".
    public var identifiers: [String] { components.map(\.identifier) }

    /// The number of components. The Homepwner detail screen uses it to tell a modal
    /// new-item screen (3) from a pushed one (2).
    public var count: Int {
        if let view { return view.depth(ofRecord: record) }
        return storedComponents.count
    }

    /// The object's own identifier (the last component), or nil for the empty path.
    public var last: Component? {
        if let view { return view.component(ofRecord: record) }
        return storedComponents.last
    }

    /// The path of the parent, or nil for a root path.
    public var parent: RestorationPath? {
        if let view {
            let parent = Int(view.records[record].parent)
            return parent < 0 ? RestorationPath() : RestorationPath(record: parent, in: view)
        }
        return storedComponents.isEmpty ? nil : RestorationPath(Array(storedComponents.dropLast()))
    }

    /// This path extended by one component.
    public func appending(_ identifier: String, occurrence: Int = 0) -> RestorationPath {
        var components = self.components
        components.append(Component(identifier, occurrence: occurrence))
        return RestorationPath(components)
    }

    /// Components joined by `/`; a repeated identifier shows its position as `Detail#2`.
    ///
    /// The text is for people, and bounded whatever the path (rule R33): an identifier of
    /// more than ``shownIdentifierLength`` characters shows its start, `…` and its size in
    /// bytes, and a path of more than ``shownPathLength`` characters shows its first and
    /// last components around `…(N more)…`. Compare paths, not their descriptions.
    public var description: String {
        let parts = components.map(Self.shown)
        let total = parts.reduce(parts.count) { $0 + $1.count }
        guard total > Self.shownPathLength else { return Self.joined(parts) }
        var head: [String] = []
        var used = 0
        for part in parts where used + part.count + 1 <= Self.shownPathLength / 2 {
            head.append(part)
            used += part.count + 1
        }
        var tail: [String] = []
        used = 0
        for part in parts.dropFirst(head.count).reversed()
        where used + part.count + 1 <= Self.shownPathLength / 2 {
            tail.insert(part, at: 0)
            used += part.count + 1
        }
        let hidden = parts.count - head.count - tail.count
        return Self.joined(head + ["…(\(hidden) more)…"] + tail)
    }

    /// `parts` joined by `/`. Not `joined(separator:)`, whose generic code the standard
    /// library runs unspecialised: 30,000 instructions a path, and a restore marks its
    /// place by path once per subtree (rule P2).
    private static func joined(_ parts: [String]) -> String {
        var text = ""
        text.reserveCapacity(parts.reduce(parts.count) { $0 + $1.utf8.count })
        for (index, part) in parts.enumerated() {
            if index > 0 { text.append("/") }
            text.append(part)
        }
        return text
    }

    /// The most characters of an identifier that ``description`` shows.
    public static let shownIdentifierLength = 200
    /// The most characters (about) of a path that ``description`` shows.
    public static let shownPathLength = 2000

    /// A component as text, its identifier cut at ``shownIdentifierLength`` characters.
    static func shown(_ component: Component) -> String {
        let identifier = component.identifier
        var text = identifier
        if identifier.utf8.count > shownIdentifierLength {
            let start = identifier.prefix(shownIdentifierLength)
            if start.endIndex != identifier.endIndex {
                text = "\(start)…(\(identifier.utf8.count) bytes)"
            }
        }
        return component.occurrence == 0 ? text : "\(text)#\(component.occurrence + 1)"
    }

    /// Equal components, however each path holds them.
    public static func == (lhs: RestorationPath, rhs: RestorationPath) -> Bool {
        if let left = lhs.view, let right = rhs.view, left === right, lhs.record == rhs.record {
            return true
        }
        return lhs.components == rhs.components
    }

    /// Hashes each component's occurrence, identifier length and first 64 bytes: equal
    /// paths hash equally, and a path of long identifiers costs no more to hash than a
    /// short one (rule R33).
    public func hash(into hasher: inout Hasher) {
        let components = self.components
        hasher.combine(components.count)
        for component in components {
            hasher.combine(component.occurrence)
            let utf8 = component.identifier.utf8
            hasher.combine(utf8.count)
            if utf8.count <= 64 {
                hasher.combine(component.identifier)
            } else {
                for byte in utf8.prefix(64) { hasher.combine(byte) }
            }
        }
    }
}
