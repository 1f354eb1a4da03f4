import CGtk

/// A `GtkBox`: children in a row or a column.
@MainActor
public final class Box: Widget {
    /// The direction children follow.
    public enum Orientation: Sendable {
        case horizontal
        case vertical
    }

    /// Creates a box.
    public init(_ orientation: Orientation, spacing: Int32 = 0) {
        super.init(
            owning: gtk_box_new(
                orientation == .horizontal ? GTK_ORIENTATION_HORIZONTAL : GTK_ORIENTATION_VERTICAL, spacing))
    }

    /// Adds `child` at the end.
    public func append(_ child: Widget) {
        gtk_box_append(pointer(), child.pointer())
    }
}
