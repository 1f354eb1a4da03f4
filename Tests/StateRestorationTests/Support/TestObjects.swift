import Foundation
import RestorationTesting
import StateRestoration

/// A monotonically increasing counter, to check the order of events across objects.
@MainActor
enum Ticks {
    private static var value = 0
    static func next() -> Int {
        value += 1
        return value
    }
}

/// How an object came to exist at launch.
enum Origin: Equatable {
    case built
    case restorationClass
    case delegate
}

/// A view-controller-like node: children, restorable views, a presented node, a value.
/// It records its own structure with references, as a UIKit container does.
@MainActor
class Node: RestorableObject {
    var restorationIdentifier: String?
    /// The engine that ``invalidateRestorableState()`` tells, as a UI layer's window knows it.
    weak var engine: RestorationEngine?
    var restorationEngine: RestorationEngine? { engine }
    var restorationClass: (any ObjectRestoration.Type)?
    var children: [Node] = []
    var views: [any RestorableObject] = []
    var presented: Node?
    var positional = false
    var value = ""
    var origin = Origin.built
    var pathSeenAtCreation: RestorationPath?
    var createdAt = Ticks.next()
    var decodedAt: Int?
    var finishedAt: Int?
    var decodedVersion: Int?
    var encodeError: StateCodingError?
    var attemptReservedKey = false
    /// False to write only the value, not the references that rebuild the structure.
    var encodesStructure = true

    init(_ identifier: String?, value: String = "", children: [Node] = []) {
        restorationIdentifier = identifier
        self.value = value
        self.children = children
    }

    var restorationChildren: [any RestorableObject] {
        var result: [any RestorableObject] = children
        result.append(contentsOf: views)
        if let presented { result.append(presented) }
        return result
    }

    var restorationChildrenArePositional: Bool { positional }

    func encodeRestorableState(with coder: StateEncoder) throws {
        if attemptReservedKey {
            do {
                try coder.encode(1, forKey: "$class")
            } catch {
                encodeError = error
                throw error
            }
        }
        try coder.encode(value, forKey: "value")
        guard encodesStructure else { return }
        try coder.encodeObjects(children, forKey: "children")
        try coder.encodeObject(presented, forKey: "presented")
    }

    func decodeRestorableState(with coder: StateDecoder) throws {
        decodedAt = Ticks.next()
        decodedVersion = coder.stateVersion
        value = try coder.decode(String.self, forKey: "value")
        children = try coder.decodeObjects(forKey: "children").compactMap { $0 as? Node }
        presented = try coder.decodeObject(forKey: "presented") as? Node
    }

    func applicationFinishedRestoringState() {
        finishedAt = Ticks.next()
    }
}

/// A navigation-stack-like node: its children are told apart by position.
@MainActor
class StackNode: Node {
    override init(_ identifier: String?, value: String = "", children: [Node] = []) {
        super.init(identifier, value: value, children: children)
        positional = true
    }
}

/// Creates a ``StackNode``: a subclass of ``Node``, for reads that ask for a class and get a
/// subclass (`decodeObjects(of:forKey:)`).
@MainActor
enum StackNodeRestorer: NamingRestorer {
    static func make(_ identifier: String?) -> (any RestorableObject)? { StackNode(identifier) }
}

/// A restoration class that creates a plain ``Node`` named after the path's last identifier.
@MainActor
enum NodeRestorer: ObjectRestoration {
    static func restoreObject(withRestorationPath path: RestorationPath, coder: StateDecoder)
        -> (any RestorableObject)?
    {
        let node = Node(path.last?.identifier)
        node.origin = .restorationClass
        node.pathSeenAtCreation = path
        node.restorationClass = NodeRestorer.self
        return node
    }
}

/// A restoration class that makes its object from the identifier the path ends with, and
/// from nothing else: ``make(_:)`` says what it makes.
@MainActor
protocol NamingRestorer: ObjectRestoration {
    /// The object for a path ending with `identifier`, or nil to leave the subtree unrestored.
    static func make(_ identifier: String?) -> (any RestorableObject)?
}

extension NamingRestorer {
    static func restoreObject(withRestorationPath path: RestorationPath, coder: StateDecoder)
        -> (any RestorableObject)?
    {
        make(path.last?.identifier)
    }
}

/// A restoration class that refuses: its objects and their subtrees are not restored.
@MainActor
enum RefusingRestorer: NamingRestorer {
    static func make(_ identifier: String?) -> (any RestorableObject)? { nil }
}

/// A restoration class that the tests never register.
@MainActor
enum UnregisteredRestorer: NamingRestorer {
    static func make(_ identifier: String?) -> (any RestorableObject)? { Node(identifier) }
}

/// A view-like object that is not a ``Node``: for type checks.
@MainActor
final class OtherObject: RestorableObject {
    var restorationIdentifier: String?
    var decoded = false
    init(_ identifier: String) { restorationIdentifier = identifier }
    func decodeRestorableState(with coder: StateDecoder) throws { decoded = true }
}

/// The app delegate of the tests.
@MainActor
final class TestApp: HarnessApp {
    var root: Node?
    var saves = true
    var restores = true
    var note = ""
    var restoredNote: String?
    var seenMetadata: ArchiveMetadata?
    var willEncodeAt: Int?
    var didDecodeAt: Int?
    var willFinishAt: Int?
    var didFinishAt: Int?
    var failures: [RestorationError] = []
    /// How many saves wrote their archive, as ``didPreserveState()`` told.
    var preservedCount = 0
    /// Builds the UI in `willFinishLaunching`, so that restoration finds it (R13c).
    var buildInWillFinish: ((TestApp) -> Void)?
    /// Answers `restorableObject(withRestorationPath:coder:)` (R13b).
    var factory: ((RestorationPath) -> Node?)?
    var refuseOlderThan: String?

    init() {}

    var rootObjects: [any RestorableObject] { root.map { [$0] } ?? [] }

    func willFinishLaunching() {
        willFinishAt = Ticks.next()
        buildInWillFinish?(self)
    }

    func didFinishLaunching(_ report: RestorationReport) {
        didFinishAt = Ticks.next()
        if root == nil, let first = report.roots.first as? Node { root = first }
    }

    func shouldSaveApplicationState(_ coder: StateEncoder) -> Bool { saves }

    func shouldRestoreApplicationState(_ coder: StateDecoder) -> Bool {
        seenMetadata = coder.metadata
        if let minimum = refuseOlderThan, coder.metadata.appVersion < minimum { return false }
        return restores
    }

    func willEncodeRestorableState(_ coder: StateEncoder) throws {
        willEncodeAt = Ticks.next()
        try coder.encode(note, forKey: "note")
    }

    func didDecodeRestorableState(_ coder: StateDecoder) throws {
        didDecodeAt = Ticks.next()
        restoredNote = try coder.decodeIfPresent(String.self, forKey: "note")
    }

    func restorableObject(withRestorationPath path: RestorationPath, coder: StateDecoder)
        -> (any RestorableObject)?
    {
        guard let node = factory?(path) else { return nil }
        node.origin = .delegate
        node.pathSeenAtCreation = path
        return node
    }

    func didFailToPreserveState(_ error: RestorationError) {
        failures.append(error)
    }

    func didPreserveState() {
        preservedCount += 1
    }

    /// What `stateRestorationActivity()` answers (rule S5).
    var activity: RestorationActivity?
    /// The activity `restoreInteractionState(with:)` was given, if it was called.
    var interactionActivity: RestorationActivity?
    /// What `restoreInteractionState(with:)` answers.
    var acceptsActivity = true

    func stateRestorationActivity() -> RestorationActivity? { activity }

    func restoreInteractionState(with activity: RestorationActivity) -> Bool {
        interactionActivity = activity
        if acceptsActivity { root = Node("Root", value: "from activity \(activity.userInfo["item"] ?? "")") }
        return acceptsActivity
    }
}

@MainActor
extension RestorationHarness {
    /// A harness that registers the test restoration classes.
    static func standard() -> RestorationHarness {
        RestorationHarness(registry: RestorationRegistry([NodeRestorer.self, RefusingRestorer.self]))
    }

    /// A harness with continuous preservation on, 300 ms after a change (rules R20, R26).
    static func continuous() -> RestorationHarness {
        RestorationHarness(
            registry: RestorationRegistry([NodeRestorer.self]),
            configuration: RestorationConfiguration(
                appName: "TestApp", appVersion: "1.0", interfaceIdiom: "test",
                continuousPreservationDelay: .milliseconds(300), debugOutput: .off))
    }
}

extension RestorationPath {
    /// A path from a slash-separated string, for tests: `"Nav/Detail"`.
    init(_ text: String) {
        self.init(identifiers: text.split(separator: "/").map(String.init))
    }
}
