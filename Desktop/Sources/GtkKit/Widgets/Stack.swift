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

    /// Adds `child` under `name`, titled `title` in a ``StackSwitcher`` (a tab).
    public func add(_ child: Widget, name: String, title: String) {
        gtk_stack_add_titled(opaque, child.pointer(), name, title)
    }

    /// The name of the child shown; setting it shows that child (if one has the name).
    public var visibleChildName: String? {
        get { gtk_stack_get_visible_child_name(opaque).map { String(cString: $0) } }
        set { if let newValue { gtk_stack_set_visible_child_name(opaque, newValue) } }
    }

    /// Runs `action` when another child is shown.
    public func onVisibleChildChange(_ action: @escaping @MainActor () -> Void) {
        connectNotify("visible-child-name", action)
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

/// A `GtkStackSwitcher`: a row of toggle buttons, one per titled child of a ``Stack`` (tabs).
@MainActor
public final class StackSwitcher: Widget {
    /// Creates the tabs of `stack`.
    public init(_ stack: Stack) {
        super.init(owning: gtk_stack_switcher_new())
        gtk_stack_switcher_set_stack(opaque, stack.opaque)
    }
}
