import CGtk

/// A `GtkWidget`: what every GtkKit view is.
@MainActor
open class Widget: Object {
    /// Gives the keyboard focus to the widget (or to its first focusable child).
    /// - Returns: True if it took the focus.
    @discardableResult
    public func grabFocus() -> Bool {
        gtk_widget_grab_focus(pointer()) != 0
    }

    /// True when the widget has the focus of its window (its child's does not count).
    public var hasFocus: Bool { gtk_widget_has_focus(pointer()) != 0 }

    /// True when the widget, or one of its descendants, has the focus of its window.
    public var containsFocus: Bool {
        gtk_widget_has_focus(pointer()) != 0 || gtk_widget_get_focus_child(pointer()) != nil
    }

    /// True when `descendant` is this widget or lies inside it.
    public func contains(_ descendant: Widget) -> Bool {
        isSame(as: descendant) || gtk_widget_is_ancestor(descendant.pointer(), pointer()) != 0
    }

    /// Whether the widget is shown (`visible`).
    public var isVisible: Bool {
        get { gtk_widget_get_visible(pointer()) != 0 }
        set { gtk_widget_set_visible(pointer(), newValue ? 1 : 0) }
    }

    /// True while the widget is on screen: mapped, in a window that is.
    public var isVisibleOnScreen: Bool { gtk_widget_get_mapped(pointer()) != 0 }

    /// Whether the widget grows to take the space its parent gives.
    public func expand(horizontally: Bool, vertically: Bool) {
        gtk_widget_set_hexpand(pointer(), horizontally ? 1 : 0)
        gtk_widget_set_vexpand(pointer(), vertically ? 1 : 0)
    }

    /// The smallest size the widget takes, in pixels; -1 leaves a dimension to its content.
    public func setSizeRequest(width: Int32, height: Int32) {
        gtk_widget_set_size_request(pointer(), width, height)
    }

    /// Empty space around the widget, in pixels, on every side.
    public func setMargins(_ margin: Int32) {
        gtk_widget_set_margin_top(pointer(), margin)
        gtk_widget_set_margin_bottom(pointer(), margin)
        gtk_widget_set_margin_start(pointer(), margin)
        gtk_widget_set_margin_end(pointer(), margin)
    }

    /// Adds a CSS class of GTK's theme (`frame`, `title-1`, `dim-label`).
    public func addCSSClass(_ name: String) {
        gtk_widget_add_css_class(pointer(), name)
    }

    /// The name screen readers say (the `label` accessible property), and the widget's
    /// tooltip-free name in tests.
    public func setAccessibleLabel(_ label: String) {
        gtkkitSetAccessibleLabel(self, label)
    }

    /// Runs `action` when `trigger` (GTK's syntax: `"Escape"`, `"<Alt>Left"`,
    /// `"<Control>n"`) is pressed while the focus is in this widget or below it. The action
    /// returns false to let the key go on to other handlers.
    /// - Parameter beforeChildren: Take the key before the focused child does (GTK's
    ///   capture phase), for a key the child binds itself (a list's Shift+↓).
    public func addShortcut(
        _ trigger: String, beforeChildren: Bool = false, _ action: @escaping @MainActor () -> Bool
    ) {
        let controller = gtk_shortcut_controller_new()
        if beforeChildren { gtk_event_controller_set_propagation_phase(controller, GTK_PHASE_CAPTURE) }
        let shortcut = gtk_shortcut_new(
            gtk_shortcut_trigger_parse_string(trigger), makeCallbackAction(action))
        gtk_shortcut_controller_add_shortcut(controller, shortcut)
        gtk_widget_add_controller(pointer(), controller)
    }
}
