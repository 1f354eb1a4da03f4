import RestorationTesting
import StateRestoration
import Testing

@testable import TerminalKit

/// A notes screen: a title field on the first row, a text view below it taking the rest,
/// the text view focused.
@MainActor
final class NotesController: ViewController, TextViewDelegate {
    let titleField = TextField(placeholder: "title")
    let body: TextView
    /// What the delegate heard.
    var changes = 0
    var selectionChanges = 0
    var returns = 0
    /// The model the delegate keeps up to date as the user types.
    var savedNote = ""
    /// Enter pressed while the text view let it travel on.
    var done = 0

    init(text: String = "", pasteboard: Pasteboard = Pasteboard()) {
        body = TextView(text: text)
        super.init()
        restorationIdentifier = "Notes"
        titleField.restorationIdentifier = "title"
        body.restorationIdentifier = "body"
        body.pasteboard = pasteboard
        body.delegate = self
    }

    override func loadView() {
        let root = View()
        root.addSubview(titleField)
        root.addSubview(body)
        view = root
    }

    override func viewDidLoad() {
        body.becomeFirstResponder()
    }

    override func viewWillLayoutSubviews() {
        titleField.frame = Rect(x: 0, y: 0, width: view.frame.width, height: 1)
        body.frame = Rect(x: 0, y: 1, width: view.frame.width, height: max(0, view.frame.height - 1))
    }

    /// `q` pressed while the text view let it travel on.
    var quits = 0

    override var keyCommands: [KeyCommand] {
        [
            KeyCommand(.enter, title: "Done") { [weak self] in self?.done += 1 },
            KeyCommand(.character("q"), title: "Quit") { [weak self] in self?.quits += 1 },
        ]
    }

    func textViewDidChange(_ textView: TextView) {
        changes += 1
        savedNote = textView.text
    }

    func textViewDidChangeSelection(_ textView: TextView) { selectionChanges += 1 }

    func textViewShouldReturn(_ textView: TextView) -> Bool {
        returns += 1
        return false
    }
}

/// One launch of the notes screen.
@MainActor
func launchNotes(
    _ size: Size, text: String = "", storage: InMemoryStorage = InMemoryStorage()
) throws -> (ViewLaunch, NotesController) {
    let notes = NotesController(text: text)
    return (try ViewLaunch(root: notes, size: size, storage: storage), notes)
}

/// Launches the notes on fresh storage with `text`, lets `act` edit, and saves: the
/// storage to relaunch from, and the launch and screen as they were saved.
@MainActor
func savedNotes(
    _ size: Size, text: String, _ act: (ViewLaunch, NotesController) -> Void
) throws -> (storage: InMemoryStorage, launch: ViewLaunch, notes: NotesController) {
    let storage = InMemoryStorage()
    let (launch, notes) = try launchNotes(size, text: text, storage: storage)
    act(launch, notes)
    launch.saveAndSuspend()
    return (storage, launch, notes)
}

/// The rows the text view's first `count` rows show (screen rows 1...count).
@MainActor
func bodyLines(_ launch: ViewLaunch, _ count: Int) -> [String] {
    (1...count).map { launch.terminal.screen.line($0) }
}
