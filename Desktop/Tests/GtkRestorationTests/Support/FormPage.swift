import GtkKit
import GtkRestoration
import StateRestoration

/// What a test's pages read at launch, as an app's store: the rows of the list, and the
/// text of the entry whose text the "store" keeps.
@MainActor
final class FormData {
    var rows: [String]
    var storedText: String

    init(rows: [String] = ["apple", "banana", "cherry"], storedText: String = "stored text") {
        self.rows = rows
        self.storedText = storedText
    }
}

/// A page with two entries, a text view and a list: one entry restores its own text (a
/// draft), the other takes its text from ``FormData`` (a store) and restores only its
/// cursor; the text view restores its text.
@MainActor
final class FormPage: Page, ObjectRestoration {
    let draft = Entry()
    let stored = Entry()
    let list = ColumnView()
    let notes = TextView()
    let draftState: TextState
    let storedState: TextState
    let listState: ListState

    init(data: FormData) {
        draftState = TextState(draft, identifier: "draft", restoresText: true)
        storedState = TextState(stored, identifier: "stored")
        listState = ListState(list, identifier: "list")
        let box = Box(.vertical)
        super.init(content: box, restorationIdentifier: "FormPage")
        box.append(draft)
        box.append(stored)
        box.append(notes)
        let scrolled = ScrolledWindow(list)
        scrolled.expand(horizontally: true, vertically: true)
        box.append(scrolled)
        list.appendColumn(title: "Fruit", expands: true) { $0 }
        list.setRows(data.rows)
        stored.text = data.storedText
        addView(draftState)
        addView(storedState)
        addView(listState)
        addView(TextState(notes, identifier: "notes", restoresText: true))
    }

    /// A value the page saves that nothing on screen shows, and that a test sets without
    /// saying so (the negative control of ``SceneHarness/unsaidChanges``).
    var unsaidNote = ""

    override var restorationClass: (any ObjectRestoration.Type)? { FormPage.self }
    override var initialFocus: (any FocusTarget)? { listState }

    override func encodeRestorableState(with coder: StateEncoder) throws {
        try super.encodeRestorableState(with: coder)
        if !unsaidNote.isEmpty { try coder.encode(unsaidNote, forKey: "unsaidNote") }
    }

    static func restoreObject(withRestorationPath path: RestorationPath, coder: StateDecoder)
        -> (any RestorableObject)?
    {
        coder.restorationContext(as: FormData.self).map { FormPage(data: $0) }
    }
}

/// A page shown in a dialog: two entries whose text it restores.
@MainActor
final class NotePage: Page, ObjectRestoration {
    let note = Entry()
    let second = Entry()

    init() {
        let box = Box(.vertical)
        super.init(content: box, restorationIdentifier: "NotePage")
        box.append(note)
        box.append(second)
        addView(TextState(note, identifier: "note", restoresText: true))
        addView(TextState(second, identifier: "second", restoresText: true))
    }

    override var restorationClass: (any ObjectRestoration.Type)? { NotePage.self }

    static func restoreObject(withRestorationPath path: RestorationPath, coder: StateDecoder)
        -> (any RestorableObject)?
    {
        NotePage()
    }
}

/// The scene's delegate: two tabs before the restore, a page stack and a plain page, and a
/// form page on the stack after it if the stack came back empty.
@MainActor
final class FormDelegate: SceneDelegate {
    let data: FormData
    let tabs = TabsPage(restorationIdentifier: "Tabs")
    let stack = PageStack(restorationIdentifier: "Stack")
    let other = Page(content: Label("the other tab"), restorationIdentifier: "Other")

    init(data: FormData) { self.data = data }

    func sceneWillFinishLaunching(_ scene: Scene) {
        tabs.addTab(stack, title: "Form")
        tabs.addTab(other, title: "Other")
        scene.root.page = tabs
    }

    func sceneDidFinishLaunching(_ scene: Scene) {
        if stack.pages.isEmpty { stack.push(FormPage(data: data)) }
    }

    func shouldSaveApplicationState(_ coder: StateEncoder) -> Bool { true }
    func shouldRestoreApplicationState(_ coder: StateDecoder) -> Bool { true }
}
