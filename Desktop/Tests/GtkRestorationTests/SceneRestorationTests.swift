import GtkKit
import GtkRestoration
import StateRestoration
import Testing

/// The adapter on real GTK widgets: what a window saves comes back after a relaunch.
@Suite("G2: the GTK adapter restores a window's state", .serialized)
@MainActor
struct SceneRestorationTests {
    /// Each test's harness (Swift Testing makes the suite anew for each test); it closes
    /// the windows it opened when the test is over.
    let harness = SceneHarness()

    /// The form's editable texts whose text the form restores itself.
    enum Field: String, CaseIterable, Sendable {
        case entry
        case textView

        /// Text this field can hold: a text view's lines.
        var sample: String { self == .entry ? "熊猫 Panda" : "第一行\nsecond line" }

        @MainActor
        func widget(of form: FormPage) -> any EditableText {
            self == .entry ? form.draft : form.notes
        }
    }

    @Test(
        "G2: text, cursor, a backwards selection and focus come back after a relaunch, in an entry and a text view",
        arguments: Field.allCases)
    func textCursorSelection(field: Field) throws {
        let (scene, delegate) = try harness.launch()
        let text = field.widget(of: try harness.form(delegate))
        text.text = field.sample
        // Selected backwards, as Shift+← would. (An entry reports its position at the end
        // of the selection whichever way it was made, GTK 4's `cursor-position`.)
        text.grabFocusWithoutSelecting()
        text.select(from: 5, to: 1)
        let cursor = text.cursorPosition
        let (restored, restoredDelegate) = try harness.relaunch(scene)
        let again = field.widget(of: try harness.form(restoredDelegate))
        #expect(again.text == field.sample)
        #expect(again.selection == 1..<5)
        #expect(again.cursorPosition == cursor)
        #expect(restored.window.focusIsInside(again))
    }

    @Test("G2: a restored cursor is kept within a text the store shortened meanwhile")
    func cursorClampedToStoredText() throws {
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
        let (scene, _) = try harness.launch()
        scene.window.size = Size(width: 700, height: 420)
        let (restored, _) = try harness.relaunch(scene)
        #expect(restored.window.size == Size(width: 700, height: 420))
    }

    @Test("G2: the page stack comes back with its pages in order")
    func pageStack() throws {
        let (scene, delegate) = try harness.launch()
        let second = FormPage(data: harness.data)
        delegate.stack.push(second)
        second.draft.text = "on the second page"
        let (_, restored) = try harness.relaunch(scene)
        #expect(restored.stack.pages.count == 2)
        #expect((restored.stack.topPage as? FormPage)?.draft.text == "on the second page")
        #expect((restored.stack.pages.first as? FormPage)?.draft.text == "")
    }

    @Test(
        "G2: the list's selection comes back by key: on its row when rows were added above it, on none when the key is gone",
        arguments: [
            ("banana", ["avocado", "apricot", "apple", "banana", "cherry"], 3),
            ("cherry", ["apple", "banana"], nil),
        ] as [(String, [String], Int?)])
    func listSelectionByKey(selected: String, rowsAtRelaunch: [String], row: Int?) throws {
        let (scene, delegate) = try harness.launch()
        try harness.form(delegate).list.selectedKey = selected
        harness.data.rows = rowsAtRelaunch
        let (_, restored) = try harness.relaunch(scene)
        let list = try harness.form(restored).list
        #expect(list.selectedRow == row)
        if row != nil { #expect(list.selectedKey == selected) }
    }

    @Test("G2: the list's first row on screen comes back by its key, through rows of mixed heights")
    func listScroll() throws {
        // Every seventh row is two lines high: the rows' heights cannot be guessed.
        harness.data.rows = (1...300).map { $0 % 7 == 0 ? "熊猫 \($0)\n第二行" : "row \($0)" }
        let (scene, delegate) = try harness.launch()
        scene.window.size = Size(width: 400, height: 500)
        let list = try harness.form(delegate).list
        let target = ColumnView.ScrollPosition(row: 150, offset: 5)
        #expect(
            MainLoop.iterate(until: { list.scrollStep(toward: target) == .there }),
            "never scrolled to row 150")
        #expect(list.scrollPosition == target)
        harness.data.rows.insert(contentsOf: ["new 1", "new 2"], at: 0)
        let (_, restored) = try harness.relaunch(scene)
        let again = try harness.form(restored).list
        let moved = ColumnView.ScrollPosition(row: 152, offset: 5)
        #expect(
            MainLoop.iterate(until: { again.scrollPosition == moved }),
            "\(String(describing: again.scrollPosition))")
    }

    @Test("G2: the focus comes back to the entry that held it, its text not all selected")
    func focus() throws {
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
        let (scene, delegate) = try harness.launch()
        #expect(scene.window.focusIsInside(try harness.form(delegate).list))
    }

    @Test("R20: a change is saved once the debounce has passed, not before")
    func continuousPreservation() throws {
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

    @Test("P1: an incremental save of a GTK scene finds a change its page did not say, as the harness checks")
    func unsaidChangeIsCaught() throws {
        let (scene, delegate) = try harness.launch()
        harness.scheduler.advance(by: .seconds(2))
        scene.engine.waitForPendingWrites()
        let form = try harness.form(delegate)
        form.draft.text = "said"
        harness.scheduler.advance(by: .seconds(1))
        scene.engine.waitForPendingWrites()
        #expect(harness.unsaidChanges.isEmpty)
        // Written without invalidateRestorableState(); the next key's save walks only the entry.
        form.unsaidNote = "unsaid"
        form.draft.text = "said again"
        harness.scheduler.advance(by: .seconds(1))
        scene.engine.waitForPendingWrites()
        #expect(harness.unsaidChanges.count == 1)
        #expect(harness.unsaidChanges.first?.path?.contains("FormPage") == true)
    }

    @Test("G2: a page shown in a dialog comes back in its dialog, over its page, with its state and focus")
    func presentedPage() throws {
        let (scene, delegate) = try harness.launch()
        let note = NotePage()
        try harness.form(delegate).present(note)
        note.note.text = "在对话框里"
        #expect(MainLoop.iterate(until: { note.second.isVisibleOnScreen }), "the dialog never appeared")
        note.second.grabFocusWithoutSelecting()
        let (_, restored) = try harness.relaunch(scene)
        let form = try harness.form(restored)
        let again = try #require(form.presentedPage as? NotePage)
        #expect(again.note.text == "在对话框里")
        #expect(again.presentingPage === form)
        #expect(MainLoop.iterate(until: { again.note.isVisibleOnScreen }), "the dialog never appeared")
        // The entry that held the dialog's focus holds it again.
        let dialog = try #require(form.dialog)
        #expect(dialog.focusIsInside(again.second))
        #expect(!dialog.focusIsInside(again.note))
        form.dismiss()
        #expect(form.presentedPage == nil)
        #expect(!again.note.isVisibleOnScreen)
    }
}
