import Foundation
import RestorationTesting
import TestSupport
import Testing

@testable import StateRestoration

@Suite("R26: saves driven by change")
@MainActor
struct ChangeDrivenSaveTests {
    func harness() -> RestorationHarness { .continuous() }

    @Test("R26: invalidateRestorableState saves after the debounce, with no input event")
    func invalidateSaves() throws {
        let harness = harness()
        let node = Node("Root", value: "before")
        let launch = harness.launch(root: node)
        node.engine = launch.engine
        try launch.save()
        // A timer, say, changes the state; nothing else happens.
        node.value = "after"
        node.invalidateRestorableState()
        #expect(launch.engine.hasPendingSave)
        harness.scheduler.advance(by: .milliseconds(400))
        launch.engine.waitForPendingWrites()
        let archive = try Archive(fileBytes: try #require(harness.storage[.archive]))
        #expect(archive.records.first?.entries.first { $0.key == "value" }?.value == .string("after"))
    }

    @Test("R26, C1: invalidateRestorableState tells the object's own engine only, not another window's")
    func invalidateTellsItsOwnEngine() throws {
        let first = harness()
        let second = harness()
        let node = Node("Root", value: "before")
        let firstLaunch = first.launch(root: node)
        let secondLaunch = second.launch(root: Node("Root", value: "other"))
        node.engine = firstLaunch.engine
        node.value = "after"
        node.invalidateRestorableState()
        #expect(firstLaunch.engine.hasPendingSave)
        #expect(!secondLaunch.engine.hasPendingSave)
        // An object that belongs to no engine changes nothing, and does not trap.
        let loose = Node("Loose")
        loose.invalidateRestorableState()
        #expect(!secondLaunch.engine.hasPendingSave)
    }

    @Test("R26: a pass over an unchanged tree writes nothing, continuous or not")
    func unchangedWritesNothing() throws {
        let harness = harness()
        let launch = harness.launch(root: Node("Root", value: "same"))
        try launch.save()
        let writes = harness.storage.writeCount
        try launch.save(reason: .background)
        launch.engine.stateDidChange()
        harness.scheduler.advance(by: .seconds(1))
        launch.engine.waitForPendingWrites()
        #expect(harness.storage.writeCount == writes)
        launch.app.root?.value = "changed"
        launch.engine.stateDidChange()
        harness.scheduler.advance(by: .seconds(1))
        launch.engine.waitForPendingWrites()
        #expect(harness.storage.writeCount == writes + 1)
        #expect(launch.engine.lastPreservationReport?.reason == .continuous)
    }

    @Test("R26: state thrown away is written again by the next save, even if unchanged")
    func discardedIsWrittenAgain() throws {
        let harness = harness()
        let launch = harness.launch(root: Node("Root", value: "same"))
        try launch.save()
        launch.engine.discardState(reason: "test")
        #expect(harness.storage[.archive] == nil)
        try launch.save()
        #expect(harness.storage[.archive] != nil)
    }
}

/// The app's own context type, as a restoration class sees it (rule R30).
@MainActor
final class ShopContext {
    let greeting: String
    init(greeting: String) { self.greeting = greeting }
}

/// A restoration class that needs the app's context.
@MainActor
enum ContextRestorer: ObjectRestoration {
    /// The greeting of the context the last call received.
    static var receivedGreeting: String?

    static func restoreObject(withRestorationPath path: RestorationPath, coder: StateDecoder)
        -> (any RestorableObject)?
    {
        guard let context = coder.restorationContext(as: ShopContext.self) else {
            coder.explainNotRestored("no shop context")
            return nil
        }
        receivedGreeting = context.greeting
        let node = Node(path.last?.identifier)
        node.origin = .restorationClass
        node.restorationClass = ContextRestorer.self
        return node
    }
}

@Suite("R30: a context for restoration classes")
@MainActor
struct RestorationContextTests {
    func saved() throws -> RestorationHarness {
        let harness = RestorationHarness(registry: RestorationRegistry([ContextRestorer.self]))
        let child = Node("Child").restored(by: ContextRestorer.self)
        child.encodesStructure = false
        try harness.saveAndKill(Node("Root", children: [child]))
        return harness
    }

    @Test("R30: a restoration class reads the app's typed context from the coder, no global needed")
    func typedContext() throws {
        let harness = try saved()
        ContextRestorer.receivedGreeting = nil
        let launch = harness.relaunch(beforeRestoring: { engine in
            engine.restorationContext = ShopContext(greeting: "hello")
        })
        let child = try #require(launch.report.object(at: RestorationPath("Root/Child")) as? Node)
        #expect(child.origin == .restorationClass)
        #expect(ContextRestorer.receivedGreeting == "hello")
        #expect(launch.report.diagnostics.isEmpty)
    }

    @Test("R30: without a context, or with one of another type, the class says so and nothing is made")
    func missingContext() throws {
        for context in [nil, "a string" as Any] {
            let harness = try saved()
            let launch = harness.relaunch(beforeRestoring: { engine in engine.restorationContext = context })
            #expect(launch.report.object(at: RestorationPath("Root/Child")) == nil)
            #expect(
                launch.restoreDiagnostics.contains {
                    $0.contains(
                        "Root/Child: restoration class 'ContextRestorer' returned nil: no shop context")
                })
        }
    }
}

/// A node whose `presented` reference is read typed (rule R29).
@MainActor
final class TypedReferenceNode: Node {
    var typedError: StateCodingError?
    var typedPresented: StackNode?

    override func decodeRestorableState(with coder: StateDecoder) throws {
        try super.decodeRestorableState(with: coder)
        typedError = errorThrown { () throws(StateCodingError) in
            typedPresented = try coder.decodeObject(of: StackNode.self, forKey: "presented")
        }
    }
}

@Suite("R29: typed single references")
@MainActor
struct TypedReferenceTests {
    func restore(presenting presented: Node) throws -> TypedReferenceNode {
        let harness = RestorationHarness.standard()
        let root = TypedReferenceNode("Root")
        root.presented = presented
        try harness.saveAndKill(root)
        let restoredRoot = TypedReferenceNode("Root")
        restoredRoot.presented = presented is StackNode ? StackNode("Modal") : Node("Modal")
        _ = harness.launch(root: restoredRoot)
        return restoredRoot
    }

    @Test("R29: decodeObject(of:forKey:) returns the object of the type asked for")
    func rightType() throws {
        let root = try restore(presenting: StackNode("Modal"))
        #expect(root.typedPresented === root.presented)
        #expect(root.typedError == nil)
    }

    @Test("R29: a reference to another type is a named error, not a silent nil")
    func wrongType() throws {
        let root = try restore(presenting: Node("Modal"))
        #expect(root.typedPresented == nil)
        #expect(
            root.typedError?.description
                == "'Root': key 'presented': expected Reference to StackNode, found Reference to Node at 'Root/Modal'"
        )
    }
}
