import Foundation
import RestorationTesting
import Testing

@testable import StateRestoration

@Suite("Restoration: references, order, find-or-create, types, registry")
@MainActor
struct RestoreTests {
    /// Saves `root` with a fresh app, kills it, and relaunches `next`.
    func roundTrip(
        _ root: Node, harness: RestorationHarness = .standard(), next: TestApp = TestApp()
    ) throws -> HarnessLaunch<TestApp> {
        try harness.saveAndKill(root)
        return harness.launch(next)
    }

    @Test("R8: a reference is written as the path; it saves objects the walk pruned or never reached")
    func references() throws {
        let harness = RestorationHarness.standard()
        let hidden = Node("Hidden", value: "under a container without identifier").restored(
            by: NodeRestorer.self)
        let outside = Node("Outside", value: "in no window").restored(by: NodeRestorer.self)
        let root = ReferencingNode("Root")
        root.children = [Node(nil, children: [hidden])]
        root.targets = [hidden, outside]
        let report = try harness.launch(root: root).save()
        #expect(report.savedPaths.map(\.description) == ["Root", "Root/Hidden", "Outside"])
        let archive = try Archive(bytes: try #require(harness.storage[.archive]))
        #expect(
            archive.records[0].entries.first { $0.key == "targets" }?.value
                == .array([.reference(1), .reference(2)]))

        let launch = harness.relaunch(making: {
            $0.count == 1 && $0.last?.identifier == "Root" ? ReferencingNode("Root") : nil
        })
        let restored = try #require(launch.report.object(at: RestorationPath("Root")) as? ReferencingNode)
        #expect(
            restored.restoredTargets.map(\.value) == ["under a container without identifier", "in no window"])
        #expect(restored.restoredTargets.map(\.origin) == [.restorationClass, .restorationClass])
    }

    @Test("R8: decoding a reference to an object that was not restored returns nil")
    func referenceToUnrestored() throws {
        let root = ReferencingNode("Root")
        root.targets = [Node("Refused").restored(by: RefusingRestorer.self)]
        let next = TestApp()
        next.factory = { $0.count == 1 ? ReferencingNode("Root") : nil }
        let launch = try roundTrip(root, next: next)
        let restored = try #require(next.root as? ReferencingNode)
        #expect(restored.restoredTargets.isEmpty)
        #expect(restored.firstTargetWasNil)
        #expect(
            launch.restoreDiagnostics.contains {
                $0.hasPrefix("not restored: Refused:") && $0.contains("returned nil")
            })
    }

    @Test("R11: restoration runs after willFinishLaunching and before didFinishLaunching")
    func launchOrder() throws {
        let next = TestApp()
        next.factory = { _ in Node("Root") }
        _ = try roundTrip(Node("Root", value: "v"), next: next)
        let will = try #require(next.willFinishAt)
        let decoded = try #require(next.root?.decodedAt)
        let did = try #require(next.didFinishAt)
        #expect(will < decoded && decoded < did)
    }

    @Test("R12: phase 1 creates every object, parents first; phase 2 decodes; then finished; then delegate")
    func twoPhases() throws {
        let grandchild = Node("Grandchild", value: "g").restored(by: NodeRestorer.self)
        let child = Node("Child", value: "c", children: [grandchild]).restored(by: NodeRestorer.self)
        let next = TestApp()
        next.factory = { _ in Node("Root") }
        let launch = try roundTrip(Node("Root", value: "r", children: [child]), next: next)
        let objects = launch.report.objects.compactMap { $0.object as? Node }
        #expect(objects.map(\.value) == ["r", "c", "g"])
        let created = objects.map(\.createdAt)
        #expect(created == created.sorted())
        let lastCreated = try #require(created.max())
        let decoded = objects.compactMap(\.decodedAt)
        #expect(decoded.count == 3 && decoded == decoded.sorted() && decoded.allSatisfy { $0 > lastCreated })
        let finished = objects.compactMap(\.finishedAt)
        #expect(finished.count == 3 && finished.allSatisfy { $0 > (decoded.max() ?? 0) })
        let delegateDecoded = try #require(next.didDecodeAt)
        #expect(delegateDecoded > (finished.max() ?? 0))
        #expect(objects[0].children.first === objects[1])
        #expect(objects[1].children.first === objects[2])
    }

    @Test("R13a: a recorded restoration class is called, and turns off the delegate and existing objects")
    func restorationClassFirst() throws {
        let list = Node("List", value: "from archive").restored(by: NodeRestorer.self)
        let next = TestApp()
        var delegateAskedFor: [String] = []
        next.factory = { path in
            delegateAskedFor.append(path.description)
            return path.count == 1 ? Node("Nav") : Node("List")
        }
        next.buildInWillFinish = { app in app.root = Node("Nav", children: [Node("List", value: "existing")])
        }
        let launch = try roundTrip(Node("Nav", children: [list]), next: next)
        let restored = try #require(launch.report.object(at: RestorationPath("Nav/List")) as? Node)
        #expect(restored.origin == .restorationClass)
        #expect(restored.pathSeenAtCreation == RestorationPath("Nav/List"))
        #expect(restored.value == "from archive")
        #expect(delegateAskedFor == ["Nav"])
    }

    @Test("R13a: a nil result from the restoration class drops the object and its subtree")
    func restorationClassNil() throws {
        let refused = Node("Refused", children: [Node("Below")]).restored(by: RefusingRestorer.self)
        let next = TestApp()
        next.factory = { _ in Node("Root") }
        let launch = try roundTrip(Node("Root", children: [refused]), next: next)
        #expect(launch.report.restoredPaths.map(\.description) == ["Root"])
        #expect(
            launch.restoreDiagnostics == [
                "not restored: Root/Refused: restoration class 'RefusingRestorer' returned nil, so its subtree is not restored",
                "not restored: Root/Refused/Below: its parent 'Root/Refused' was not restored",
            ])
    }

    @Test("R21: a restoration class can say why it returned nil, and the diagnostic carries it")
    func explainedRefusal() throws {
        let harness = RestorationHarness(
            registry: RestorationRegistry([NodeRestorer.self, ExplainingRestorer.self]))
        let gone = Node("Detail").restored(by: ExplainingRestorer.self)
        try harness.launch(root: Node("Nav", children: [gone])).save()
        let launch = harness.relaunch(root: { Node("Nav") })
        #expect(
            launch.restoreDiagnostics == [
                "not restored: Nav/Detail: restoration class 'ExplainingRestorer' returned nil: "
                    + "item 42 no longer exists, so its subtree is not restored"
            ])
    }

    @Test("R13b: without a class the delegate creates the object; a path of one component is the root")
    func delegateCreates() throws {
        let next = TestApp()
        var paths: [RestorationPath] = []
        next.factory = { path in
            paths.append(path)
            return Node(path.last?.identifier)
        }
        let launch = try roundTrip(
            Node("Nav", value: "root", children: [Node("Modal", value: "m")]), next: next)
        #expect(paths == [RestorationPath("Nav"), RestorationPath("Nav/Modal")])
        #expect(launch.report.roots.count == 1)
        #expect(next.root?.origin == .delegate)
        #expect(next.root?.children.map(\.value) == ["m"])
    }

    @Test("R13c: a nil from the delegate falls through to an object that already exists at the path")
    func existingObject() throws {
        let next = TestApp()
        let existing = Node("Root", children: [Node("Embedded")])
        next.buildInWillFinish = { app in app.root = existing }
        next.factory = { _ in nil }
        let launch = try roundTrip(
            Node("Root", value: "r", children: [Node("Embedded", value: "e")]), next: next)
        #expect(next.root === existing)
        #expect(existing.value == "r")
        #expect(existing.children.first?.value == "e")
        #expect(existing.children.first?.origin == .built)
        #expect(launch.report.diagnostics.isEmpty)
    }

    @Test("R13d: with no class, no delegate object and nothing existing, the subtree is not restored")
    func nothingFound() throws {
        let next = TestApp()
        let launch = try roundTrip(Node("Root", children: [Node("Child")]), next: next)
        #expect(launch.report.restoredPaths.isEmpty)
        #expect(next.root == nil)
        #expect(
            launch.restoreDiagnostics == [
                "not restored: Root: no restoration class was recorded, the app delegate returned nil, and no object "
                    + "exists at that path (an object outside the view tree is found only if registered with "
                    + "registerObjectForStateRestoration before the restore)",
                "not restored: Root/Child: its parent 'Root' was not restored",
            ])
    }

    @Test("R14: an object of another type is not decoded, with a diagnostic; a subclass is")
    func typeCheck() throws {
        let next = TestApp()
        let other = OtherObject("Mismatch")
        let subclass = OtherObjectNode("Sub")
        next.buildInWillFinish = { app in
            let root = Node("Root")
            root.views = [other]
            root.children = [subclass]
            app.root = root
        }
        let saved = Node("Root", value: "root")
        saved.views = [Node("Mismatch", value: "x")]
        saved.children = [Node("Sub", value: "from a Node")]
        // The subclass instance replaces the saved plain Node at Root/Sub.
        let launch = try roundTrip(saved, next: next)
        #expect(other.decoded == false)
        #expect(
            launch.restoreDiagnostics.contains(
                "not decoded: Root/Mismatch: it was saved as StateRestorationTests.Node but the object found is "
                    + "StateRestorationTests.OtherObject; its state is not decoded"))
        #expect(subclass.value == "from a Node")
    }

    @Test("R15: an archive naming an unregistered class restores nothing there and creates no object")
    func unregisteredClass() throws {
        let harness = RestorationHarness(registry: RestorationRegistry([NodeRestorer.self]))
        let stranger = Node("Stranger", children: [Node("Below")]).restored(by: UnregisteredRestorer.self)
        let save = try harness.launch(root: Node("Root", children: [stranger])).save()
        #expect(
            save.diagnostics.map(\.description).contains {
                $0.contains("'UnregisteredRestorer' is not registered")
            })

        let launch = harness.relaunch(making: { path in path.count == 1 ? Node("Root") : Node("Fallback") })
        #expect(launch.report.restoredPaths.map(\.description) == ["Root"])
        #expect(
            launch.restoreDiagnostics.first
                == "not restored: Root/Stranger: restoration class 'UnregisteredRestorer' is not registered with the application; nothing is created for it or below it"
        )
    }

    @Test("R17: a plain object with a restoration class is saved when referenced, and its class creates it")
    func plainObjectsWithClass() throws {
        let harness = RestorationHarness(
            registry: RestorationRegistry([NodeRestorer.self, ModelRestorer.self]))
        let root = ReferencingNode("Root")
        let model = PlainModel("Model", parent: root, text: "plain state")
        root.plain = model
        let report = try harness.saveAndKill(root)
        #expect(report.savedPaths.map(\.description) == ["Root", "Root/Model"])

        let launch = harness.relaunch(root: { ReferencingNode("Root") })
        let restoredRoot = try #require(launch.app.root as? ReferencingNode)
        let restoredModel = try #require(restoredRoot.restoredPlain)
        #expect(restoredModel.text == "plain state")
        #expect(restoredModel.createdByClass)
        #expect(launch.report.diagnostics.isEmpty)
    }

    /// Saves a `NoteHolder` root whose plain note is registered as "Draft", then relaunches
    /// with a new root and a new, empty note; `register` says whether the relaunch registers it.
    private func relaunchWithNote(registering register: Bool) throws -> (
        launch: HarnessLaunch<TestApp>, holder: NoteHolder, note: PlainNote
    ) {
        let harness = RestorationHarness(registry: RestorationRegistry([NodeRestorer.self]))
        let root = NoteHolder("Root")
        let note = PlainNote(parent: root, text: "half a sentence")
        root.note = note
        let first = harness.launch(root: root) {
            $0.registerObjectForStateRestoration(note, restorationIdentifier: "Draft")
        }
        let report = try first.save()
        #expect(report.savedPaths.map(\.description) == ["Root", "Root/Draft"])
        #expect(report.diagnostics.isEmpty)
        first.kill()

        let holder = NoteHolder("Root")
        let fresh = PlainNote(parent: holder, text: "")
        holder.note = fresh
        let next = TestApp()
        next.buildInWillFinish = { $0.root = holder }
        let launch = harness.launch(next) { engine in
            if register { engine.registerObjectForStateRestoration(fresh, restorationIdentifier: "Draft") }
        }
        return (launch, holder, fresh)
    }

    @Test("R17, R13c: a plain object registered under an identifier before the restore is found and decoded")
    func registeredPlainObject() throws {
        let (launch, holder, note) = try relaunchWithNote(registering: true)
        #expect(note.text == "half a sentence")
        #expect(holder.restoredNote === note)
        #expect(launch.report.restoredPaths.map(\.description) == ["Root", "Root/Draft"])
        #expect(launch.report.diagnostics.isEmpty)
    }

    @Test("R17: an unregistered plain object is not found, and a diagnostic says why")
    func unregisteredPlainObject() throws {
        let (launch, holder, note) = try relaunchWithNote(registering: false)
        #expect(note.text == "")
        #expect(holder.restoredNote == nil)
        #expect(launch.report.restoredPaths.map(\.description) == ["Root"])
        #expect(
            launch.restoreDiagnostics.contains(
                "not restored: Root/Draft: no restoration class was recorded, the app delegate returned nil, "
                    + "and no object exists at that path (an object outside the view tree is found only if "
                    + "registered with registerObjectForStateRestoration before the restore)"))
    }

    @Test("R17: an object registered under an empty identifier is unregistered")
    func emptyIdentifierUnregisters() throws {
        let harness = RestorationHarness(registry: RestorationRegistry([NodeRestorer.self]))
        let root = NoteHolder("Root")
        let note = PlainNote(parent: root, text: "x")
        root.note = note
        let first = harness.launch(root: root) { engine in
            engine.registerObjectForStateRestoration(note, restorationIdentifier: "Draft")
            engine.registerObjectForStateRestoration(note, restorationIdentifier: "")
        }
        let report = try first.save()
        #expect(report.savedPaths.map(\.description) == ["Root"])
        #expect(
            report.diagnostics.map(\.description).contains {
                $0.contains("a reference to it was encoded as nil: it has no restoration identifier")
            })
    }
}

/// A node that references a plain note (R17).
@MainActor
final class NoteHolder: Node {
    var note: PlainNote?
    var restoredNote: PlainNote?

    override func encodeRestorableState(with coder: StateEncoder) throws {
        try super.encodeRestorableState(with: coder)
        try coder.encodeObject(note, forKey: "note")
    }

    override func decodeRestorableState(with coder: StateDecoder) throws {
        try super.decodeRestorableState(with: coder)
        restoredNote = try coder.decodeObject(forKey: "note") as? PlainNote
    }
}

/// A plain object as UIKit's `UIStateRestoring`: no identifier of its own and no restoration
/// class; only its registration names it (R17). Its state is its text.
@MainActor
class PlainNote: RestorableObject {
    weak var parent: (any RestorableObject)?
    var text: String

    init(parent: (any RestorableObject)?, text: String) {
        self.parent = parent
        self.text = text
    }

    var restorationIdentifier: String? { nil }
    var restorationClass: (any ObjectRestoration.Type)? { nil }
    var restorationParent: (any RestorableObject)? { parent }

    func encodeRestorableState(with coder: StateEncoder) throws {
        try coder.encode(text, forKey: "text")
    }

    func decodeRestorableState(with coder: StateDecoder) throws {
        text = try coder.decode(forKey: "text")
    }
}

/// A restoration class that refuses and says why.
@MainActor
enum ExplainingRestorer: ObjectRestoration {
    static func restoreObject(withRestorationPath path: RestorationPath, coder: StateDecoder)
        -> (any RestorableObject)?
    {
        coder.explainNotRestored("item 42 no longer exists")
        return nil
    }
}

/// A node that references other objects.
@MainActor
final class ReferencingNode: Node {
    var targets: [Node] = []
    var plain: PlainModel?
    var restoredTargets: [Node] = []
    var restoredPlain: PlainModel?
    var firstTargetWasNil = false

    override func encodeRestorableState(with coder: StateEncoder) throws {
        try super.encodeRestorableState(with: coder)
        try coder.encodeObjects(targets, forKey: "targets")
        try coder.encodeObject(targets.first, forKey: "first")
        try coder.encodeObject(plain, forKey: "plain")
    }

    override func decodeRestorableState(with coder: StateDecoder) throws {
        try super.decodeRestorableState(with: coder)
        restoredTargets = try coder.decodeObjects(forKey: "targets").compactMap { $0 as? Node }
        firstTargetWasNil = try coder.decodeObject(forKey: "first") == nil
        restoredPlain = try coder.decodeObject(forKey: "plain") as? PlainModel
        // A plain object made by its class knows no parent: the referrer gives it its own,
        // so that it is held (and saved again at the same path).
        if let restoredPlain, restoredPlain.parent == nil { restoredPlain.parent = self }
    }
}

/// A plain object with a restoration parent, an identifier of its own and an object
/// restoration class (R17).
@MainActor
final class PlainModel: PlainNote {
    let identifier: String
    var createdByClass = false

    init(_ identifier: String, parent: (any RestorableObject)?, text: String) {
        self.identifier = identifier
        super.init(parent: parent, text: text)
    }

    override var restorationIdentifier: String? { identifier }
    override var restorationClass: (any ObjectRestoration.Type)? { ModelRestorer.self }
}

@MainActor
enum ModelRestorer: ObjectRestoration {
    static func restoreObject(withRestorationPath path: RestorationPath, coder: StateDecoder)
        -> (any RestorableObject)?
    {
        let model = PlainModel(path.last?.identifier ?? "", parent: nil, text: "")
        model.createdByClass = true
        return model
    }
}
