import StateRestoration
import TerminalKit

/// The Notes tab: free text for the shop, in a ``TextView`` (rule T4). What is typed is
/// kept in `notes.txt` when the tab is left, at Ctrl-Z and at quit; until then the
/// restoration archive holds it, with the cursor, the selection and the scroll, so a
/// `kill -9` loses nothing.
@MainActor
final class NotesViewController: ViewController {
    private let store: ShoppingStore
    let textView = TextView(placeholder: "Notes for the shop: where, when, what else…")
    private let note = TourNote.label(TourNote.notes)

    init(store: ShoppingStore) {
        self.store = store
        super.init()
        title = "Notes"
        restorationIdentifier = "NotesViewController"
    }

    override func loadView() {
        let form = FormView()
        textView.restorationIdentifier = "notes"
        form.addRow(textView, minimumHeight: 1)
        form.addRow(note)
        view = form
    }

    override func viewDidLoad() {
        super.viewDidLoad()
        // Filled here, before restoration decodes the draft over it.
        textView.text = store.notes
        textView.becomeFirstResponder()
    }

    override func viewWillLayoutSubviews() {
        super.viewWillLayoutSubviews()
        // The text takes every row but the tour's note, as tall as it wraps at this width;
        // where that would leave the text fewer than 3 rows, the note goes (the form hides
        // a row that does not fit) and the text takes them all.
        note.frame.size.width = max(0, view.bounds.width - 2 * ((view as? FormView)?.margin ?? 0))
        let rest = view.bounds.height - note.preferredHeight
        textView.preferredNumberOfRows = max(1, rest >= 3 ? rest : view.bounds.height)
    }

    override var keyHints: [KeyHint] {
        [KeyHint(label: "S-arrows", title: "Select"), KeyHint(label: "M-c/x/v", title: "Copy/cut/paste")]
    }

    override func viewWillDisappear(_ animated: Bool) {
        super.viewWillDisappear(animated)
        saveNotes()
    }

    /// Writes the text to `notes.txt` (nothing if it did not change).
    func saveNotes() {
        if isViewLoaded { store.notes = textView.text }
    }
}

/// The Tour tab: what each of TerminalKit's containers brings back, in a ``ScrollView``
/// (rule T3) taller than most terminals. Its offset is restored, clamped if the terminal
/// or the text changed.
@MainActor
final class TourViewController: ViewController {
    private let label = Label(TourNote.containers, style: .plain)
    private let scrollView = ScrollView()

    override init() {
        super.init()
        title = "Tour"
        restorationIdentifier = "TourViewController"
    }

    override func loadView() {
        label.wraps = true
        scrollView.contentView = label
        scrollView.restorationIdentifier = "scroll"
        let root = View()
        root.addSubview(scrollView)
        view = root
    }

    override func viewWillLayoutSubviews() {
        super.viewWillLayoutSubviews()
        let bounds = view.bounds
        scrollView.frame = bounds.inset(left: 1)
        // The text wraps at the width left of the scroll bar; its height follows.
        let width = max(1, bounds.width - 3)
        label.frame.size.width = width
        scrollView.contentSize = Size(width: width, height: label.preferredHeight)
    }

    override var preferredFirstResponder: View? { scrollView }
}
