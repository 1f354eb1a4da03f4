import CGtk

/// A `GtkLabel`: text that is read, not typed.
@MainActor
public final class Label: Widget {
    /// Creates a label, its text aligned at the start.
    public init(_ text: String = "") {
        super.init(owning: gtk_label_new(text))
        gtk_label_set_xalign(opaque, 0)
    }

    /// Creates a label whose underlined letter (after `_`, as in `"_Name"`) moves the focus
    /// to the widget it ``labels(_:)`` with Alt.
    public init(mnemonic: String) {
        super.init(owning: gtk_label_new_with_mnemonic(mnemonic))
        gtk_label_set_xalign(opaque, 0)
    }

    /// Wraps the text at word boundaries, at most 20 characters wide, rather than widen
    /// the window.
    public func wraps() {
        gtk_label_set_wrap(opaque, 1)
        gtk_label_set_max_width_chars(opaque, 20)
    }

    /// Centers the text, and the label in the space its parent gives it.
    public func center() {
        gtk_label_set_xalign(opaque, 0.5)
        expand(horizontally: true, vertically: true)
    }

    /// The text.
    public var text: String {
        get { String(cString: gtk_label_get_text(opaque)) }
        set { gtk_label_set_text(opaque, newValue) }
    }

    /// Makes the label name `widget` for screen readers and move the focus to it with its
    /// mnemonic.
    public func labels(_ widget: Widget) {
        gtk_label_set_mnemonic_widget(opaque, widget.pointer())
    }
}
