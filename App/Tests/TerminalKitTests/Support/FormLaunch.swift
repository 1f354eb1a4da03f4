import RestorationTesting
import StateRestoration
import Testing

@testable import TerminalKit

/// A controller with a form holding one field.
@MainActor
final class FormController: ViewController {
    let field: TextField

    init(field: TextField) {
        self.field = field
        super.init()
    }

    override func loadView() {
        let form = FormView()
        form.addRow("Name", field)
        view = form
    }
}

/// A form with one field holding `text`, `width` columns wide, alone on a small terminal;
/// a numeric field when `numeric` is true.
@MainActor
func launchField(text: String = "", width: Int = 30, numeric: Bool = false) -> (
    Application, HeadlessTerminal, TextField
) {
    let field = TextField(text: text, placeholder: "type here")
    field.isNumeric = numeric
    let (app, terminal) = launchHeadless(
        RootDelegate(root: FormController(field: field)), size: Size(width: width, height: 4))
    return (app, terminal, field)
}

/// A form of `field` (restored as `Form`, the field as `name`) on a terminal of `size`,
/// restoring what `storage` holds.
@MainActor
func launchRestoringForm(of field: TextField, size: Size, storage: InMemoryStorage) throws -> ViewLaunch {
    field.restorationIdentifier = "name"
    let form = FormController(field: field)
    form.restorationIdentifier = "Form"
    return try ViewLaunch(root: form, size: size, storage: storage)
}
