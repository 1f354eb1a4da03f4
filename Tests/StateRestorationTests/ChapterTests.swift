import Foundation
import RestorationTesting
import Testing

@testable import StateRestoration

// The chapter's Homepwner, in miniature: a navigation root (identifier, no class) holding the
// items list (identifier and class), a pushed detail (identifier and class), and a modal
// navigation controller (identifier, no class) wrapping a new-item detail.

@MainActor
final class MiniNavigationController: StackNode {
    init() { super.init("UINavigationController") }
    override init(_ identifier: String?, value: String = "", children: [Node] = []) {
        super.init(identifier, value: value, children: children)
    }
}

/// A view controller of the chapter: its own restoration class, and one value of its own
/// saved under `key` beside the node's, as the book's controllers add a line each to
/// `encodeRestorableStateWithCoder:` and `decodeRestorableStateWithCoder:`.
@MainActor
class ChapterViewController<State: StateValueConvertible>: Node {
    let key: String
    var state: State

    init(_ identifier: String, restorationClass: any ObjectRestoration.Type, key: String, state: State) {
        self.key = key
        self.state = state
        super.init(identifier)
        self.restorationClass = restorationClass
    }

    override func encodeRestorableState(with coder: StateEncoder) throws {
        try super.encodeRestorableState(with: coder)
        try coder.encode(state, forKey: key)
    }

    override func decodeRestorableState(with coder: StateDecoder) throws {
        try super.decodeRestorableState(with: coder)
        state = try coder.decode(forKey: key)
    }
}

@MainActor
final class ItemsViewController: ChapterViewController<Bool>, ObjectRestoration {
    var isEditing: Bool {
        get { state }
        set { state = newValue }
    }

    init() {
        super.init(
            "ItemsViewController", restorationClass: ItemsViewController.self, key: "editing", state: false)
    }

    static func restoreObject(withRestorationPath path: RestorationPath, coder: StateDecoder)
        -> (any RestorableObject)?
    {
        let list = ItemsViewController()
        list.origin = .restorationClass
        return list
    }
}

@MainActor
final class DetailViewController: ChapterViewController<String>, ObjectRestoration {
    let isNew: Bool
    var itemKey: String {
        get { state }
        set { state = newValue }
    }

    init(isNew: Bool) {
        self.isNew = isNew
        super.init(
            "DetailViewController", restorationClass: DetailViewController.self, key: "item.itemKey",
            state: "")
    }

    static func restoreObject(withRestorationPath path: RestorationPath, coder: StateDecoder)
        -> (any RestorableObject)?
    {
        // As in the book: three components mean the modal new-item screen.
        let detail = DetailViewController(isNew: path.count == 3)
        detail.origin = .restorationClass
        detail.pathSeenAtCreation = path
        return detail
    }
}

/// The chapter's app delegate: it creates both navigation controllers.
@MainActor
final class HomepwnerDelegate: HarnessApp {
    var window: MiniNavigationController?
    var created: [String] = []

    var rootObjects: [any RestorableObject] { window.map { [$0] } ?? [] }
    func shouldSaveApplicationState(_ coder: StateEncoder) -> Bool { true }
    func shouldRestoreApplicationState(_ coder: StateDecoder) -> Bool { true }

    func restorableObject(withRestorationPath path: RestorationPath, coder: StateDecoder)
        -> (any RestorableObject)?
    {
        // "If this is the root, it is the window's root view controller."
        let navigation = MiniNavigationController()
        created.append(path.description)
        if path.count == 1 { window = navigation }
        return navigation
    }

    func didFinishLaunching(_ report: RestorationReport) {
        if window == nil {
            window = MiniNavigationController()
            window?.children = [ItemsViewController()]
        }
    }
}

@Suite("The chapter: Homepwner's tree, and the figure of pruned controllers")
@MainActor
struct ChapterTests {
    func registry() -> RestorationRegistry {
        RestorationRegistry([ItemsViewController.self, DetailViewController.self])
    }

    @Test("R24, H8: the chapter's tree comes back after a kill, with the detail told new from pushed")
    func chapterTree() throws {
        let harness = RestorationHarness(registry: registry())
        let app = HomepwnerDelegate()
        let first = harness.launch(app)
        let root = try #require(app.window)
        let list = try #require(root.children.first as? ItemsViewController)
        list.isEditing = true
        let pushed = DetailViewController(isNew: false)
        pushed.itemKey = "ITEM-3"
        pushed.value = "Rusty Spork (half-typ"
        root.children.append(pushed)
        let modal = MiniNavigationController()
        let newItem = DetailViewController(isNew: true)
        newItem.itemKey = "NEW-1"
        modal.children = [newItem]
        root.presented = modal
        let saved = try first.save()
        #expect(
            saved.savedPaths.map(\.description) == [
                "UINavigationController",
                "UINavigationController/ItemsViewController",
                "UINavigationController/DetailViewController",
                "UINavigationController/UINavigationController",
                "UINavigationController/UINavigationController/DetailViewController",
            ])
        let before = first.treeDescription
        first.kill()

        let next = HomepwnerDelegate()
        let second = harness.launch(next)
        #expect(second.treeDescription == before)
        #expect(
            second.treeDescription == """
                UINavigationController (MiniNavigationController)
                  ItemsViewController (ItemsViewController)
                  DetailViewController (DetailViewController)
                  UINavigationController (MiniNavigationController)
                    DetailViewController (DetailViewController)
                """)
        #expect(next.created == ["UINavigationController", "UINavigationController/UINavigationController"])
        let window = try #require(next.window)
        #expect((window.children[0] as? ItemsViewController)?.isEditing == true)
        let restoredPushed = try #require(window.children[1] as? DetailViewController)
        #expect(restoredPushed.isNew == false)
        #expect(restoredPushed.pathSeenAtCreation?.count == 2)
        #expect(restoredPushed.itemKey == "ITEM-3")
        #expect(restoredPushed.value == "Rusty Spork (half-typ")
        let restoredNew = try #require(window.presented?.children.first as? DetailViewController)
        #expect(restoredNew.isNew == true)
        #expect(restoredNew.pathSeenAtCreation?.count == 3)
        #expect(restoredNew.itemKey == "NEW-1")
        #expect(second.report.diagnostics.isEmpty)
    }

    @Test("R3: the chapter's figure: two controllers without identifiers prune exactly their subtrees")
    func figure() throws {
        // Root ─┬─ A ─┬─ A1
        //       │     └─ (gray) ─── A2a ─── A2a1
        //       └─ (gray) ─┬─ B1 ─── B1a
        //                  └─ B2
        let grayInner = Node(nil, children: [Node("A2a", children: [Node("A2a1")])])
        let grayTop = Node(nil, children: [Node("B1", children: [Node("B1a")]), Node("B2")])
        let root = Node("Root", children: [Node("A", children: [Node("A1"), grayInner]), grayTop])
        for node in Self.flatten(root) { node.encodesStructure = false }
        let report = try RestorationHarness.standard().launch(root: root).save()
        #expect(report.savedPaths.map(\.description) == ["Root", "Root/A", "Root/A/A1"])
        let pruned = report.diagnostics.filter { $0.kind == .notSaved }.compactMap(\.path)
        #expect(
            pruned == [
                "Root/A/<Node>", "Root/A/<Node>/A2a", "Root/A/<Node>/A2a/A2a1",
                "Root/<Node>", "Root/<Node>/B1", "Root/<Node>/B1/B1a", "Root/<Node>/B2",
            ])
    }

    static func flatten(_ node: Node) -> [Node] {
        [node] + node.children.flatMap(flatten)
    }

    @Test("R24: the harness builds, saves, kills and relaunches with no terminal and no sleeps")
    func harness() throws {
        let harness = RestorationHarness.standard()
        harness.configuration.continuousPreservationDelay = .milliseconds(300)
        let root = Node("Root", value: "x", children: [Node("Leaf", value: "y")])
        let first = harness.launch(root: root)
        #expect(first.report.restored == false)
        try first.save()
        // The save is in the storage every launch shares.
        let saved = try #require(harness.storage[.archive])
        // A change whose debounced save (its debounce and its deadline, rule H15) waits on
        // the harness's clock, and dies with the kill.
        root.value = "changed"
        first.engine.stateDidChange()
        #expect(harness.scheduler.pendingCount == 2)
        first.kill()
        #expect(harness.scheduler.pendingCount == 0)
        harness.scheduler.advance(by: .seconds(1))
        #expect(harness.storage[.archive] == saved)

        let second = harness.relaunch(making: { Node($0.last?.identifier) })
        #expect(second.report.restored)
        #expect(second.treeDescription == "Root (Node)\n  Leaf (Node)")
        #expect(second.app.root?.value == "x")
        #expect(second.app.root?.children.first?.value == "y")
        #expect(second.restoreDiagnostics.isEmpty)
        // The crash-loop window (R18) runs on the same clock: the launch counts as unconfirmed
        // until the test moves time past it, however long the test really takes.
        #expect(harness.storage[.launchHistory] != nil)
        harness.scheduler.advance(by: harness.configuration.crashLoopWindow - .milliseconds(1))
        #expect(harness.storage[.launchHistory] != nil)
        harness.scheduler.advance(by: .milliseconds(1))
        #expect(harness.storage[.launchHistory] == nil)
    }
}
