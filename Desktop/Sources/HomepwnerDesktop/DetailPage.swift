import Foundation
import GtkKit
import GtkRestoration
import HomepwnerCore
import StateRestoration

/// An item's page (the chapter's `DetailViewController`): its name, serial number and
/// value in entries, its notes in a text view, its photo (Ctrl+O attaches one). Each change is saved to the store as it is typed, so the store, not
/// the screen state, holds the text (rule H17); the screen state holds the cursor, the
/// selection and the focus. Escape or Alt+← goes back.
@MainActor
final class DetailPage: ItemPage, ObjectRestoration, StoreObserver {
    static let identifier = "DetailPage"

    let form: ItemForm
    var name: Entry { form.name }
    var serialNumber: Entry { form.serialNumber }
    var value: Entry { form.value }
    /// The item's notes, saved as they are typed.
    let notes = TextView()
    /// The item's photo.
    let photo: PhotoView
    private let nameState: TextState
    /// Each field's text as last saved or read from the store: a field that still shows it
    /// holds nothing of the user's that the store lacks, and may follow the store.
    private var shown: [String] = []
    /// True while the page puts the store's text into its fields: not an edit to save.
    private var followingStore = false

    init(item: Item, context: DesktopContext) {
        let form = ItemForm()
        self.form = form
        photo = PhotoView(item: item, context: context)
        // snippet: gtk-entries-from-store
        let states = form.states(restoresText: false)
        nameState = states[0]
        super.init(item: item, context: context, content: form.box, restorationIdentifier: Self.identifier)
        name.text = item.name
        serialNumber.text = item.serialNumber
        value.text = "\(item.valueInDollars)"
        for state in states { addView(state) }
        // end-snippet
        let notesLabel = Label(mnemonic: "N_otes")
        notesLabel.labels(notes)
        notes.setAccessibleLabel("Notes")
        let notesScroll = ScrolledWindow(notes)
        notesScroll.expand(horizontally: true, vertically: true)
        notesScroll.addCSSClass("frame")
        // The notes, and the photo beside them.
        let bottom = Box(.horizontal, spacing: 12)
        bottom.append(notesScroll)
        bottom.append(photo.box)
        form.box.append(notesLabel)
        form.box.append(bottom)
        photo.choose.onClick { [weak self] in self?.choosePhoto() }
        form.box.addShortcut("<Control>o") { [weak self] in
            self?.choosePhoto()
            return true
        }
        notes.text = item.notes
        shown = fields.map(\.text)
        addView(TextState(notes, identifier: "notes"))
        notes.onChange { [weak self] in self?.edited(3) { ItemChanges(notes: $0) } }
        name.onChange { [weak self] in
            guard let self else { return }
            self.edited(0) { ItemChanges(name: $0) }
            self.stack?.titleDidChange(of: self)
        }
        serialNumber.onChange { [weak self] in self?.edited(1) { ItemChanges(serialNumber: $0) } }
        value.onChange { [weak self] in self?.saveValue() }
        context.observe(self)
    }

    /// The name, serial number, value and notes, in that order.
    private var fields: [any EditableText] { [name, serialNumber, value, notes] }

    /// Saves field `index`'s new text as `changes` make it, unless the page itself put it
    /// there from the store.
    private func edited(_ index: Int, _ changes: (String) -> ItemChanges) {
        guard !followingStore else { return }
        let text = fields[index].text
        if save(changes(text)) { shown[index] = text }
    }

    /// Another window or program changed the item (rule H13): each field that holds nothing
    /// unsaved takes the stored text, its cursor kept in place. A field whose own edit the
    /// store lacks (a refused write) keeps it, so nothing typed is lost (H15).
    func storeDidChange(item key: UUID?) {
        guard key == nil || key == item.key, let stored = try? context.store.item(forKey: item.key) else {
            return
        }
        let texts = [stored.name, stored.serialNumber, "\(stored.valueInDollars)", stored.notes]
        for (index, field) in fields.enumerated() where field.text == shown[index] {
            let storedText = texts[index]
            // A value typed as "$1,250" is the stored 1250: the same, left as typed.
            if index == 2, (try? DollarValue.parse(field.text)) == stored.valueInDollars { continue }
            guard field.text != storedText else { continue }
            let cursor = min(field.cursorPosition, storedText.unicodeScalars.count)
            followingStore = true
            field.text = storedText
            field.select(from: cursor, to: cursor)
            followingStore = false
            shown[index] = storedText
            if index == 0 { stack?.titleDidChange(of: self) }
        }
    }

    override var title: String { name.text.isEmpty ? "Item" : name.text }
    override var restorationClass: (any ObjectRestoration.Type)? { DetailPage.self }
    override var initialFocus: (any FocusTarget)? { nameState }

    override func pageDidAppear() {
        nameState.restoreFocus()
    }

    /// Ctrl+O, Choose Photo: GTK's file chooser over the window.
    private func choosePhoto() {
        if let window = sceneWindow?.window { photo.chooseFile(over: window) }
    }

    /// Saves `changes`; false, with the reason under the fields, if the store refused.
    @discardableResult
    private func save(_ changes: ItemChanges) -> Bool {
        do {
            try context.store.update(key: item.key, changes: changes)
            // The lists show the change: beside the page (split), and in other windows.
            context.didChange(item: item.key)
            return true
        } catch {
            form.problem.text = "Not saved: \(error)"
            return false
        }
    }

    private func saveValue() {
        guard !followingStore else { return }
        do {
            let dollars = try DollarValue.parse(value.text)
            form.problem.text = ""
            if save(ItemChanges(valueInDollars: dollars)) { shown[2] = value.text }
        } catch {
            form.problem.text = "\(error)"
        }
    }

    // snippet: gtk-restoration-class
    /// Creates the page again for its item, read from the store; nil (and the list shows)
    /// if the item is gone (rule H9).
    static func restoreObject(withRestorationPath path: RestorationPath, coder: StateDecoder)
        -> (any RestorableObject)?
    {
        DesktopContext.restoringItem(from: coder, key: itemKeyKey).map {
            DetailPage(item: $0.item, context: $0.context)
        }
    }
    // end-snippet
}
