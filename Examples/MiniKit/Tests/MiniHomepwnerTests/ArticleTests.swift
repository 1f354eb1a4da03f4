import MiniHomepwner
import RestorationTesting
import StateRestoration
import Testing

/// The test that "Adopting state restoration" shows as its step 7, as written there.
@MainActor
@Suite("R24: the article's test")
struct ArticleTests {
    @Test("R24: save, kill and relaunch: the detail comes back with its half-typed name")
    func articleTest() throws {
        // snippet: test-it
        let store = ItemStore(names: ["Shiny Bear"])
        let harness = RestorationHarness(registry: AppDelegate.makeRegistry())
        harness.restorationContext = store
        let app = AppDelegate(store: store)
        let first = harness.launch(app)
        let list = try #require(first.app.window.visibleViewController as? ItemsViewController)
        list.open(store.allItems[0]).nameField.type(" 熊")
        try first.save()
        first.kill()

        let next = AppDelegate(store: store)
        let second = harness.launch(next)
        let detail = try #require(second.app.window.visibleViewController as? DetailViewController)
        #expect(detail.nameField.text == "Shiny Bear 熊")
        #expect(second.report.diagnostics.isEmpty)
        // end-snippet
    }
}
