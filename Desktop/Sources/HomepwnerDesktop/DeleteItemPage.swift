import Foundation
import GtkKit
import GtkRestoration
import HomepwnerCore
import StateRestoration

/// "Delete this item?": the confirmation Delete asks for on the list, in a modal dialog.
/// Cancel (Escape) keeps the item and has the focus, as destructive questions do; Delete
/// deletes it. It is restored over the list with its item, unless the item is gone.
@MainActor
final class DeleteItemPage: ItemPage, ObjectRestoration {
    static let identifier = "DeleteItemPage"

    let cancel = Button(label: "_Cancel")
    let delete = Button(label: "_Delete")

    init(item: Item, context: DesktopContext) {
        let box = Box(.vertical, spacing: 12)
        box.setMargins(18)
        super.init(item: item, context: context, content: box, restorationIdentifier: Self.identifier)
        let name = item.name.isEmpty ? "this item" : "“\(item.name)”"
        box.append(Label("Delete \(name)? It cannot be undone."))
        let buttons = Box(.horizontal, spacing: 12)
        buttons.append(cancel)
        buttons.append(delete)
        delete.markDestructive()
        box.append(buttons)
        delete.onClick { [weak self] in self?.deleteItem() }
        closesDialog(with: cancel)
    }

    override var title: String { "Delete Item" }
    override var restorationClass: (any ObjectRestoration.Type)? { DeleteItemPage.self }

    override func pageDidAppear() {
        cancel.grabFocus()
    }

    private func deleteItem() {
        let list = presentingPage as? ItemsPage
        _ = try? context.store.deleteItem(withKey: item.key)
        list?.dismiss()
        context.didChange(item: nil)
        list?.listState.restoreFocus()
    }

    /// The confirmation again for its item; nil if the item is gone (nothing to ask about).
    static func restoreObject(withRestorationPath path: RestorationPath, coder: StateDecoder)
        -> (any RestorableObject)?
    {
        DesktopContext.restoringItem(from: coder, key: itemKeyKey).map {
            DeleteItemPage(item: $0.item, context: $0.context)
        }
    }
}
