import CGtk

/// A `GtkHeaderBar`: the title bar with the window's buttons, GNOME's way.
@MainActor
public final class HeaderBar: Widget {
    /// Creates a header bar.
    public init() {
        super.init(owning: gtk_header_bar_new())
    }

    /// Adds `widget` at the start (left in a left-to-right locale).
    public func packStart(_ widget: Widget) {
        gtk_header_bar_pack_start(opaque, widget.pointer())
    }

    /// Adds `widget` at the end.
    public func packEnd(_ widget: Widget) {
        gtk_header_bar_pack_end(opaque, widget.pointer())
    }

    /// Shows `widget` in the middle instead of the window's title.
    public func setTitleWidget(_ widget: Widget?) {
        gtk_header_bar_set_title_widget(opaque, widget?.pointer())
    }
}
