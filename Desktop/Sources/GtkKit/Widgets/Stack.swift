import CGtk

/// A `GtkStack`: one child shown at a time, switched without animation.
@MainActor
public final class Stack: Widget {
    /// Creates a stack.
    public init() {
        super.init(owning: gtk_stack_new())
        gtk_stack_set_transition_type(opaque, GTK_STACK_TRANSITION_TYPE_NONE)
    }

    /// Adds `child` under `name`.
    public func add(_ child: Widget, name: String) {
        gtk_stack_add_named(opaque, child.pointer(), name)
    }

    /// Removes `child`.
    public func remove(_ child: Widget) {
        gtk_stack_remove(opaque, child.pointer())
    }

    /// Shows `child`, which must have been added.
    public func show(_ child: Widget) {
        gtk_stack_set_visible_child(opaque, child.pointer())
    }
}
