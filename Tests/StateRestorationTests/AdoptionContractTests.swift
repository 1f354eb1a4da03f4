import RestorationTesting
import StateRestoration
import Testing

/// What an adopter of the engine can count on, each through the public API: how its
/// mistakes are reported (R4, R12, R14, R21), and what the engine does without being told
/// (R8, R13).
@MainActor
@Suite("R4, R8, R12–R14, R21: what an adopter can count on")
struct AdoptionContractTests {
    /// Saves `root` with `harness`, kills the launch and returns the save's report.
    private func save(_ root: Node, _ harness: RestorationHarness) throws -> PreservationReport {
        let app = TestApp()
        app.root = root
        let launch = harness.launch(app)
        let report = try launch.save()
        launch.kill()
        return report
    }

    @Test("R21: a diagnostic reads as RestorationDiagnostic's documentation shows it")
    func documentedFormat() throws {
        let hidden = ContainerViewController(nil, children: [Node("DetailViewController")])
        let root = Node("NavigationController", children: [hidden])
        root.encodesStructure = false
        let report = try save(root, .standard())
        #expect(
            report.diagnostics.map(\.description).last
                == "not saved: NavigationController/<ContainerViewController>/DetailViewController: ancestor "
                + "'<ContainerViewController>' has no restoration identifier")
    }

    @Test("R21: an unregistered restoration class at save is a warning, and the object is saved")
    func unregisteredClassIsAWarning() throws {
        let stranger = Node("Stranger")
        stranger.restorationClass = UnregisteredRestorer.self
        let report = try save(Node("Root", children: [stranger]), .standard())
        #expect(report.savedPaths.map(\.description) == ["Root", "Root/Stranger"])
        #expect(report.diagnostics.filter { $0.kind == .notSaved }.isEmpty)
        #expect(
            report.diagnostics.map(\.description) == [
                "warning: Root/Stranger: restoration class 'UnregisteredRestorer' is not registered; the object is "
                    + "saved, but will not be restored until it is"
            ])
    }

    @Test(
        "R8: a reference into a pruned subtree saves the object where the report says, and it comes back there"
    )
    func referenceIntoPrunedSubtree() throws {
        let harness = RestorationHarness.standard()
        let hidden = Node("Hidden", value: "kept by reference", children: [Node("Below")])
        hidden.restorationClass = NodeRestorer.self
        hidden.encodesStructure = false
        let root = ReferencingNode("Root")
        root.encodesStructure = false
        root.children = [Node(nil, children: [hidden])]
        root.targets = [hidden]
        let report = try save(root, harness)
        // The archive holds Root/Hidden (its identifier-less parent left out of the path);
        // the report lists it as saved, warns how, and says "not saved" only of what is not.
        #expect(report.savedPaths.map(\.description) == ["Root", "Root/Hidden"])
        #expect(
            report.diagnostics.map(\.description) == [
                "not saved: Root/<Node>: it has no restoration identifier, so its subtree is not saved either",
                "warning: Root/Hidden: saved because a saved object refers to it (R8), although the walk pruned it "
                    + "(ancestor '<Node>' has no restoration identifier); its path leaves out the ancestors without "
                    + "an identifier",
                "not saved: Root/<Node>/Hidden/Below: ancestor '<Node>' has no restoration identifier",
            ])
        let archive = try Archive(bytes: try #require(harness.storage[.archive]))
        #expect(archive.records.count == report.savedPaths.count)

        let next = TestApp()
        next.factory = { $0.count == 1 ? ReferencingNode("Root") : nil }
        let launch = harness.launch(next)
        #expect(launch.report.restoredPaths.map(\.description) == ["Root", "Root/Hidden"])
        let restored = try #require(next.root as? ReferencingNode)
        #expect(restored.restoredTargets.map(\.value) == ["kept by reference"])
    }

    @Test(
        "R4: an identifier containing '/' is refused at save, with its subtree, so no two paths print the same"
    )
    func slashInIdentifier() throws {
        let harness = RestorationHarness.standard()
        let slashed = Node("A/B", children: [Node("C")])
        let root = ReferencingNode("Root", children: [Node("A", children: [Node("B")]), slashed])
        root.encodesStructure = false
        root.targets = [slashed]
        let report = try save(root, harness)
        #expect(report.savedPaths.map(\.description) == ["Root", "Root/A", "Root/A/B"])
        #expect(
            report.diagnostics.map(\.description) == [
                "not saved: Root/A/B: its restoration identifier contains '/', which separates the components of a "
                    + "path, so it and its subtree are not saved",
                "not saved: A/B: a reference to it was encoded as nil: its restoration identifier contains '/', which "
                    + "separates the components of a path",
                "not saved: A/B: a reference to it was encoded as nil: its restoration identifier contains '/', which "
                    + "separates the components of a path",
            ])
    }

    @Test("R14: a restoration class that returns another type than the one saved gets a warning")
    func restorationClassReturningAnotherType() throws {
        let harness = RestorationHarness(registry: RestorationRegistry([OtherRestorer.self]))
        let child = Node("Child", value: "saved as a Node")
        child.restorationClass = OtherRestorer.self
        _ = try save(Node("Root", children: [child]), harness)
        let next = TestApp()
        next.factory = { $0.count == 1 ? Node("Root") : nil }
        let launch = harness.launch(next)
        #expect(
            launch.restoreDiagnostics.first
                == "warning: Root/Child: it was saved as StateRestorationTests.Node but restoration class "
                + "'OtherRestorer' returned a StateRestorationTests.OtherObject (R14); its state is decoded into it "
                + "all the same")
    }

    @Test("R13: the app delegate is never asked for a view; the view its controller made keeps its state")
    func delegateNotAskedForViews() throws {
        let harness = RestorationHarness.standard()
        let root = Node("Root")
        let field = FieldView("nameField", text: "half typ")
        root.views = [field]
        _ = try save(root, harness)
        // A delegate that answers every path, as the first version of the article's did.
        let next = TestApp()
        var asked: [String] = []
        next.factory = { path in
            asked.append(path.description)
            let node = Node(path.last?.identifier)
            node.views = [FieldView("nameField", text: "")]
            return node
        }
        let launch = harness.launch(next)
        #expect(asked == ["Root"])
        let restored = try #require(next.root)
        #expect((restored.views.first as? FieldView)?.text == "half typ")
        #expect(launch.restoreDiagnostics == [])
    }

    @Test(
        "R13: a view is known as one, adopted by its class, a superclass or an extension; a controller is not"
    )
    func viewsAreKnownWithoutACast() {
        #expect(FieldView("nameField", text: "").isRestorableView)
        #expect(BaseView().isRestorableView && LabelView().isRestorableView)
        #expect(LateView().isRestorableView)
        #expect(!Node("Root").isRestorableView)
    }

    @Test("R12: a restored child that its container forgot to attach is named, with its parent")
    func forgottenChild() throws {
        let harness = RestorationHarness.standard()
        let child = Node("Child")
        child.restorationClass = NodeRestorer.self
        _ = try save(Node("Root", children: [child]), harness)
        let next = TestApp()
        next.factory = { $0.count == 1 ? ForgetfulNode("Root") : nil }
        let launch = harness.launch(next)
        #expect(launch.report.restoredPaths.map(\.description) == ["Root", "Root/Child"])
        #expect(next.root?.children.isEmpty == true)
        #expect(
            launch.report.diagnostics.map(\.kind) == [.notAttached]
                && launch.restoreDiagnostics.first?.hasPrefix(
                    "not attached: Root/Child: it was restored, but its parent 'Root' "
                        + "(StateRestorationTests.ForgetfulNode) does not hold it") == true
        )
    }
}

/// A view with text: a ``RestorableView``, which the engine finds below its controller.
@MainActor
final class FieldView: RestorableView {
    let restorationIdentifier: String?
    var text: String

    init(_ identifier: String, text: String) {
        restorationIdentifier = identifier
        self.text = text
    }

    func encodeRestorableState(with coder: StateEncoder) throws {
        try coder.encode(text, forKey: "text")
    }

    func decodeRestorableState(with coder: StateDecoder) throws {
        text = try coder.decode(String.self, forKey: "text")
    }
}

/// A container that saves its children but does not attach them again when restoring.
@MainActor
final class ForgetfulNode: Node {
    override func decodeRestorableState(with coder: StateDecoder) throws {
        value = try coder.decode(String.self, forKey: "value")
    }
}

/// A container without an identifier, named as in the documentation's example.
@MainActor
final class ContainerViewController: Node {}

/// A UI layer's base view, and a subclass of it.
@MainActor
class BaseView: RestorableView {
    var restorationIdentifier: String? { "base" }
}

@MainActor
final class LabelView: BaseView {}

/// An object that becomes a view in an extension.
@MainActor
final class LateView: RestorableObject {
    var restorationIdentifier: String? { "late" }
}

extension LateView: RestorableView {}
