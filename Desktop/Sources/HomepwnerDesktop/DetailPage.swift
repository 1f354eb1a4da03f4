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
final class DetailPage: ItemPage, ObjectRestoration {
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

    init(item: Item, context: DesktopContext) {
        let form = ItemForm()
        self.form = form
        photo = PhotoView(item: item, context: context)
        let states = form.states(restoresText: false)
        nameState = states[0]
        super.init(item: item, context: context, content: form.box, restorationIdentifier: Self.identifier)
        name.text = item.name
        serialNumber.text = item.serialNumber
        value.text = "\(item.valueInDollars)"
        for state in states { addView(state) }
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
        addView(TextState(notes, identifier: "notes"))
        notes.onChange { [weak self] in self?.save(ItemChanges(notes: self?.notes.text)) }
        name.onChange { [weak self] in
            guard let self else { return }
            self.save(ItemChanges(name: self.name.text))
            self.stack?.titleDidChange(of: self)
        }
        serialNumber.onChange { [weak self] in self?.save(ItemChanges(serialNumber: self?.serialNumber.text))
        }
        value.onChange { [weak self] in self?.saveValue() }
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

    private func save(_ changes: ItemChanges) {
        do {
            try context.store.update(key: item.key, changes: changes)
            // The lists show the change: beside the page (split), and in other windows.
            context.didChange(item: item.key)
        } catch {
            form.problem.text = "Not saved: \(error)"
        }
    }

    private func saveValue() {
        do {
            let dollars = try DollarValue.parse(value.text)
            form.problem.text = ""
            save(ItemChanges(valueInDollars: dollars))
        } catch {
            form.problem.text = "\(error)"
        }
    }

    /// Creates the page again for its item, read from the store; nil (and the list shows)
    /// if the item is gone (rule H9).
    static func restoreObject(withRestorationPath path: RestorationPath, coder: StateDecoder)
        -> (any RestorableObject)?
    {
        DesktopContext.restoringItem(from: coder, key: itemKeyKey).map {
            DetailPage(item: $0.item, context: $0.context)
        }
    }
}
