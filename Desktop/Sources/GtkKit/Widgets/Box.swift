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

    /// Takes `child` out of the box.
    public func remove(_ child: Widget) {
        gtk_box_remove(pointer(), child.pointer())
    }
}

/// A `GtkSeparator`: a thin line between two parts of a window.
@MainActor
public final class Separator: Widget {
    /// Creates a separator; a vertical one stands between parts side by side.
    public init(_ orientation: Box.Orientation) {
        super.init(
            owning: gtk_separator_new(
                orientation == .horizontal ? GTK_ORIENTATION_HORIZONTAL : GTK_ORIENTATION_VERTICAL))
    }
}
