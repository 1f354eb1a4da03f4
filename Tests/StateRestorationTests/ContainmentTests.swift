import Foundation
import RestorationTesting
import Testing

@testable import StateRestoration

/// A container as a UI layer writes one: its children and the object it presents are
/// references, decoded with the containment API of rule R31.
@MainActor
final class Container: RestorableObject {
    var restorationIdentifier: String?
    var children: [Container] = []
    var presented: Container?
    var value = ""

    init(_ identifier: String?, value: String = "", children: [Container] = [], presented: Container? = nil) {
        restorationIdentifier = identifier
        self.value = value
        self.children = children
        self.presented = presented
    }

    var restorationChildren: [any RestorableObject] {
        children + (presented.map { [$0] } ?? [])
    }

    func encodeRestorableState(with coder: StateEncoder) throws {
        try coder.encode(value, forKey: "value")
        try coder.encodeObjects(children, forKey: "children")
        try coder.encodeObject(presented, forKey: "presented")
    }

    func decodeRestorableState(with coder: StateDecoder) throws {
        value = try coder.decode(String.self, forKey: "value")
        children = try coder.decodeContainedObjects(of: Container.self, forKey: "children")
        presented = try coder.decodeContainedObject(of: Container.self, forKey: "presented")
    }

    /// Every object below, each once, or nil if an object is met twice (a cycle or a
    /// second parent): the walk a UI layer's layout makes, made safe to run on anything.
    func treeLines(depth: Int = 0, seen: inout Set<ObjectIdentifier>) -> [String]? {
        guard seen.insert(ObjectIdentifier(self)).inserted else { return nil }
        var lines = [String(repeating: "  ", count: depth) + (restorationIdentifier ?? "?") + " " + value]
        for child in children + (presented.map { [$0] } ?? []) {
            guard let below = child.treeLines(depth: depth + 1, seen: &seen) else { return nil }
            lines += below
        }
        return lines
    }
}

/// The app delegate: creates a ``Container`` for any path, or what `factory` says.
@MainActor
final class ContainerApp: HarnessApp {
    var root: Container?
    var factory: ((RestorationPath) -> Container?)?

    var rootObjects: [any RestorableObject] { root.map { [$0] } ?? [] }

    func didFinishLaunching(_ report: RestorationReport) {
        if root == nil { root = report.roots.first as? Container }
    }

    func shouldSaveApplicationState(_ coder: StateEncoder) -> Bool { true }
    func shouldRestoreApplicationState(_ coder: StateDecoder) -> Bool { true }

    func restorableObject(withRestorationPath path: RestorationPath, coder: StateDecoder)
        -> (any RestorableObject)?
    {
        if let factory { return factory(path) }
        return Container(path.last?.identifier)
    }
}

@Suite("R31: restored containment is a tree, however the archive was crafted")
@MainActor
struct ContainmentTests {
    /// Root ─ A ─ B, and Root presents M: saved, then parsed for a test to rewrite.
    func savedArchive() throws -> Archive {
        let harness = RestorationHarness()
        let app = ContainerApp()
        app.root = Container(
            "Root", value: "r",
            children: [Container("A", value: "a", children: [Container("B", value: "b")])],
            presented: Container("M", value: "m"))
        try harness.launch(app).save()
        return try Archive(bytes: try #require(harness.storage[.archive]))
    }

    /// The archive with `key` of the record at `path` set to `value`.
    func rewrite(_ archive: Archive, _ path: String, _ key: String, _ value: StateValue) throws -> Archive {
        var archive = archive
        let index = try #require(
            archive.records.firstIndex { $0.path.description == path }, "no record \(path)")
        archive.records[index].entries.removeAll { $0.key == key }
        archive.records[index].entries.append(ArchiveEntry(key: key, value: value))
        return archive
    }

    func index(_ archive: Archive, _ path: String) -> Int {
        archive.records.firstIndex { $0.path.description == path } ?? -1
    }

    /// Restores `archive` from its bytes (checksum valid) into a fresh app whose window holds
    /// `root`, and whose delegate answers `factory` (a new ``Container`` for any path if nil).
    func restore(
        _ archive: Archive, root: Container? = nil, registry: RestorationRegistry = RestorationRegistry(),
        factory: ((RestorationPath) -> Container?)? = nil
    ) -> (ContainerApp, [String]) {
        let app = ContainerApp()
        app.root = root
        app.factory = factory
        let harness = RestorationHarness(registry: registry)
        harness.storage[.archive] = archive.encodedBytes()
        let launch = harness.launch(app)
        return (app, launch.restoreDiagnostics)
    }

    /// The diagnostic of the record at `path` when the object found for it was restored at
    /// `earlier` already.
    func alreadyRestored(_ path: String, at earlier: String) -> String {
        "not restored: \(path): the object found for it is already restored at '\(earlier)'; an object has "
            + "one place in the tree, so nothing is restored here or below (R31)"
    }

    func tree(_ app: ContainerApp) -> [String]? {
        var seen = Set<ObjectIdentifier>()
        return app.root?.treeLines(seen: &seen)
    }

    @Test("R31: an untouched archive restores its whole tree, with no diagnostic")
    func untouched() throws {
        let (app, diagnostics) = restore(try savedArchive())
        #expect(diagnostics == [])
        #expect(tree(app) == ["Root r", "  A a", "    B b", "  M m"])
    }

    @Test("R31: a container that lists itself among its children keeps the others, with a diagnostic")
    func selfChild() throws {
        let archive = try savedArchive()
        let crafted = try rewrite(
            archive, "Root", "children", .array([.reference(0), .reference(index(archive, "Root/A"))]))
        let (app, diagnostics) = restore(crafted)
        #expect(tree(app) == ["Root r", "  A a", "    B b", "  M m"])
        #expect(
            diagnostics == [
                "not restored: Root: 'Root' lists it under 'children', but it is that object itself; it is left "
                    + "out there (containment is a tree, R31)"
            ])
    }

    @Test(
        "R31: two objects presenting each other: the one saved above keeps presenting, the other is refused")
    func presentingEachOther() throws {
        let archive = try savedArchive()
        let crafted = try rewrite(archive, "Root/M", "presented", .reference(0))
        let (app, diagnostics) = restore(crafted)
        #expect(tree(app) == ["Root r", "  A a", "    B b", "  M m"])
        #expect(app.root?.presented?.presented == nil)
        #expect(
            diagnostics == [
                "not restored: Root: 'Root/M' lists it under 'presented', but it was saved under the windows, "
                    + "and an object contains only what was saved under it; it is left out there (containment "
                    + "is a tree, R31)"
            ])
    }

    @Test("R31: a child listed by two containers, or twice by one, gets one parent")
    func doubleParent() throws {
        let archive = try savedArchive()
        let a = index(archive, "Root/A")
        var crafted = try rewrite(archive, "Root", "children", .array([.reference(a), .reference(a)]))
        crafted = try rewrite(crafted, "Root/M", "children", .array([.reference(a)]))
        let (app, diagnostics) = restore(crafted)
        #expect(tree(app) == ["Root r", "  A a", "    B b", "  M m"])
        #expect(
            diagnostics == [
                "not restored: Root/A: 'Root' lists it under 'children', but it is already contained by 'Root', "
                    + "and an object has one container; it is left out there (containment is a tree, R31)",
                "not restored: Root/A: 'Root/M' lists it under 'children', but it was saved under 'Root', and "
                    + "an object contains only what was saved under it; it is left out there (containment is a "
                    + "tree, R31)",
            ])
    }

    @Test("R31: a restoration that hands back one object for a record and its child makes no cycle")
    func sameObjectTwice() throws {
        let archive = try savedArchive()
        let shared = Container("A")
        let (restored, diagnostics) = restore(archive) { path in
            switch path.description {
            case "Root/A", "Root/A/B": shared
            default: Container(path.last?.identifier)
            }
        }
        #expect(tree(restored) == ["Root r", "  A a", "  M m"])
        #expect(diagnostics == [alreadyRestored("Root/A/B", at: "Root/A")])
    }

    @Test("R31: an object made new for one record and handed back for a later one is caught")
    func newObjectHandedBackLater() throws {
        let archive = try savedArchive()
        // Held weakly, so that when A's object is handed back first nothing else holds it
        // (the restore skips the identity check for such an object in optimised builds).
        weak var madeForA: Container?
        let (restored, diagnostics) = restore(archive) { path in
            switch path.description {
            case "Root/A":
                let made = Container("A")
                madeForA = made
                return made
            case "Root/M": return madeForA
            default: return Container(path.last?.identifier)
            }
        }
        #expect(tree(restored) == ["Root r", "  A a", "    B b"])
        #expect(diagnostics == [alreadyRestored("Root/M", at: "Root/A")])
    }

    @Test("R31: a window's root handed back for a deeper record is never made a child")
    func windowRootBelow() throws {
        let root = Container("Root")
        let (_, diagnostics) = restore(try savedArchive(), root: root) { path in
            path.description == "Root/A/B" ? root : Container(path.last?.identifier)
        }
        #expect(root.value == "", "the window's root was not decoded with B's state")
        #expect(root.children.isEmpty)
        #expect(
            diagnostics == [
                "not restored: Root/A/B: the object found for it is a window's root, which is never restored "
                    + "below another object (R31)"
            ])
    }

    @Test("R31: an object of the wrong type in a containment list is left out and named")
    func wrongType() throws {
        var crafted = try savedArchive()
        crafted.records[index(crafted, "Root/A")].restorationClassName = "OtherRestorer"
        let (_, diagnostics) = restore(crafted, registry: RestorationRegistry([OtherRestorer.self])) { path in
            path.description == "Root/A" ? nil : Container(path.last?.identifier)
        }
        // The class returned another type than the one saved: a warning (R14), then the
        // container leaves it out, and so nothing holds it.
        let expected: [String] = [
            "warning: Root/A: it was saved as StateRestorationTests.Container but restoration class "
                + "'OtherRestorer' returned a StateRestorationTests.OtherObject (R14); its state is decoded into "
                + "it all the same",
            "not restored: Root/A: 'Root' lists it under 'children', but it is a OtherObject, not a "
                + "Container; it is left out there",
            "not attached: Root/A: it was restored, but its parent 'Root' (StateRestorationTests.Container) "
                + "does not hold it once every object has decoded (it is not among its restorationChildren, and "
                + "it names no restorationParent): a container decodes the references to its children and "
                + "attaches them again",
        ]
        #expect(Array(diagnostics.prefix(3)) == expected)
    }
}

/// Restores an ``OtherObject`` for any path.
@MainActor
enum OtherRestorer: NamingRestorer {
    static func make(_ identifier: String?) -> (any RestorableObject)? { OtherObject(identifier ?? "") }
}
