import GtkKit
import GtkRestoration
import StateRestoration
import Testing

/// The adapter on real GTK widgets: what a window saves comes back after a relaunch.
@Suite("G2: the GTK adapter restores a window's state", .serialized)
@MainActor
struct SceneRestorationTests {
    @Test("G2: an entry's text, cursor and selection come back after a relaunch")
    func entryTextCursorSelection() throws {
        let harness = try SceneHarness()
        defer { harness.closeAll() }
        let (scene, delegate) = try harness.launch()
        let form = try harness.form(delegate)
        form.draft.text = "熊猫 Panda"
        form.draft.select(from: 1, to: 4)
        let (_, restored) = try harness.relaunch(scene)
        let again = try harness.form(restored)
        #expect(again.draft.text == "熊猫 Panda")
        #expect(again.draft.selection == 1..<4)
        #expect(again.draft.cursorPosition == 4)
    }

    @Test("G2: a text view's lines, cursor and selection come back after a relaunch, the cursor where it was")
    func textViewTextCursorSelection() throws {
        let harness = try SceneHarness()
        defer { harness.closeAll() }
        let (scene, delegate) = try harness.launch()
        let form = try harness.form(delegate)
        form.notes.text = "第一行\nsecond line"
        // Selected backwards, as Shift+← would: the cursor at the start of the selection.
        form.notes.select(from: 9, to: 2)
        form.notes.grabFocusWithoutSelecting()
        let (restored, restoredDelegate) = try harness.relaunch(scene)
        let again = try harness.form(restoredDelegate)
        #expect(again.notes.text == "第一行\nsecond line")
        #expect(again.notes.selection == 2..<9)
        #expect(again.notes.cursorPosition == 2)
        #expect(restored.window.focusIsInside(again.notes))
    }

    @Test("G2: a restored cursor is kept within a text the store shortened meanwhile")
    func cursorClampedToStoredText() throws {
        let harness = try SceneHarness()
        defer { harness.closeAll() }
        let (scene, delegate) = try harness.launch()
        try harness.form(delegate).stored.cursorPosition = 9
        harness.data.storedText = "short"
        let (_, restored) = try harness.relaunch(scene)
        let again = try harness.form(restored)
        #expect(again.stored.text == "short")
        #expect(again.stored.cursorPosition == 5)
        #expect(again.stored.selection == nil)
    }

    @Test("G2: the window comes back at its size")
    func windowSize() throws {
        let harness = try SceneHarness()
        defer { harness.closeAll() }
        let (scene, _) = try harness.launch()
        scene.window.size = Size(width: 700, height: 420)
        let (restored, _) = try harness.relaunch(scene)
        #expect(restored.window.size == Size(width: 700, height: 420))
    }

    @Test("G2: the page stack comes back with its pages in order")
    func pageStack() throws {
        let harness = try SceneHarness()
        defer { harness.closeAll() }
        let (scene, delegate) = try harness.launch()
        let second = FormPage(data: harness.data)
        delegate.stack.push(second)
        second.draft.text = "on the second page"
        let (_, restored) = try harness.relaunch(scene)
        #expect(restored.stack.pages.count == 2)
        #expect((restored.stack.topPage as? FormPage)?.draft.text == "on the second page")
        #expect((restored.stack.pages.first as? FormPage)?.draft.text == "")
    }

    @Test("G2: the list's selection comes back by key when rows were added above it")
    func listSelectionByKey() throws {
        let harness = try SceneHarness()
        defer { harness.closeAll() }
        let (scene, delegate) = try harness.launch()
        try harness.form(delegate).list.selectedKey = "banana"
        harness.data.rows = ["avocado", "apricot", "apple", "banana", "cherry"]
        let (_, restored) = try harness.relaunch(scene)
        let list = try harness.form(restored).list
        #expect(list.selectedKey == "banana")
        #expect(list.selectedRow == 3)
    }

    @Test("G2: a selected key gone from the list selects nothing")
    func listSelectionGone() throws {
        let harness = try SceneHarness()
        defer { harness.closeAll() }
        let (scene, delegate) = try harness.launch()
        try harness.form(delegate).list.selectedKey = "cherry"
        harness.data.rows = ["apple", "banana"]
        let (_, restored) = try harness.relaunch(scene)
        #expect(try harness.form(restored).list.selectedRow == nil)
    }

    @Test("G2: the focus comes back to the entry that held it, its text not all selected")
    func focus() throws {
        let harness = try SceneHarness()
        defer { harness.closeAll() }
        let (scene, delegate) = try harness.launch()
        let form = try harness.form(delegate)
        form.stored.grabFocusWithoutSelecting()
        form.stored.cursorPosition = 3
        #expect(scene.window.focusIsInside(form.stored))
        let (restored, restoredDelegate) = try harness.relaunch(scene)
        let again = try harness.form(restoredDelegate)
        #expect(restored.window.focusIsInside(again.stored))
        #expect(!restored.window.focusIsInside(again.list))
        #expect(again.stored.cursorPosition == 3)
        #expect(again.stored.selection == nil)
    }

    @Test("G2: with nothing restored, the page's initial focus (the list) takes it")
    func initialFocus() throws {
        let harness = try SceneHarness()
        defer { harness.closeAll() }
        let (scene, delegate) = try harness.launch()
        #expect(scene.window.focusIsInside(try harness.form(delegate).list))
    }

    @Test("R20: a change is saved once the debounce has passed, not before")
    func continuousPreservation() throws {
        let harness = try SceneHarness()
        defer { harness.closeAll() }
        let (scene, delegate) = try harness.launch()
        harness.scheduler.advance(by: .seconds(2))
        scene.engine.waitForPendingWrites()
        let before = harness.storage[.archive]
        try harness.form(delegate).draft.text = "typed"
        #expect(scene.engine.hasPendingSave)
        harness.scheduler.advance(by: .milliseconds(299))
        scene.engine.waitForPendingWrites()
        #expect(harness.storage[.archive] == before)
        harness.scheduler.advance(by: .milliseconds(1))
        scene.engine.waitForPendingWrites()
        #expect(harness.storage[.archive] != before)
        // Relaunched from what continuous preservation wrote, without a save on quitting.
        scene.window.destroy()
        let (_, restored) = try harness.launch()
        #expect(try harness.form(restored).draft.text == "typed")
    }

    @Test("G2: a page shown in a dialog comes back in its dialog, over its page, with its state")
    func presentedPage() throws {
        let harness = try SceneHarness()
        defer { harness.closeAll() }
        let (scene, delegate) = try harness.launch()
        let note = NotePage()
        try harness.form(delegate).present(note)
        note.note.text = "在对话框里"
        let (_, restored) = try harness.relaunch(scene)
        let form = try harness.form(restored)
        let again = try #require(form.presentedPage as? NotePage)
        #expect(again.note.text == "在对话框里")
        #expect(again.presentingPage === form)
        #expect(MainLoop.iterate(until: { again.note.isVisibleOnScreen }), "the dialog never appeared")
        form.dismiss()
        #expect(form.presentedPage == nil)
        #expect(!again.note.isVisibleOnScreen)
    }
}
