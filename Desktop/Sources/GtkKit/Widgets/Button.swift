import CGtk

/// A `GtkButton` with a text label.
@MainActor
public final class Button: Widget {
    /// Creates a button.
    public init(label: String) {
        super.init(owning: gtk_button_new_with_mnemonic(label))
    }

    /// The label; an underscore marks the mnemonic letter (`"_Done"`).
    public var label: String {
        get { gtk_button_get_label(pointer()).map { String(cString: $0) } ?? "" }
        set { gtk_button_set_label(pointer(), newValue) }
    }

    /// Marks the button as the one that destroys something (GNOME draws it red).
    public func markDestructive() {
        gtk_widget_add_css_class(pointer(), "destructive-action")
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
