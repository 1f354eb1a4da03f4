import CGtk

/// A `GtkFileChooserNative`: GTK's "open a file" dialog (the desktop portal's, where there
/// is one), modal over a window.
@MainActor
public final class FileChooser: Object {
    /// Creates the dialog over `parent`, not yet shown; its accept button reads `accept`.
    public init(title: String, parent: Window, accept: String) {
        super.init(
            owning: gtk_file_chooser_native_new(
                title, parent.pointer(), GTK_FILE_CHOOSER_ACTION_OPEN, accept, "_Cancel"))
        gtk_native_dialog_set_modal(pointer(), 1)
    }

    /// Shows the dialog; `action` runs once it closes, with the path of the file chosen, or
    /// nil if none was (Cancel, Escape).
    public func choose(_ action: @escaping @MainActor (String?) -> Void) {
        connectPosition("response") { [weak self] response in
            guard let self else { return }
            action(Int32(bitPattern: response) == GTK_RESPONSE_ACCEPT.rawValue ? self.chosenPath : nil)
        }
        gtk_native_dialog_show(pointer())
    }

    /// The path of the file chosen, if it has one.
    private var chosenPath: String? {
        guard let file = gtk_file_chooser_get_file(opaque) else { return nil }
        defer { g_object_unref(rawAddress(file)) }
        guard let path = g_file_get_path(file) else { return nil }
        defer { g_free(path) }
        return String(cString: path)
    }
}
