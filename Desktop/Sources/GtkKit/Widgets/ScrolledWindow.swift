import CGtk

/// A `GtkScrolledWindow`: a scrollable view of one child.
@MainActor
public final class ScrolledWindow: Widget {
    /// Creates a scrolled window around `child`.
    public init(_ child: Widget) {
        super.init(owning: gtk_scrolled_window_new())
        gtk_scrolled_window_set_child(opaque, child.pointer())
    }

    /// The vertical scroll offset, in pixels from the top.
    public var verticalOffset: Double {
        get { gtk_adjustment_get_value(gtk_scrolled_window_get_vadjustment(opaque)) }
        set { gtk_adjustment_set_value(gtk_scrolled_window_get_vadjustment(opaque), newValue) }
    }
}
