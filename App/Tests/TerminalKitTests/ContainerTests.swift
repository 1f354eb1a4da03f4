import RestorationTesting
import StateRestoration
import Testing

@testable import TerminalKit

@Suite("Split view and tab bar controllers (T1, T2, T6)")
@MainActor
struct ContainerTests {
    nonisolated static let wideSizes = [Size(width: 130, height: 20), Size(width: 200, height: 50)]
    nonisolated static let narrowSizes = [Size(width: 40, height: 12), Size(width: 80, height: 24)]

    private func sampleStore() -> FruitStore { FruitStore(fruits: FruitStore.sample(count: 30)) }

    /// Opens the third fruit and types into its name, leaving the cursor two to the left.
    private func openAndType(_ app: ContainerLaunch) {
        app.press(.down, .down, .enter)
        app.type("汁!")
        app.press(.left)
    }

    /// The container app at `size`, the third fruit open and typed into (``openAndType(_:)``).
    private func openedAndTyped(at size: Size) -> ContainerLaunch {
        let app = ContainerLaunch(store: sampleStore(), size: size)
        openAndType(app)
        return app
    }

    @Test(
        "T1, T6: wide, the list and the open fruit show side by side, the focus in the fruit",
        arguments: wideSizes)
    func sideBySide(size: Size) {
        let app = ContainerLaunch(store: sampleStore(), size: size)
        #expect(!app.split.isCollapsed)
        // Nothing open yet: the secondary column says so.
        #expect(app.screen.contains("Choose a fruit"))
        openAndType(app)
        let divider = app.lines[1].firstIndex(of: "│").map {
            app.lines[1].distance(from: app.lines[1].startIndex, to: $0)
        }
        #expect(divider != nil)
        // The list on the left, still there with its highlight; the fruit on the right.
        #expect(app.lines[1].hasPrefix(" Apple 0"))
        #expect(app.lines.contains { $0.contains("│ Name   Cherry 2汁!") })
        #expect(app.terminal.highlightedLines.first?.hasPrefix(" Cherry 2") == true)
        #expect(app.split.focusedColumn == .secondary)
        // The cursor is in the name field, on the right of the divider, before the "!".
        let cursor = app.terminal.cursor
        #expect(cursor != nil && cursor!.x > (divider ?? 0))
        #expect(app.detail?.nameField.text == "Cherry 2汁!")
        #expect(app.detail?.nameField.cursorPosition == 9)
        // The footer names the key to the other pane.
        #expect(app.lines.last?.contains("^O To Fruits") == true)
    }

    @Test("T1: Ctrl-O moves the focus between the panes, Esc goes back to the list", arguments: wideSizes)
    func otherPaneKey(size: Size) {
        let app = openedAndTyped(at: size)
        app.press(.ctrl("o"))
        #expect(app.split.focusedColumn == .primary)
        // The list has the keys now: ↓ moves its highlight, the fruit stays open.
        app.press(.down)
        #expect(app.terminal.highlightedLines.first?.hasPrefix(" Date 3") == true)
        #expect(app.detail?.nameField.text == "Cherry 2汁!")
        #expect(app.lines.last?.contains("^O To Cherry 2") == true)
        app.press(.ctrl("o"))
        #expect(app.split.focusedColumn == .secondary)
        #expect(app.detail?.nameField.cursorPosition == 9)
        app.press(.escape)
        #expect(app.split.focusedColumn == .primary)
        // Enter on another fruit replaces the one shown, which keeps its edit.
        app.press(.enter)
        #expect(app.detail?.fruit.id == "F3")
        #expect(app.delegate.store.fruits[2].name == "Cherry 2汁!")
    }

    @Test(
        "T1, T6: narrower than 120 columns the split collapses into one stack, and expands back, keeping the focus and cursor",
        arguments: zip(wideSizes, narrowSizes))
    func collapseAndExpand(wide: Size, narrow: Size) {
        let app = openedAndTyped(at: wide)
        let wideScreen = app.screen
        let wideCursor = app.terminal.cursor
        app.resize(to: narrow)
        #expect(app.split.isCollapsed)
        // The fruit alone, with a back button to the list; the same field, text and cursor.
        #expect(app.lines[0].hasPrefix(" ‹ Fruits"))
        #expect(app.lines[1].hasPrefix(" Name   Cherry 2汁!"))
        #expect(!app.screen.contains("│"))
        #expect(app.detail?.nameField.isFirstResponder == true)
        #expect(app.detail?.nameField.cursorPosition == 9)
        #expect(app.terminal.cursor == Point(x: 18, y: 1))
        app.type("?")
        #expect(app.detail?.nameField.text == "Cherry 2汁?!")
        app.press(.backspace)
        app.resize(to: wide)
        #expect(!app.split.isCollapsed)
        #expect(app.screen == wideScreen)
        #expect(app.terminal.cursor == wideCursor)
        // Narrow again, Esc goes back to the list; wide again, the secondary is empty.
        app.resize(to: narrow)
        app.press(.escape)
        #expect(app.lines[0].contains("Fruits"))
        #expect(app.terminal.highlightedLines.first?.hasPrefix(" Cherry 2汁!") == true)
        app.resize(to: wide)
        #expect(app.split.secondaryViewController == nil)
        #expect(app.screen.contains("Choose a fruit"))
    }

    @Test(
        "T1: an earlier version's navigation root gives its list and item to the columns, and its alert to the tabs"
    )
    func adoptScreens() {
        let list = ViewController()
        let item = ViewController()
        let deeper = ViewController()
        let alert = ViewController()
        let former = NavigationController(rootViewController: list)
        former.setViewControllers([list, item, deeper])
        former.present(alert)
        let split = SplitViewController()
        let tabs = TabBarController(viewControllers: [split])
        let presented = split.adoptScreens(
            of: former, presentingOver: tabs, primary: { $0 === list }, secondary: { $0 === item })
        #expect(presented === alert)
        #expect(former.viewControllers.isEmpty)
        #expect(former.presentedViewController == nil)
        #expect(
            split.primaryNavigationController.viewControllers.map(ObjectIdentifier.init) == [
                ObjectIdentifier(list)
            ])
        #expect(
            split.secondaryNavigationController.viewControllers.map(ObjectIdentifier.init) == [
                ObjectIdentifier(item)
            ])
        #expect(tabs.presentedViewController === alert)
        // A screen the split does not accept stays out of it.
        let other = NavigationController(rootViewController: ViewController())
        let fresh = SplitViewController()
        fresh.adoptScreens(
            of: other, presentingOver: fresh, primary: { _ in false }, secondary: { _ in true })
        #expect(fresh.primaryNavigationController.viewControllers.isEmpty)
        #expect(fresh.secondaryNavigationController.viewControllers.isEmpty)
    }

    @Test(
        "T1, T6: saved wide and restored narrow, the open fruit is pushed over the list; restored wide again, it is the secondary",
        arguments: zip(wideSizes, narrowSizes))
    func savedWideRestoredNarrow(wide: Size, narrow: Size) {
        let first = openedAndTyped(at: wide)
        first.saveAndKill()
        let narrowLaunch = first.relaunched(size: narrow)
        #expect(narrowLaunch.application.restorationReport?.diagnostics.map(\.description) == [])
        #expect(narrowLaunch.split.isCollapsed)
        // Exactly what the first app shows when it is made narrow.
        first.resize(to: narrow)
        #expect(narrowLaunch.screen == first.screen)
        #expect(narrowLaunch.terminal.cursor == first.terminal.cursor)
        #expect(narrowLaunch.detail?.nameField.text == "Cherry 2汁!")
        // Killed narrow, relaunched wide: both panes, the same fruit, draft and cursor.
        narrowLaunch.type("?")
        narrowLaunch.saveAndKill()
        let wideAgain = narrowLaunch.relaunched(size: wide)
        #expect(!wideAgain.split.isCollapsed)
        first.type("?")
        first.resize(to: wide)
        #expect(wideAgain.screen == first.screen)
        #expect(wideAgain.terminal.cursor == first.terminal.cursor)
        #expect(wideAgain.split.secondaryNavigationController.topViewController is FruitDetailViewController)
        #expect(wideAgain.split.primaryNavigationController.viewControllers.count == 1)
        #expect(wideAgain.split.focusedColumn == .secondary)
    }

    @Test(
        "T1, T6: opened narrow and restored wide, the pushed fruit becomes the secondary",
        arguments: zip(narrowSizes, wideSizes))
    func savedNarrowRestoredWide(narrow: Size, wide: Size) {
        let first = ContainerLaunch(store: sampleStore(), size: narrow)
        #expect(first.split.isCollapsed)
        openAndType(first)
        #expect(first.lines[0].hasPrefix(" ‹ Fruits"))
        first.saveAndKill()
        let second = first.relaunched(size: wide)
        #expect(second.application.restorationReport?.diagnostics.map(\.description) == [])
        first.resize(to: wide)
        #expect(second.screen == first.screen)
        #expect(second.terminal.cursor == first.terminal.cursor)
        #expect(second.lines.contains { $0.contains("│ Name   Cherry 2汁!") })
        #expect(second.split.primaryNavigationController.viewControllers.count == 1)
        // The list was not left behind: Ctrl-O reaches it, with its highlight.
        second.press(.ctrl("o"))
        #expect(second.terminal.highlightedLines.first?.hasPrefix(" Cherry 2") == true)
    }

    @Test(
        "T2, T6: Ctrl-T switches tabs, each keeps its own stack, and the bar and footer name them",
        arguments: narrowSizes + wideSizes)
    func tabsKeepTheirStacks(size: Size) {
        let app = ContainerLaunch(store: sampleStore(), size: size)
        let barRow = app.lines[size.height - 2]
        #expect(barRow.contains("1 Fruits") && barRow.contains("2 Basket"))
        #expect(app.lines.last?.contains("^T Basket") == true)
        openAndType(app)
        app.press(.ctrl("t"))
        #expect(app.tabs.selectedIndex == 1)
        #expect(app.lines[0].contains("Basket"))
        #expect(app.lines.last?.contains("^T Fruits") == true)
        // The basket's own stack: a fruit pushed there.
        app.press(.down, .enter)
        #expect(app.lines[0].hasPrefix(" ‹ Basket"))
        // Alt-1 goes back to the first tab, which kept its open fruit, draft and cursor.
        app.press(Key(.character("1"), modifiers: .alt))
        #expect(app.tabs.selectedIndex == 0)
        #expect(app.detail?.nameField.isFirstResponder == true)
        #expect(app.detail?.nameField.cursorPosition == 9)
        app.press(.ctrl("t"))
        #expect(app.lines[0].hasPrefix(" ‹ Basket"))
        #expect(app.lines[1].hasPrefix(" Name   Banana 1"))
    }

    @Test("T2, T6: the selected tab and every tab's stack are restored", arguments: narrowSizes + wideSizes)
    func tabsRestored(size: Size) {
        let first = openedAndTyped(at: size)
        first.press(.ctrl("t"), .down, .enter)
        first.type("ø")
        first.saveAndKill()
        let second = first.relaunched()
        #expect(second.application.restorationReport?.diagnostics.map(\.description) == [])
        #expect(second.tabs.selectedIndex == 1)
        #expect(second.screen == first.screen)
        #expect(second.terminal.cursor == first.terminal.cursor)
        #expect(second.lines[1].hasPrefix(" Name   Banana 1ø"))
        for app in [first, second] { app.press(.ctrl("t")) }
        #expect(second.screen == first.screen)
        #expect(second.terminal.cursor == first.terminal.cursor)
        #expect(second.detail?.nameField.text == "Cherry 2汁!")
    }

    @Test(
        "T1, X1: the pane with the focus is restored: the list, with an item open beside it",
        arguments: wideSizes)
    func focusedPaneRestored(size: Size) {
        let first = openedAndTyped(at: size)
        first.press(.ctrl("o"))
        #expect(first.split.focusedColumn == .primary)
        // Another tab and back: the list still has it.
        first.press(.ctrl("t"), .ctrl("t"))
        #expect(first.tabs.selectedIndex == 0)
        #expect(first.split.focusedColumn == .primary)
        first.saveAndKill()
        let second = first.relaunched()
        #expect(second.split.focusedColumn == .primary)
        #expect(second.screen == first.screen)
        #expect(second.terminal.cursor == first.terminal.cursor)
        // And the other way: the item's pane.
        second.press(.ctrl("o"))
        second.saveAndKill()
        let third = second.relaunched()
        #expect(third.split.focusedColumn == .secondary)
        #expect(third.detail?.nameField.isFirstResponder == true)
    }

    /// A split delegate that records what it is told and can keep the secondary aside.
    @MainActor
    final class SplitRecorder: SplitViewControllerDelegate {
        var events: [String] = []
        var handlesCollapse = false
        var separated: [ViewController]?

        func splitViewController(
            _ split: SplitViewController, collapseSecondary secondary: [ViewController],
            onto primary: NavigationController
        ) -> Bool {
            events.append("collapse \(secondary.count) onto \(primary.viewControllers.count)")
            return handlesCollapse
        }

        func splitViewController(
            _ split: SplitViewController, separateSecondaryFrom primary: NavigationController
        )
            -> [ViewController]?
        {
            events.append("separate from \(primary.viewControllers.count)")
            return separated
        }

        func splitViewControllerDidCollapse(_ split: SplitViewController) { events.append("did collapse") }
        func splitViewControllerDidExpand(_ split: SplitViewController) { events.append("did expand") }
    }

    @Test("T1: the delegate is asked as in UIKit, and may keep the secondary aside when collapsing")
    func delegateMethods() {
        let app = ContainerLaunch(store: sampleStore(), size: Size(width: 130, height: 20))
        let recorder = SplitRecorder()
        app.split.delegate = recorder
        openAndType(app)
        app.resize(to: Size(width: 80, height: 24))
        #expect(recorder.events == ["collapse 1 onto 1", "did collapse"])
        #expect(app.split.primaryNavigationController.viewControllers.count == 2)
        app.resize(to: Size(width: 130, height: 20))
        #expect(recorder.events.suffix(2) == ["separate from 2", "did expand"])
        // Handled by the delegate: the list alone shows narrow, the fruit waits aside and
        // is beside it again when wide.
        recorder.handlesCollapse = true
        app.resize(to: Size(width: 80, height: 24))
        #expect(app.lines[0].contains("Fruits"))
        #expect(!app.lines[0].hasPrefix(" ‹"))
        #expect(app.split.primaryNavigationController.viewControllers.count == 1)
        #expect(app.split.secondaryNavigationController.topViewController is FruitDetailViewController)
        app.resize(to: Size(width: 130, height: 20))
        #expect(app.lines.contains { $0.contains("│ Name   Cherry 2汁!") })
    }

    @Test("T1: a split whose primary column is empty collapses and expands its secondary back")
    func emptyPrimary() {
        let detail = FruitDetailViewController(
            store: sampleStore(), fruit: Fruit(id: "F0", name: "Kiwi", price: 3), isNew: false)
        let split = SplitViewController(primary: nil, secondary: detail)
        let (app, terminal) = launchHeadless(RootDelegate(root: split), size: Size(width: 130, height: 12))
        #expect(split.secondaryNavigationController.topViewController === detail)
        terminal.resize(to: Size(width: 60, height: 12))
        app.processEvents()
        #expect(split.isCollapsed)
        #expect(split.primaryNavigationController.viewControllers.first === detail)
        #expect(terminal.text.contains("Name   Kiwi"))
        terminal.resize(to: Size(width: 130, height: 12))
        app.processEvents()
        #expect(split.primaryNavigationController.viewControllers.isEmpty)
        #expect(split.secondaryNavigationController.topViewController === detail)
    }

    @Test(
        "P1, R26: under a screen presented full screen over the root, the covered screens still tell their engine what changed"
    )
    func coveredRootTellsItsEngine() {
        let field = TextField()
        field.restorationIdentifier = "field"
        let root = ViewController()
        root.restorationIdentifier = "root"
        root.view = field
        let (app, _) = launchHeadless(RootDelegate(root: root), size: Size(width: 40, height: 8))
        #expect(field.restorationEngine === app.engine)
        let cover = ViewController()
        cover.modalPresentationStyle = .fullScreen
        root.present(cover)
        app.processEvents()
        #expect(root.window == nil, "the root's view is off screen under the cover")
        #expect(root.restorationEngine === app.engine)
        #expect(field.restorationEngine === app.engine)
        // Not the root once another takes its place.
        app.window.rootViewController = ViewController()
        #expect(root.restorationEngine == nil)
    }

    @Test("T1: a hostile primary depth or tab index in the archive is clamped")
    func hostileValuesClamped() throws {
        let first = openedAndTyped(at: Size(width: 80, height: 24))
        first.saveAndKill()
        let storage = first.storage
        // The saved values rewritten to nonsense, in an archive the engine accepts.
        var archive = try Archive(bytes: try #require(storage[.archive]))
        for record in archive.records.indices {
            for entry in archive.records[record].entries.indices {
                switch archive.records[record].entries[entry].key {
                case "primaryDepth": archive.records[record].entries[entry].value = .int(-7)
                case "selectedIndex": archive.records[record].entries[entry].value = .int(Int64.max)
                default: break
                }
            }
        }
        #expect(archive.records.contains { $0.entries.contains { $0.key == "primaryDepth" } })
        storage[.archive] = archive.encodedBytes()
        let second = first.relaunched(size: Size(width: 130, height: 20))
        #expect(second.tabs.selectedIndex == 0)
        #expect(!second.split.isCollapsed)
        #expect(second.split.primaryNavigationController.viewControllers.count == 1)
        #expect(second.detail != nil)
    }
}
