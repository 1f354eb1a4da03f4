import RestorationTesting
import StateRestoration
import Testing

@testable import TerminalKit

@Suite("Navigation: push, pop, present, dismiss")
@MainActor
struct NavigationTests {
    @Test("Enter on a row pushes its detail; Escape pops back to the list")
    func pushAndPop() {
        let app = FruitLaunch(fruits: 3)
        #expect(
            app.screen == """
                                 Fruits            Edit
                 Apple 0                             $1
                 Banana 1                            $2
                 Cherry 2                            $3







                a Add  e Edit  ^C Quit
                """)
        app.press(.down, .enter)
        #expect(
            app.screen == """
                 ‹ Fruits       Banana 1
                 Name   Banana 1
                 Price  2








                ^N New  Esc Back  ^C Quit
                """)
        #expect(app.navigation?.viewControllers.count == 2)
        // The name field has the focus: the cursor is at the end of its text.
        #expect(app.terminal.cursor == Point(x: 16, y: 1))
        app.press(.escape)
        #expect(app.navigation?.viewControllers.count == 1)
        #expect(app.terminal.highlightedLines == [" Banana 1                            $2"])
        #expect(app.list?.appearanceLog == ["willAppear", "willDisappear", "willAppear"])
    }

    @Test("R4: the list presents from its navigation controller: the modal is the root's child")
    func presentFromRootContainer() {
        let app = FruitLaunch(fruits: 3)
        app.type("a")
        #expect(
            TreeDescription.describe(app.application.window.rootViewController.map { [$0] } ?? []) == """
                NavigationController (NavigationController)
                  FruitListViewController (FruitListViewController)
                    table (TableView)
                  ModalNavigationController (NavigationController)
                    FruitDetailViewController (FruitDetailViewController)
                      name (TextField)
                      price (TextField)
                """)
        let saved = app.application.engine.encodeState()?.report.savedPaths.map(\.description) ?? []
        #expect(saved.contains("NavigationController/ModalNavigationController/FruitDetailViewController"))
    }

    @Test("Present shows the modal over everything; Escape (Cancel) dismisses it and keeps nothing")
    func presentAndCancel() {
        let app = FruitLaunch(fruits: 2)
        app.type("a")
        #expect(
            app.screen == """
                 Cancel        New Fruit           Done
                 Name   name
                 Price  0








                Esc Cancel  Enter Done  ^C Quit
                """)
        app.type("Kiwi")
        app.press(.escape)
        #expect(app.navigation?.presentedViewController == nil)
        #expect(app.store.fruits.count == 2)
        #expect(app.screen.hasPrefix("                 Fruits            Edit\n Apple 0"))
    }

    @Test("Done adds the new fruit and dismisses; the list shows it")
    func presentAndDone() {
        let app = FruitLaunch(fruits: 2)
        app.type("a")
        app.type("Kiwi")
        app.press(.tab)
        app.type("7")
        app.press(.enter)
        #expect(app.store.fruits.map(\.name) == ["Apple 0", "Banana 1", "Kiwi"])
        #expect(
            app.screen == """
                                 Fruits            Edit
                 Apple 0                             $1
                 Banana 1                            $2
                 Kiwi                                $7







                a Add  e Edit  ^C Quit
                """)
    }

    @Test("dismiss() works from the presenter, the presented container and the screen inside it")
    func dismissFromAnywhere() {
        let app = FruitLaunch(fruits: 1)
        guard let list = app.list, let navigation = app.navigation else {
            Issue.record("no list")
            return
        }
        for dismisser in ["presenter", "container", "inside"] {
            app.type("a")
            let modal = navigation.presentedViewController as? NavigationController
            #expect(modal != nil)
            switch dismisser {
            case "presenter": list.dismiss()
            case "container": modal?.dismiss()
            default: modal?.topViewController?.dismiss()
            }
            app.application.processEvents()
            #expect(navigation.presentedViewController == nil, "dismissed by the \(dismisser)")
            #expect(app.screen.hasPrefix("                 Fruits"))
        }
    }

    @Test("An alert whose message is longer than the screen is cut with …, and its buttons still show")
    func alertKeepsItsButtons() {
        var fruits = FruitStore.sample(count: 3)
        fruits[0].name = String(repeating: "Very long name ", count: 40)
        let app = FruitLaunch(store: FruitStore(fruits: fruits))
        app.type("e")
        app.press(.delete)
        let lines = app.screen.components(separatedBy: "\n")
        #expect(lines.contains { $0.contains("[ Cancel ]  [ Delete ]") }, "\(app.screen)")
        #expect(lines.contains { $0.contains("…") }, "\(app.screen)")
        // The box still has its bottom edge on the screen.
        #expect(lines.contains { $0.contains("└") }, "\(app.screen)")
        app.press(.escape)
        #expect(app.navigation?.presentedViewController == nil)
    }

    @Test("An alert draws over the screen, takes every key, and dismisses itself")
    func alertIsModal() {
        let app = FruitLaunch(fruits: 3)
        app.type("e")
        app.press(.delete)
        #expect(
            app.screen == """
                                 Fruits            Done
                 - Apple 0                         $1 =
                 - Banana 1                        $2 =
                 - Cher┌────────────────────────┐  $3 =
                       │    Delete Apple 0?     │
                       │ This cannot be undone. │
                       │ [ Cancel ]  [ Delete ] │
                       └────────────────────────┘



                Enter/n/Esc Cancel  y Delete  ←→ Choose
                """)
        app.type("a")  // "Add" of the list must not reach the list through the alert.
        #expect(app.navigation?.presentedViewController is AlertController)
        app.press(.escape)
        #expect(app.navigation?.presentedViewController == nil)
        #expect(app.store.fruits.count == 3)
    }

    @Test("Appearance callbacks: the covered list disappears under a full-screen modal and comes back")
    func appearanceWithModal() {
        let app = FruitLaunch(fruits: 1)
        app.type("a")
        app.press(.escape)
        #expect(app.list?.appearanceLog == ["willAppear", "willDisappear", "willAppear"])
        app.type("e")
        app.press(.delete)  // An alert over the list: the list stays visible.
        #expect(app.list?.appearanceLog == ["willAppear", "willDisappear", "willAppear"])
    }
}
