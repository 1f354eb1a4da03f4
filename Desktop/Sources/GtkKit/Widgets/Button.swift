import CGtk

/// A `GtkButton` with a text label.
@MainActor
public final class Button: Widget {
    /// Creates a button.
    public init(label: String) {
        super.init(owning: gtk_button_new_with_mnemonic(label))
    }

    /// Runs `action` when the button is clicked (or activated from the keyboard).
    public func onClick(_ action: @escaping @MainActor () -> Void) {
        connect("clicked", action)
    }

    /// Whether the button can be used.
    public var isSensitive: Bool {
        get { gtk_widget_get_sensitive(pointer()) != 0 }
        set { gtk_widget_set_sensitive(pointer(), newValue ? 1 : 0) }
    }
}
