import GtkKit
import GtkRestoration
import StateRestoration
import Testing

/// The adapter's containers on real GTK widgets: tabs, the split of a page stack, and the
/// engine's clock on GLib's loop.
@Suite("G2: the GTK adapter's containers", .serialized)
@MainActor
struct ContainerRestorationTests {
    /// Each test's harness (Swift Testing makes the suite anew for each test); it closes
    /// the windows it opened when the test is over.
    let harness = SceneHarness()

    @Test("G2: the tab shown comes back after a relaunch, the other tabs' pages as they were")
    func tabShown() throws {
        let (scene, delegate) = try harness.launch()
        #expect(delegate.tabs.selectedTab === delegate.stack)
        try harness.form(delegate).draft.text = "under the first tab"
        delegate.tabs.selectedTab = delegate.other
        let (_, restored) = try harness.relaunch(scene)
        #expect(restored.tabs.selectedTab === restored.other)
        #expect(try harness.form(restored).draft.text == "under the first tab")
    }

    @Test(
        "G3: split, the first page shows beside the top one; folded, the top page alone, the focus moved to it"
    )
    func splitAndFold() throws {
        let (scene, delegate) = try harness.launch()
        let first = try harness.form(delegate)
        let second = FormPage(data: harness.data)
        delegate.stack.push(second)
        delegate.stack.isSplit = true
        #expect(MainLoop.iterate(until: { first.list.isVisibleOnScreen && second.list.isVisibleOnScreen }))
        first.listState.restoreFocus()
        #expect(scene.window.focusIsInside(first.list))
        delegate.stack.isSplit = false
        #expect(MainLoop.iterate(until: { !first.list.isVisibleOnScreen && second.list.isVisibleOnScreen }))
        // The focus was in the page the fold hid: the page shown has it.
        #expect(scene.window.focusIsInside(second.list))
        // Back to the first page alone: it fills the stack again.
        delegate.stack.popToFirst()
        #expect(MainLoop.iterate(until: { first.list.isVisibleOnScreen }))
        #expect(delegate.stack.pages.count == 1)
    }

    @Test("R18, R20: GLib's clock runs the engine's timers on GTK's loop, and a cancelled one never")
    func glibScheduler() throws {
        try SceneHarness.requireDisplay()
        let scheduler = GLibScheduler()
        var ran: [String] = []
        _ = scheduler.schedule(after: .milliseconds(20)) { ran.append("kept") }
        let cancelled = scheduler.schedule(after: .milliseconds(10)) { ran.append("cancelled") }
        cancelled.cancel()
        #expect(MainLoop.iterate(until: { ran == ["kept"] }))
        var posted = false
        scheduler.mainActorPost { posted = true }
        #expect(MainLoop.iterate(until: { posted }))
        MainLoop.drain()
        #expect(ran == ["kept"])
    }
}
