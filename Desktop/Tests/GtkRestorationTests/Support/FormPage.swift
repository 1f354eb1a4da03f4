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

    override var restorationClass: (any ObjectRestoration.Type)? { FormPage.self }
    override var initialFocus: (any FocusTarget)? { listState }

    static func restoreObject(withRestorationPath path: RestorationPath, coder: StateDecoder)
        -> (any RestorableObject)?
    {
        coder.restorationContext(as: FormData.self).map { FormPage(data: $0) }
    }
}

/// A page shown in a dialog: one entry whose text it restores.
@MainActor
final class NotePage: Page, ObjectRestoration {
    let note = Entry()

    init() {
        super.init(content: note, restorationIdentifier: "NotePage")
        addView(TextState(note, identifier: "note", restoresText: true))
    }

    override var restorationClass: (any ObjectRestoration.Type)? { NotePage.self }

    static func restoreObject(withRestorationPath path: RestorationPath, coder: StateDecoder)
        -> (any RestorableObject)?
    {
        NotePage()
    }
}

/// The scene's delegate: a page stack before the restore, a form page after it if the
/// stack came back empty.
@MainActor
final class FormDelegate: SceneDelegate {
    let data: FormData
    let stack = PageStack(restorationIdentifier: "Stack")

    init(data: FormData) { self.data = data }

    func sceneWillFinishLaunching(_ scene: Scene) {
        scene.root.page = stack
    }

    func sceneDidFinishLaunching(_ scene: Scene) {
        if stack.pages.isEmpty { stack.push(FormPage(data: data)) }
    }

    func shouldSaveApplicationState(_ coder: StateEncoder) -> Bool { true }
    func shouldRestoreApplicationState(_ coder: StateDecoder) -> Bool { true }
}
