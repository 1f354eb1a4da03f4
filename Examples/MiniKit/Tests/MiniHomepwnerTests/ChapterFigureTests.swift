import Foundation
import MiniHomepwner
import MiniKit
import RestorationTesting
import StateRestoration
import Testing

/// The chapter's figure on MiniKit: the list, an item's detail pushed over it, and the
/// new-item screen presented in its own navigation controller. Each test saves, tears
/// everything down as a kill would, relaunches, and looks at what the user would see.
@MainActor
@Suite("H8 on MiniKit: the chapter's figure restored by a second toolkit")
struct ChapterFigureTests {
    /// The store outlives the launches, as the items' file would.
    let store = ItemStore(names: ["Rusty Spork", "Shiny Bear"])
    let harness = RestorationHarness(
        registry: AppDelegate.makeRegistry(),
        configuration: RestorationConfiguration(
            appName: "MiniHomepwner", appVersion: AppDelegate.version, interfaceIdiom: "test",
            debugOutput: .off))

    /// Launches a new app delegate on the shared store, which its restoration classes reach
    /// as the engine's context (R30).
    func launch() -> HarnessLaunch<AppDelegate> {
        harness.restorationContext = store
        return harness.launch(AppDelegate(store: store))
    }

    /// Saves `launch`, then ends it as `kill -9` would, and launches again.
    func relaunch(after launch: HarnessLaunch<AppDelegate>) throws -> HarnessLaunch<AppDelegate> {
        try launch.save()
        launch.kill()
        return self.launch()
    }

    /// The list of the first launch, which starts with nothing saved.
    func list(of launch: HarnessLaunch<AppDelegate>) throws -> ItemsViewController {
        let navigation = try #require(launch.app.window.rootViewController as? NavigationController)
        return try #require(navigation.viewControllers.first as? ItemsViewController)
    }

    @Test("H8: a pushed detail comes back over the list, with the half-typed name and its cursor")
    func pushedDetail() throws {
        let first = launch()
        let list = try list(of: first)
        let bear = store.allItems[1]
        let detail = list.open(bear)
        detail.nameField.text = ""
        detail.nameField.type("Shiny 熊")
        detail.nameField.moveCursor(to: 5)

        let second = try relaunch(after: first)
        #expect(
            second.treeDescription == """
                NavigationController (NavigationController)
                  ItemsViewController (ItemsViewController)
                  DetailViewController (DetailViewController)
                    nameField (TextField)
                """)
        #expect(second.restoreDiagnostics == [])
        let restored = try #require(second.app.window.visibleViewController as? DetailViewController)
        #expect(restored.item === bear)
        #expect(!restored.isNew)
        #expect(restored.nameField.text == "Shiny 熊")
        #expect(restored.nameField.cursor == 5)
        #expect(bear.name == "Shiny Bear", "a draft is not stored until the user goes back")
        restored.goBack()
        #expect(second.app.window.visibleViewController is ItemsViewController)
        #expect(bear.name == "Shiny 熊")
    }

    @Test("H8: the new-item screen is still presented after a relaunch, and its Done and Cancel work")
    func presentedNewItem() throws {
        for keeps in [true, false] {
            let first = launch()
            let detail = try list(of: first).addNewItem()
            detail.nameField.type("Teddy")
            let count = store.allItems.count

            let second = try relaunch(after: first)
            #expect(
                second.report.restoredPaths.map(\.description) == [
                    "NavigationController", "NavigationController/ItemsViewController",
                    "NavigationController/NavigationController",
                    "NavigationController/NavigationController/DetailViewController",
                    "NavigationController/NavigationController/DetailViewController/nameField",
                ])
            #expect(second.restoreDiagnostics == [])
            let restored = try #require(second.app.window.visibleViewController as? DetailViewController)
            #expect(restored.isNew)
            #expect(restored.nameField.text == "Teddy")
            if keeps {
                restored.done()
                #expect(store.allItems.count == count)
                #expect(store.allItems.last?.name == "Teddy")
            } else {
                restored.cancel()
                #expect(store.allItems.count == count - 1)
            }
            #expect(second.app.window.visibleViewController is ItemsViewController)
            second.confirmLaunchIsStable()
            try second.save()
            second.kill()
        }
    }

    @Test("H4: a new-item screen the list presents itself (4 components) is still a new item")
    func newItemPresentedByTheList() throws {
        let first = launch()
        let list = try list(of: first)
        let detail = DetailViewController(item: store.createItem(name: "Mac"), isNew: true, store: store)
        let navigation = NavigationController(rootViewController: detail)
        navigation.restorationIdentifier = AppDelegate.navigationIdentifier
        list.present(navigation)

        let second = try relaunch(after: first)
        #expect(
            second.report.restoredPaths.map(\.description).last
                == "NavigationController/ItemsViewController/NavigationController/DetailViewController/nameField"
        )
        let restored = try #require(second.app.window.visibleViewController as? DetailViewController)
        #expect(restored.isNew, "Done and Cancel, not a pushed screen")
        #expect(restored.nameField.text == "Mac")
    }

    @Test(
        "H9: a detail whose item was deleted between launches is not restored; the list shows, and says why")
    func deletedItem() throws {
        let first = launch()
        let list = try list(of: first)
        list.setEditing(true)
        let spork = store.allItems[0]
        list.open(spork)
        try first.save()
        first.kill()
        store.removeItem(spork)

        let second = launch()
        #expect(second.app.window.visibleViewController is ItemsViewController)
        #expect(try self.list(of: second).isEditing)
        #expect(
            second.restoreDiagnostics == [
                "not restored: NavigationController/DetailViewController: restoration class 'DetailViewController' "
                    + "returned nil: item \(spork.itemKey) no longer exists, so its subtree is not restored",
                "not restored: NavigationController/DetailViewController/nameField: its parent "
                    + "'NavigationController/DetailViewController' was not restored",
            ])
    }

    @Test("R12: a container of one's own that forgets to attach its children is named")
    func forgetfulContainer() throws {
        let first = launch()
        let list = try list(of: first)
        let container = ForgetfulContainer()
        container.restorationIdentifier = "Tabs"
        container.restorationClass = ForgetfulContainer.self
        let inner = ItemsViewController(store: store)
        container.addChild(inner)
        list.navigationController?.pushViewController(container)
        harness.registry.register(ForgetfulContainer.self)

        let second = try relaunch(after: first)
        let restored = try #require(second.app.window.visibleViewController as? ForgetfulContainer)
        #expect(restored.children.isEmpty)
        #expect(
            second.restoreDiagnostics == [
                "not attached: NavigationController/Tabs/ItemsViewController: it was restored, but its parent "
                    + "'NavigationController/Tabs' (MiniHomepwnerTests.ForgetfulContainer) does not hold it once "
                    + "every object has decoded (it is not among its restorationChildren, and it names no "
                    + "restorationParent): a container decodes the references to its children and attaches them again"
            ])
    }
}

/// A container whose decoding forgets to call `super`, so it never attaches its children.
@MainActor
final class ForgetfulContainer: ViewController, ObjectRestoration {
    static func restoreObject(withRestorationPath path: RestorationPath, coder: StateDecoder)
        -> (any RestorableObject)?
    {
        let container = ForgetfulContainer()
        container.restorationIdentifier = path.last?.identifier
        container.restorationClass = ForgetfulContainer.self
        return container
    }

    override func decodeRestorableState(with coder: StateDecoder) throws {}
}
