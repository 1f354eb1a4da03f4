import Foundation
import HomepwnerCore
import StateRestoration
import TerminalKit

/// One item's screen (the book's `BNRDetailViewController`, rule H4): name, serial
/// number, value in whole dollars, the read-only date created, an optional photo, and
/// notes of any number of lines (rule T5, a ``TextView``).
///
/// - Fields are committed to the store as they are typed, ``commitDelay`` after the last
///   key but at most ``maximumCommitDelay`` after the first (H15), and at once on Esc,
///   Done, suspend and quit; only the fields the user changed (H12); a busy database
///   queues the write (``StoreWriter``, H14).
/// - Every field keeps the stored value its text started from (its base, TerminalKit's
///   ``DraftEditing``), and the three-way rule decides what a value read from the store
///   does (H16): an untouched field shows it, an edited one keeps the user's text and is
///   committed only where the store still holds its base, and a field changed on both
///   sides is a conflict: the screen says so and Ctrl-R keeps the user's text, Ctrl-G
///   takes the other. Text never changes under the cursor unasked.
/// - Pushed for an existing item, going back (Esc) saves what is left (H3).
/// - Presented for a new item, inside its own navigation controller, Done (Enter) keeps
///   the item and Cancel (Esc) deletes it (H2), asking first when something was typed;
///   until Done the item is provisional and belongs to this session (H18), so Cancel can
///   only ever delete the item this screen created.
/// - Changes made outside the app show in the fields the user did not touch; an item
///   deleted outside says so and goes back to the list (H13).
/// - The value is parsed by ``DollarValue``: anything but whole dollars shows a message
///   under the fields and is not stored; the other fields are.
/// - A photo is attached by typing the path of a PNG or JPEG file in the photo field and
///   pressing Enter (Tab completes the path there, ``PathCompletion``); Ctrl-X removes it.
///   Both are committed to the store at once.
/// - The name field has the focus when the screen opens.
/// - In the notes, Enter starts a new line (on the New Item screen too, where it is Done
///   everywhere else), ↑/↓ move between their rows, and Tab moves on out of them. They
///   are as tall as the screen allows (``notesRows(formHeight:above:photo:)``).
///
/// Restoration: identifier and restoration class are its own type. It encodes its item's
/// key; its text fields and the notes have identifiers and save their own drafts, text and
/// cursor (TerminalKit's `TextField` and `TextView`; the notes their scroll too), so
/// half-typed text comes back as it was left. The
/// restoration class tells a new item (a path of 3: root navigation controller, modal
/// navigation controller, detail) from a pushed one (2), as the chapter does.
@MainActor
final class DetailViewController: ViewController, TextFieldDelegate, TextViewDelegate, StoreObserver {
    /// The archive key of the item's key, the book's.
    static let itemKeyKey = "item.itemKey"
    /// The archive keys under which earlier versions saved the fields as stored (each
    /// field now saves its own base): read as the base of a field that has none.
    static let storedNameKey = "item.storedName"
    static let storedSerialNumberKey = "item.storedSerialNumber"
    static let storedValueKey = "item.storedValueInDollars"
    static let storedNotesKey = "item.storedNotes"
    /// The archive keys of the message under the fields, and whether it is a problem.
    static let messageKey = "message"
    static let messageIsErrorKey = "messageIsError"
    /// The archive keys of the created date as the screen showed it, and of its setting.
    static let createdTextKey = "created.text"
    static let createdSettingKey = "created.setting"

    let context: HomepwnerContext
    /// How long after the last key an edit is committed.
    static let commitDelay: Duration = .milliseconds(400)
    /// The longest an edit waits for its commit while keys keep coming (H15).
    static let maximumCommitDelay: Duration = .seconds(1)

    /// The item as last read from the store (the fields' drafts are their own).
    var item: Item
    /// The debounced commit, bounded by ``maximumCommitDelay``.
    lazy var commitDebounce = BoundedDebounce(
        delay: Self.commitDelay, maximumDelay: Self.maximumCommitDelay, scheduler: context.timers
    ) { [weak self] in self?.commitPendingEdits() }
    /// True for the modal new-item screen.
    let isNew: Bool
    /// What the screen knows besides its fields, as one value (``DetailScreenState``).
    var state = DetailScreenState()

    let nameField = TextField(placeholder: "name")
    let serialNumberField = TextField(placeholder: "serial number")
    let valueField = TextField(placeholder: "whole dollars")
    let photoPathField = TextField(placeholder: "path of a PNG or JPEG + Enter")
    let notesView = TextView(placeholder: "notes, any number of lines")
    let dateLabel = Label()
    let messageLabel = Label()
    let photoView = ThumbnailView()

    /// Creates the screen for `item`.
    /// - Parameters:
    ///   - item: The item, already in the store (Add creates it first).
    ///   - isNew: True for the modal new-item screen, with Done and Cancel.
    ///   - context: The launch's store and settings.
    init(item: Item, isNew: Bool, context: HomepwnerContext) {
        self.item = item
        self.isNew = isNew
        self.context = context
        super.init()
        context.watcher.add(self)
        restorationIdentifier = _typeName(type(of: self), qualified: false)
        restorationClass = DetailViewController.self
        if isNew {
            navigationItem.title = "New Item"
            navigationItem.leftBarButtonItem = BarButtonItem(title: "Cancel", key: .escape) { [weak self] in
                self?.cancel()
            }
            navigationItem.rightBarButtonItem = BarButtonItem(title: "Done", key: .enter) { [weak self] in
                self?.done()
            }
        } else {
            navigationItem.title = Self.title(forName: item.name)
        }
    }

    // MARK: View

    override func loadView() {
        let form = FormView()
        nameField.restorationIdentifier = "nameField"
        serialNumberField.restorationIdentifier = "serialNumberField"
        valueField.restorationIdentifier = "valueField"
        photoPathField.restorationIdentifier = "photoPathField"
        notesView.restorationIdentifier = "notesView"
        for field in [nameField, serialNumberField, valueField, photoPathField] { field.delegate = self }
        notesView.delegate = self
        form.addRow("Name", nameField)
        form.addRow("Serial", serialNumberField)
        form.addRow("Value $", valueField)
        form.addRow("Created", dateLabel)
        form.addRow("Photo", photoPathField)
        form.addRow(messageLabel)
        form.addRow("Notes", notesView)
        // On a short terminal the photo is drawn smaller rather than left out.
        form.addRow(photoView, minimumHeight: 1)
        view = form
    }

    override func viewDidLoad() {
        super.viewDidLoad()
        // Filled here, before restoration decodes the fields' drafts over them; each field's
        // base is the stored value (H16).
        nameField.reset(toStored: item.name)
        serialNumberField.reset(toStored: item.serialNumber)
        valueField.reset(toStored: String(item.valueInDollars))
        notesView.reset(toStored: item.notes)
        // A value of 0 is the default: typing replaces it (45, not 045).
        valueField.defaultText = "0"
        showCreatedDate()
        dateLabel.style = .dim
        messageLabel.wraps = true
        photoView.colorEnabled = context.colorEnabled
        loadThumbnail()
        nameField.becomeFirstResponder()
        if !state.typedAhead.isEmpty {
            _ = nameField.handleKey(Key(.paste(state.typedAhead)))
            state.typedAhead = ""
        }
        adoptUnresolvedEdits()
    }

    override func viewWillDisappear(_ animated: Bool) {
        super.viewWillDisappear(animated)
        // Going back saves what the debounce has not yet (the book saves here).
        commitPendingEdits()
        context.editedItems[item.key] = nil
    }

    override func viewWillAppear(_ animated: Bool) {
        super.viewWillAppear(animated)
        publishEdits()
    }

    /// Tells the list beside this screen what the fields show now (rule T5).
    func publishEdits() {
        let changes = changes
        context.editedItems[item.key] = state.isGone || changes.isEmpty ? nil : changes.applied(to: item)
    }

    /// Leaves the screen: back to the list beside it or under it.
    func leave() {
        if let split = splitViewController {
            split.closeSecondary()
        } else {
            _ = navigationController?.popViewController()
        }
    }

    override func viewWillLayoutSubviews() {
        super.viewWillLayoutSubviews()
        defer { sizeNotes() }
        guard !state.messageIsError else { return }
        if let status = context.status {
            messageLabel.text = status
            state.showsWriterStatus = true
        } else if splitViewController?.isCollapsed != false, let notice = context.takeNotices().last {
            // What the list shows beside the item when both show (the screen state not
            // saved, an archive set aside), shown here when the item shows alone; it stays
            // until something else takes its row.
            show(notice, isError: false)
        } else if state.showsWriterStatus {
            clearMessage()
        }
    }

    /// The rows of the form above the notes that are not the message: the five fields.
    static let fieldRows = 5

    /// Gives the photo the rows ``photoRows(formHeight:above:)`` says and the form's width,
    /// and the notes the rows ``notesRows(formHeight:above:photo:)`` says, with the message as
    /// tall as it will be drawn (the form gives both the full width less margins).
    func sizeNotes() {
        let margin = (view as? FormView)?.margin ?? 0
        let width = max(0, view.frame.width - 2 * margin)
        messageLabel.frame.size.width = width
        photoView.frame.size.width = width
        let above = Self.fieldRows + messageLabel.preferredHeight
        photoView.maximumRows = Self.photoRows(formHeight: view.frame.height, above: above)
        notesView.preferredNumberOfRows = Self.notesRows(
            formHeight: view.frame.height, above: above, photo: photoView.preferredHeight)
    }

    /// How tall the photo may be: half the rows below the rows `above` it and the notes,
    /// leaving the notes their 3 rows; at least 1. It grows with the screen: about 7 rows
    /// at 80x24, 25 beside the list at 200x60, 1 at 40x12.
    static func photoRows(formHeight: Int, above: Int) -> Int {
        let rest = formHeight - above
        return max(1, min(rest / 2, rest - 3))
    }

    /// How tall the notes are: what the photo (or "No photo") leaves below the rows
    /// `above` them, up to half the form or 8 rows, whichever is more; at least 3 while
    /// that leaves a row for the photo, which then shrinks; at least 1.
    static func notesRows(formHeight: Int, above: Int, photo: Int) -> Int {
        let rest = formHeight - above
        let wanted = min(rest - photo, max(8, formHeight / 2))
        return max(1, wanted, min(3, rest - 1))
    }

    override var keyCommands: [KeyCommand] {
        var commands: [KeyCommand] = []
        if hasConflict {
            commands.append(
                KeyCommand(.ctrl("r")) { [weak self] in self?.resolveConflicts(keepingMine: true) })
            commands.append(
                KeyCommand(.ctrl("g")) { [weak self] in self?.resolveConflicts(keepingMine: false) })
        }
        commands += [
            KeyCommand(.ctrl("x")) { [weak self] in self?.confirmRemovePhoto() },
            // ↑ and ↓ move between the fields, as Shift-Tab and Tab do (without wrapping).
            KeyCommand(.up) { [weak self] in self?.moveFocus(by: -1) },
            KeyCommand(.down) { [weak self] in self?.moveFocus(by: 1) },
        ]
        // Tab completes a path typed in the photo field; in an empty one it moves on.
        if completesPhotoPath {
            commands.append(KeyCommand(.tab) { [weak self] in self?.completePhotoPath() })
        }
        // Back with a conflict: leaving would drop the text shown; the screen says to choose.
        if !isNew, hasConflict {
            commands.append(KeyCommand(.escape) { [weak self] in self?.validateValue() })
        } else if !isNew, !state.warnedAboutInvalidValue, case .failure = parsedValue {
            commands.append(KeyCommand(.escape) { [weak self] in self?.warnAboutInvalidValue() })
        }
        return commands
    }

    func moveFocus(by offset: Int) {
        // The notes take ↑ and ↓ for their rows: these come from the fields above them.
        let fields: [View] = [nameField, serialNumberField, valueField, photoPathField, notesView]
        guard let current = fields.firstIndex(where: \.isFirstResponder) else { return }
        let next = max(0, min(fields.count - 1, current + offset))
        _ = fields[next].becomeFirstResponder()
    }

    func warnAboutInvalidValue() {
        guard case .failure = parsedValue else { return }
        state.warnedAboutInvalidValue = true
        validateValue()
    }

    /// True while Tab completes the path in the photo field: it has the focus and text.
    var completesPhotoPath: Bool {
        photoPathField.isFirstResponder && !photoPathField.text.isEmpty
    }

    /// Most important first, since a narrow footer drops hints from the end: how to move,
    /// how to leave, what Enter does here (in the photo field it attaches, in the notes it
    /// starts a new line, never Done), then Ctrl-X. The leaving keys are the bar's and the navigation controller's too;
    /// named here, they come before Ctrl-X (the footer keeps the first hint per key).
    override var keyHints: [KeyHint] {
        var hints: [KeyHint] = []
        if hasConflict {
            hints.append(KeyHint(key: .ctrl("r"), title: "Keep mine", isEssential: true))
            hints.append(KeyHint(key: .ctrl("g"), title: "Take theirs", isEssential: true))
        }
        hints += [
            KeyHint(label: "Tab", title: completesPhotoPath ? "Complete path" : "Next field"),
            KeyHint(key: .escape, title: isNew ? "Cancel" : "Back"),
        ]
        if photoPathField.isFirstResponder {
            hints.append(KeyHint(key: .enter, title: "Attach"))
        } else if notesView.isFirstResponder {
            hints.append(KeyHint(key: .enter, title: "New line"))
        } else if isNew {
            hints.append(KeyHint(key: .enter, title: "Done"))
        }
        if item.hasPhoto { hints.append(KeyHint(key: .ctrl("x"), title: "Remove photo")) }
        return hints
    }

    // MARK: Fields

    /// The value typed, or the reason it is not whole dollars.
    var parsedValue: Result<Int, DollarValueError> {
        Result { () throws(DollarValueError) in try DollarValue.parse(valueField.text) }
    }

    /// Shows the value's problem, if any, under the fields; after the first Esc, what
    /// happens to it (an outside change keeps that warning, with the value stored now).
    func validateValue() {
        if let conflict = conflictMessage {
            show(conflict, isError: true)
        } else if case .failure(let error) = parsedValue {
            let stays = "so \(ItemCell.formattedValue(item.valueInDollars)) stays"
            show(
                state.warnedAboutInvalidValue
                    ? "\(error.description), \(stays). Fix it, or press Esc again to leave."
                    : error.description,
                isError: true)
        } else if state.messageIsError {
            show("", isError: false)
        }
    }

    /// Clears the message, unless the value has a problem: that shows again. So the message
    /// is empty only while the value is whole dollars, as a relaunch, which validates the
    /// restored value, shows it (found by restoration-fuzz: a completed path cleared the
    /// value's problem).
    func clearMessage() {
        show("", isError: false)
        validateValue()
    }

    /// Shows `message` under the fields; while a field is in conflict, the conflict is
    /// what shows (it waits for the user's choice, rule H16).
    func show(_ message: String, isError: Bool) {
        let conflict = conflictMessage
        messageLabel.text = conflict ?? message
        state.messageIsError = conflict != nil || isError
        state.showsWriterStatus = false
        messageLabel.style = isError ? messageLabel.theme.error : .plain
    }

    /// Commits the changed fields now (through the writer, which retries while the
    /// database is busy), then reads back what landed: the fields take it as their base,
    /// and the screen state is saved again so that it says so.
    func commitPendingEdits() {
        commitDebounce.cancel()
        guard !state.isGone else { return }
        let changes = changes
        guard !changes.isEmpty else { return }
        state.inFlight = state.inFlight.merging(changes)
        context.writer.submit(
            .fields(key: item.key, changes: changes, base: bases(of: changes), name: nameField.text))
    }

    /// Commits ``commitDelay`` after the last edit, and at most ``maximumCommitDelay``
    /// after the first one not yet committed (H15).
    func scheduleCommit() {
        guard context.scheduler != nil else { return commitPendingEdits() }
        commitDebounce.signal()
    }

    func textFieldDidChange(_ textField: TextField) {
        if textField !== photoPathField {
            scheduleCommit()
            publishEdits()
        }
        if textField === valueField {
            state.warnedAboutInvalidValue = false
            validateValue()
        } else if textField === nameField {
            if !isNew { navigationItem.title = Self.title(forName: nameField.text) }
            // A note about the name ("changed elsewhere") has been read once the user types.
            if !state.messageIsError, messageLabel.text.hasPrefix("Name ") { clearMessage() }
        } else if !state.messageIsError {
            clearMessage()
        }
    }

    /// Typing in the notes: committed after the debounce and shown beside, as the fields.
    func textViewDidChange(_ textView: TextView) {
        scheduleCommit()
        publishEdits()
        if !state.messageIsError { clearMessage() }
    }

    /// Enter attaches in the photo field; in the others of an item it goes to the next field,
    /// as in a form (a New Item's Enter is Done, its bar's key).
    func textFieldShouldReturn(_ textField: TextField) -> Bool {
        if textField === photoPathField {
            attachPhoto()
            return true
        }
        guard !isNew else { return false }
        moveFocus(by: 1)
        return true
    }

    func textField(_ textField: TextField, didReject character: Character) {}

    // MARK: Restoration

    /// Writes the item's key, then what the superclass writes (the focused field). The
    /// fields write their own drafts.
    /// - Throws: ``StateCodingError`` from the coder.
    override func encodeRestorableState(with coder: StateEncoder) throws {
        try coder.encode(item.key, forKey: Self.itemKeyKey)
        // The fields save their drafts with their bases (H16).
        // The warning of the first Esc stays on screen, and the next Esc leaves (restoration-fuzz).
        if state.warnedAboutInvalidValue { try coder.encode(true, forKey: "warnedAboutInvalidValue") }
        // The date as shown, for the first frame of a restore (P2).
        try coder.encode(dateLabel.text, forKey: Self.createdTextKey)
        try coder.encode(CreatedDate.setting(of: item.dateCreated), forKey: Self.createdSettingKey)
        // So does any other message under the fields; the writer's status is the writer's.
        if !state.showsWriterStatus, !messageLabel.text.isEmpty {
            try coder.encode(messageLabel.text, forKey: Self.messageKey)
            try coder.encode(state.messageIsError, forKey: Self.messageIsErrorKey)
        }
        try super.encodeRestorableState(with: coder)
    }

    /// Reads what earlier versions saved as the fields' stored values (a field with no base
    /// of its own takes it), the first Esc's warning and the message.
    /// - Throws: ``StateCodingError`` for a value of the wrong type.
    override func decodeRestorableState(with coder: StateDecoder) throws {
        state.restored.stored = ItemChanges(
            name: try coder.decodeIfPresent(String.self, forKey: Self.storedNameKey),
            serialNumber: try coder.decodeIfPresent(String.self, forKey: Self.storedSerialNumberKey),
            valueInDollars: try coder.decodeIfPresent(Int.self, forKey: Self.storedValueKey),
            notes: try coder.decodeIfPresent(String.self, forKey: Self.storedNotesKey))
        state.restored.warning =
            try coder.decodeIfPresent(Bool.self, forKey: "warnedAboutInvalidValue") ?? false
        if let message = try coder.decodeIfPresent(String.self, forKey: Self.messageKey) {
            let isError = try coder.decodeIfPresent(Bool.self, forKey: Self.messageIsErrorKey) ?? false
            state.restored.message = (message, isError)
        }
        try super.decodeRestorableState(with: coder)
    }

    override func applicationFinishedRestoringState() {
        super.applicationFinishedRestoringState()
        defer {
            if state.restored.warning { warnAboutInvalidValue() }
            state.restored.warning = false
            // The message as it was left (archives written before it was recorded have none).
            if let message = state.restored.message, !hasConflict {
                show(message.text, isError: message.isError)
            }
            state.restored.message = nil
        }
        // The drafts are back with their bases (an earlier version's archive: the stored
        // values it recorded). The three-way rule against the store now decides: an
        // untouched draft shows the store's value, an edit is committed where the store
        // still holds its base, and anything else is a conflict to show (H16). Nothing
        // else in the archive reaches the store (H17).
        // A New Item screen's item is its session's alone (H18): a draft saved without a
        // base (an earlier version's archive) was made from what it holds now.
        if isNew {
            for field in drafts where field.view.draftBase.base == nil {
                field.view.draftBase.base = Self.text(of: field.label, in: item)
            }
        }
        if let stored = state.restored.stored {
            state.restored.stored = nil
            if nameField.draftBase.base == nil { nameField.draftBase.base = stored.name }
            if serialNumberField.draftBase.base == nil {
                serialNumberField.draftBase.base = stored.serialNumber
            }
            if valueField.draftBase.base == nil {
                valueField.draftBase.base = stored.valueInDollars.map { String($0) }
            }
            if notesView.draftBase.base == nil { notesView.draftBase.base = stored.notes }
        }
        applyStored(item)
        scheduleCommit()
    }

    // MARK: Helpers

    static func title(forName name: String) -> String {
        name.isEmpty ? "(no name)" : name
    }
}
