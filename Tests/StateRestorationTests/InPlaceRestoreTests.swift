import Foundation
import RestorationTesting
import TestSupport
import Testing

@testable import StateRestoration

/// A restore reads the archive's bytes in place (`ArchiveView`): these tests pin what that
/// must not change, and the edges it adds.
@Suite("R12, R22: restoring from bytes read in place")
@MainActor
struct InPlaceRestoreTests {
    static let configuration = RestorationConfiguration(appName: "T", appVersion: "1", debugOutput: .off)

    /// An engine over `app`, with the tests' restoration classes.
    static func engine(for app: TestApp) -> RestorationEngine {
        app.engine(registry: RestorationRegistry([NodeRestorer.self]), configuration: configuration)
    }

    /// A tree of `count` nodes below a stack, each with a value, saved as bytes.
    static func savedTree(count: Int, valueLength: Int = 8) throws -> [UInt8] {
        let harness = RestorationHarness.standard()
        let app = TestApp()
        app.note = "note"
        let root = StackNode("Nav", value: "root")
        var parents: [Node] = [root]
        for index in 0..<count {
            let node = Node("Node\(index % 5)", value: String(repeating: "v\(index)", count: valueLength))
            node.restorationClass = NodeRestorer.self
            let parent = parents[index / 4]
            // Siblings need distinct identifiers unless the parent is a stack.
            node.restorationIdentifier = "Node\(parent.children.count)"
            parent.children.append(node)
            parents.append(node)
        }
        app.root = root
        try harness.launch(app).save()
        return try #require(harness.storage[.archive])
    }

    /// Every restored node's path and value, in preorder.
    static func describe(_ node: Node, path: String = "") -> [String] {
        let here =
            path.isEmpty
            ? (node.restorationIdentifier ?? "?") : path + "/" + (node.restorationIdentifier ?? "?")
        return ["\(here)=\(node.value)"] + node.children.flatMap { describe($0, path: here) }
    }

    static func restoredRoot(_ bytes: [UInt8]) throws -> (Node, RestorationReport) {
        let app = TestApp()
        app.factory = { $0.count == 1 ? StackNode($0.last?.identifier) : nil }
        let report = try engine(for: app).restore(bytes: bytes)
        return (try #require(report.roots.first as? Node), report)
    }

    @Test("R12: restore(bytes:) restores what restore(_:) of the parsed archive restores")
    func bytesAndArchiveAgree() throws {
        let bytes = try Self.savedTree(count: 300)
        let (fromBytes, report) = try Self.restoredRoot(bytes)

        let app = TestApp()
        app.factory = { $0.count == 1 ? StackNode($0.last?.identifier) : nil }
        let archiveReport = Self.engine(for: app).restore(try Archive(bytes: bytes))
        let fromArchive = try #require(archiveReport.roots.first as? Node)

        #expect(Self.describe(fromBytes) == Self.describe(fromArchive))
        #expect(Self.describe(fromBytes).count == 301)
        #expect(report.diagnostics.isEmpty)
        #expect(report.restoredPaths == archiveReport.restoredPaths)
        #expect(report.restoredPaths.count == 301)
    }

    @Test("R18, R23: restore(bytes:) of damaged bytes throws and creates nothing")
    func damagedBytesThrow() throws {
        var bytes = try Self.savedTree(count: 20)
        bytes[bytes.count / 2] ^= 0x40
        let app = TestApp()
        var created = 0
        app.factory = { path in
            created += 1
            return StackNode(path.last?.identifier)
        }
        #expect(throws: ArchiveError.self) { try Self.engine(for: app).restore(bytes: bytes) }
        #expect(created == 0)
        #expect(app.root == nil)
    }

    @Test("R10, R23: a save larger than the checksum's steps writes a valid checksum")
    func largeSaveChecksum() throws {
        // Over 64 KiB of body: the builder takes the body's checksum in pieces.
        let bytes = try Self.savedTree(count: 2_000, valueLength: 20)
        #expect(bytes.count > 200_000)
        let stored = bytes[(bytes.count - 4)...].enumerated().reduce(UInt32(0)) {
            $0 | UInt32($1.element) << UInt32($1.offset * 8)
        }
        #expect(stored == CRC32Reference.checksum(Array(bytes[0..<(bytes.count - 4)])))
        let (root, _) = try Self.restoredRoot(bytes)
        #expect(Self.describe(root).count == 2_001)
    }

    @Test(
        "R18, R23: in a large archive, checked a step behind its checksum, the checksum still decides first")
    func largeArchiveOrderOfChecks() throws {
        // Over 1 MiB: the reader takes the checksum a step ahead of the structure.
        let bytes = try Self.savedTree(count: 7_000, valueLength: 30)
        #expect(bytes.count > ArchiveReader.interleavingThreshold)
        #expect(try Archive(bytes: bytes).records.count == 7_001)
        // A string value's tag, deep in the archive, made an unknown tag.
        let marker = Array(String(repeating: "v4000", count: 2).utf8)
        let start = try #require(
            bytes.indices.first {
                bytes.count - $0 >= marker.count && Array(bytes[$0..<$0 + marker.count]) == marker
            })
        var broken = bytes
        broken[start - 3] = 0xFF  // tag, then a two-byte length (150)
        #expect(bytes[start - 3] == ArchiveFormat.Tag.string.rawValue)

        // Damaged, checksum not fixed: a checksum mismatch, though the structure breaks first.
        let damaged = try #require(throws: ArchiveError.self) { try Archive(bytes: broken) }
        guard case .checksumMismatch = damaged.reason else {
            Issue.record("expected a checksum mismatch, got \(damaged)")
            return
        }
        #expect(damaged.offset == bytes.count - 4)

        // Resealed: the structural error, at its offset.
        let resealed = try #require(throws: ArchiveError.self) {
            try Archive(bytes: ArchiveSealing.resealed(broken))
        }
        #expect(resealed == ArchiveError(.invalid("unknown value tag 0xff"), at: start - 3))

        // A byte flipped near the end, after the parser's last record: still caught.
        var tail = bytes
        tail[bytes.count - 6] ^= 0x01
        #expect(throws: ArchiveError.self) { try Archive(bytes: tail) }
        let app = TestApp()
        #expect(throws: ArchiveError.self) { try Self.engine(for: app).restore(bytes: tail) }
    }

    @Test("R4: a restored path equals, hashes and reads like the same path built from components")
    func restoredPathsAreOrdinaryPaths() throws {
        let bytes = try Self.savedTree(count: 30)
        let app = TestApp()
        app.factory = { $0.count == 1 ? StackNode($0.last?.identifier) : nil }
        let report = try Self.engine(for: app).restore(bytes: bytes)
        let restored = try #require(report.objects.first { $0.path.count == 3 })
        let path = restored.path
        let built = RestorationPath(path.components)
        #expect(path == built && built == path)
        #expect(path.hashValue == built.hashValue)
        #expect(Set([path, built]).count == 1)
        #expect(path.count == 3 && path.last == built.last)
        #expect(path.parent == built.parent)
        #expect(path.parent?.parent?.count == 1)
        #expect(path.description == built.description)
        #expect(path.appending("X") == built.appending("X"))
        #expect(report.object(at: built) === restored.object)
        // The restoration class saw the same path, and every path a restoration class kept
        // still names its own record (the restore points one path at each in turn).
        let node = try #require(restored.object as? Node)
        #expect(node.pathSeenAtCreation == built)
        let created = report.objects.compactMap { entry in
            (entry.object as? Node)?.pathSeenAtCreation.map { (kept: $0, path: entry.path) }
        }
        #expect(created.count == 31)  // the root, made by the app delegate, and 30 below it
        #expect(created.allSatisfy { $0.kept == $0.path && $0.kept.description == $0.path.description })
    }

    @Test("R22: a decoder kept past its call reads nothing, and never traps")
    func keptDecoderReadsNothing() throws {
        let bytes = try Self.savedTree(count: 3)
        let app = KeepingApp()
        let engine = RestorationEngine(
            configuration: Self.configuration, registry: RestorationRegistry([NodeRestorer.self]),
            storage: InMemoryStorage(), scheduler: ManualScheduler(), delegate: app,
            roots: { [app] in app.rootObjects })
        _ = try engine.restore(bytes: bytes)
        let kept = try #require(app.kept)
        #expect(app.noteDuringCall == "note")
        #expect(kept.stateValue(forKey: "note") == nil)
        #expect(!kept.contains("note"))
        #expect(throws: StateCodingError.self) { try kept.decode(String.self, forKey: "note") }
        #expect(try kept.decodeObjects(forKey: "children").isEmpty)
    }

    @Test("R22: decodeObjects(of:forKey:) keeps the objects of the type asked for, in order")
    func typedReferenceLists() throws {
        let harness = RestorationHarness.standard()
        let root = MixedNode("Root")
        let first = Node("A", value: "a").restored(by: NodeRestorer.self)
        let second = Node("B", value: "b").restored(by: NodeRestorer.self)
        root.mixed = [first, OtherObject("C"), second]
        root.children = [first, second]
        try harness.launch(root: root).save()

        harness.registry = RestorationRegistry([NodeRestorer.self])
        let launch = harness.relaunch(root: { MixedNode("Root") })
        let restored = try #require(launch.app.root as? MixedNode)
        #expect(restored.restoredNodes.map(\.value) == ["a", "b"])
        #expect(restored.missingList.isEmpty)
        #expect(restored.mismatch is StateCodingError)
        #expect(launch.report.diagnostics.contains { $0.path == "Root/C" })
    }

    @Test(
        "R22: keys are found in any order, short or long, literal or built, ASCII or not",
        arguments: [false, true])
    func keysInAnyOrder(aKeyRepeats: Bool) throws {
        let harness = RestorationHarness.standard()
        let root = KeyOrderNode("Root")
        // A key written twice anywhere makes the whole archive's look-ups take the path
        // where the last entry with a key wins.
        root.writesTwice = aKeyRepeats
        let listed = [
            Node("Plain", value: "p").restored(by: NodeRestorer.self),
            StackNode("Stacked", value: "s").restored(by: StackNodeRestorer.self),
        ]
        root.listed = listed
        root.children = listed
        try harness.launch(root: root).save()

        harness.registry = RestorationRegistry([NodeRestorer.self, StackNodeRestorer.self])
        let restored = try #require(
            harness.relaunch(root: { KeyOrderNode("Root") }).app.root as? KeyOrderNode)
        let expected = KeyOrderNode.values.map { Optional($0.value) }
        #expect(restored.inOrder == expected)
        #expect(restored.reversed == expected.reversed())
        #expect(restored.builtKeys == expected)
        #expect(restored.twice == ["short", "short"])
        #expect(restored.missing == [nil, nil, nil])
        #expect(restored.lastWritten == (aKeyRepeats ? 2 : nil))
        #expect(restored.wrongType is StateCodingError)
        // Objects of exactly the class asked for and of a subclass are both kept, in order.
        // (Each decodes its own value after its parent read the list.)
        #expect(restored.listedNodes.map(\.value) == ["p", "s"])
        #expect(restored.listedNodes.map { String(describing: type(of: $0)) } == ["Node", "StackNode"])
    }

    @Test(
        "R22: among more than 64 keys, whose mask bits repeat, the reader tells a key written twice from different keys",
        arguments: [false, true])
    func repeatedKeyAmongMany(aKeyRepeats: Bool) throws {
        let harness = RestorationHarness.standard()
        let root = ManyKeysNode("Root")
        root.writesTwice = aKeyRepeats
        try harness.launch(root: root).save()
        let bytes = try #require(harness.storage[.archive])
        // 100 keys share 64 bits: the reader notes keys only from the first shared bit on.
        #expect(try ArchiveReader(bytes: bytes, limits: .default).view().keysAreUnique == !aKeyRepeats)

        let restored = try #require(
            harness.relaunch(root: { ManyKeysNode("Root") }).app.root as? ManyKeysNode)
        var expected = Array(0..<ManyKeysNode.keyCount)
        if aKeyRepeats { expected[ManyKeysNode.repeatedKey] = -1 }
        #expect(restored.read == expected)
    }

    @Test("R22: encodeObjects of [T] writes the same bytes as of [any RestorableObject]")
    func typedEncodeMatches() throws {
        func save(typed: Bool) throws -> Archive {
            let harness = RestorationHarness.standard()
            harness.configuration.now = { Date(timeIntervalSince1970: 1_000) }
            let root = Node("Root")
            root.encodesStructure = false
            let children = [Node("A", value: "1"), Node("B", value: "2")]
            root.children = children
            root.views = [ListWriter("Writer", typed: typed, targets: children)]
            try harness.launch(root: root).save()
            return try Archive(bytes: try #require(harness.storage[.archive]))
        }
        let typed = try save(typed: true)
        let existential = try save(typed: false)
        #expect(typed == existential)
        #expect(
            typed.records.first { $0.path.last?.identifier == "Writer" }?.entries.first?.value
                == .array([.reference(1), .reference(2)]))
    }
}

/// An app delegate that keeps the application coder it was handed.
@MainActor
final class KeepingApp: RestorationDelegate {
    var root: Node?
    var kept: StateDecoder?
    var noteDuringCall: String?
    var rootObjects: [any RestorableObject] { root.map { [$0] } ?? [] }

    func shouldSaveApplicationState(_ coder: StateEncoder) -> Bool { true }

    func shouldRestoreApplicationState(_ coder: StateDecoder) -> Bool { true }

    func didDecodeRestorableState(_ coder: StateDecoder) throws {
        noteDuringCall = try coder.decode(String.self, forKey: "note")
        kept = coder
    }

    func restorableObject(withRestorationPath path: RestorationPath, coder: StateDecoder)
        -> (any RestorableObject)?
    {
        guard path.count == 1 else { return nil }
        let node = StackNode(path.last?.identifier)
        root = node
        return node
    }
}

/// A node that writes a list holding nodes and another type, and reads it back typed.
@MainActor
final class MixedNode: Node {
    var mixed: [any RestorableObject] = []
    var restoredNodes: [Node] = []
    var missingList: [Node] = [Node("sentinel")]
    var mismatch: (any Error)?

    override var restorationChildren: [any RestorableObject] { mixed }

    override func encodeRestorableState(with coder: StateEncoder) throws {
        try coder.encode(value, forKey: "value")
        try coder.encodeObjects(mixed, forKey: "mixed")
    }

    override func decodeRestorableState(with coder: StateDecoder) throws {
        restoredNodes = try coder.decodeObjects(of: Node.self, forKey: "mixed")
        missingList = try coder.decodeObjects(of: Node.self, forKey: "no such key")
        mismatch = errorThrown { _ = try coder.decodeObjects(of: Node.self, forKey: "value") }
    }
}

/// A node that writes keys of every shape (a small string, a literal longer than a
/// machine word pair, a non-ASCII key, a key written twice) and reads them back in
/// order, in reverse, through keys built at run time, twice, and mixed with missing keys.
@MainActor
final class KeyOrderNode: Node {
    static let values: [(key: String, value: String)] = [
        ("a", "short"),
        ("a key that is longer than fifteen bytes", "long"),
        ("clé", "accented"),
        ("ключ-состояния", "cyrillic, longer than fifteen bytes"),
        ("🔑", "emoji"),
    ]
    var listed: [Node] = []
    var writesTwice = false
    var inOrder: [String?] = []
    var reversed: [String?] = []
    var builtKeys: [String?] = []
    var twice: [String?] = []
    var missing: [String?] = []
    var lastWritten: Int?
    var wrongType: (any Error)?
    var listedNodes: [Node] = []

    override var restorationChildren: [any RestorableObject] { listed }

    override func encodeRestorableState(with coder: StateEncoder) throws {
        for (key, value) in Self.values { try coder.encode(value, forKey: key) }
        if writesTwice {
            try coder.encode(1, forKey: "written twice")
            try coder.encode(2, forKey: "written twice")
        }
        try coder.encodeObjects(listed, forKey: "listed")
    }

    override func decodeRestorableState(with coder: StateDecoder) throws {
        inOrder = try Self.values.map { try coder.decodeIfPresent(String.self, forKey: $0.key) }
        reversed = try Self.values.reversed().map { try coder.decodeIfPresent(String.self, forKey: $0.key) }
        // Equal strings with other storage than the literals the encoder was given.
        builtKeys = try Self.values.map {
            try coder.decodeIfPresent(
                String.self, forKey: String(decoding: Array($0.key.utf8), as: UTF8.self))
        }
        twice = [try coder.decode(String.self, forKey: "a"), try coder.decode(String.self, forKey: "a")]
        missing = [
            try coder.decodeIfPresent(String.self, forKey: "b"),
            try coder.decodeIfPresent(String.self, forKey: "a key that is longer than fifteen bytez"),
            try coder.decodeIfPresent(String.self, forKey: ""),
        ]
        lastWritten = try coder.decodeIfPresent(Int.self, forKey: "written twice")
        wrongType = errorThrown { _ = try coder.decode(Int.self, forKey: "a") }
        listedNodes = try coder.decodeObjects(of: Node.self, forKey: "listed")
    }
}

/// A node that writes `keyCount` integer keys (`k0`, `k1`, ...), the value of each its
/// number, and, with `writesTwice`, writes the key `repeatedKey` again last, with -1.
@MainActor
final class ManyKeysNode: Node {
    static let keyCount = 100
    static let repeatedKey = 7
    var writesTwice = false
    var read: [Int] = []

    override func encodeRestorableState(with coder: StateEncoder) throws {
        for index in 0..<Self.keyCount { try coder.encode(index, forKey: "k\(index)") }
        if writesTwice { try coder.encode(-1, forKey: "k\(Self.repeatedKey)") }
    }

    override func decodeRestorableState(with coder: StateDecoder) throws {
        read = try (0..<Self.keyCount).map { try coder.decode(Int.self, forKey: "k\($0)") }
    }
}

/// A view that writes references to `targets`, as `[Node]` or as `[any RestorableObject]`.
@MainActor
final class ListWriter: RestorableObject {
    let restorationIdentifier: String?
    let typed: Bool
    let targets: [Node]

    init(_ identifier: String, typed: Bool, targets: [Node]) {
        restorationIdentifier = identifier
        self.typed = typed
        self.targets = targets
    }

    func encodeRestorableState(with coder: StateEncoder) throws {
        if typed {
            try coder.encodeObjects(targets, forKey: "targets")
        } else {
            try coder.encodeObjects(targets.map { $0 as any RestorableObject }, forKey: "targets")
        }
    }
}
