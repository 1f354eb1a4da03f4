import CGtk

/// A `GtkApplicationWindow`: a top-level window of an ``Application``.
@MainActor
public final class Window: Widget {
    /// Creates a window of `application`, not yet shown; without one, a plain `GtkWindow`
    /// (tests make windows so, with no application running).
    public init(application: Application?) {
        if let application {
            super.init(owning: gtk_application_window_new(application.pointer()))
        } else {
            super.init(owning: gtk_window_new())
        }
    }

    /// The title.
    public var title: String {
        get { gtk_window_get_title(pointer()).map { String(cString: $0) } ?? "" }
        set { gtk_window_set_title(pointer(), newValue) }
    }

    /// The widget the window shows.
    public func setChild(_ child: Widget?) {
        gtk_window_set_child(pointer(), child?.pointer())
    }

    /// The widget shown as the title bar (a ``HeaderBar``).
    public func setTitlebar(_ titlebar: Widget?) {
        gtk_window_set_titlebar(pointer(), titlebar?.pointer())
    }

    /// The window's size. GTK 4 keeps the size the user gives a window in its default
    /// size, so this is the size to save and to restore (before ``present()``).
    public var size: Size {
        get {
            var width: Int32 = 0
            var height: Int32 = 0
            gtk_window_get_default_size(pointer(), &width, &height)
            return Size(width: Int(width), height: Int(height))
        }
        set {
            gtk_window_set_default_size(
                pointer(), Int32(clamping: newValue.width), Int32(clamping: newValue.height))
        }
    }

    /// Whether the window is maximized; setting it asks the window manager.
    public var isMaximized: Bool {
        get { gtk_window_is_maximized(pointer()) != 0 }
        set { newValue ? gtk_window_maximize(pointer()) : gtk_window_unmaximize(pointer()) }
    }

    /// True while the window has the keyboard focus of the desktop (GTK's `is-active`).
    public var isActive: Bool { gtk_window_is_active(pointer()) != 0 }

    /// True once the window is on screen (mapped).
    public var isMapped: Bool { gtk_widget_get_mapped(pointer()) != 0 }

    /// Whether focus rectangles show (they do once the keyboard moved the focus).
    public var isFocusVisible: Bool {
        get { gtk_window_get_focus_visible(pointer()) != 0 }
        set { gtk_window_set_focus_visible(pointer(), newValue ? 1 : 0) }
    }

    /// True when `widget` has the window's focus, or contains the widget that has it.
    public func focusIsInside(_ widget: Widget) -> Bool {
        guard let focus = gtk_window_get_focus(pointer()) else { return false }
        return widget.isObject(at: rawAddress(focus)) || gtk_widget_is_ancestor(focus, widget.pointer()) != 0
    }

    /// Makes the window a dialog of `parent`: kept above it, and (if `modal`) the only one
    /// of the two that takes input.
    public func makeDialog(of parent: Window, modal: Bool = true) {
        gtk_window_set_transient_for(pointer(), parent.pointer())
        gtk_window_set_modal(pointer(), modal ? 1 : 0)
        gtk_window_set_destroy_with_parent(pointer(), 1)
    }

    /// Shows the window and asks for it to be brought forward.
    public func present() { gtk_window_present(pointer()) }

    /// Closes the window as its close button would (``onCloseRequest(_:)`` runs first).
    public func close() { gtk_window_close(pointer()) }

    /// Destroys the window at once, without asking.
    public func destroy() { gtk_window_destroy(pointer()) }

    /// Runs `action` when the window is asked to close; it returns true to keep it open.
    public func onCloseRequest(_ action: @escaping @MainActor () -> Bool) {
        connectAnswer("close-request", action)
    }

    /// Runs `action` when the size changes.
    public func onResize(_ action: @escaping @MainActor () -> Void) {
        connectNotify("default-width", action)
        connectNotify("default-height", action)
        connectNotify("maximized", action)
    }

    /// Runs `action` when the focus moves to another widget.
    public func onFocusChange(_ action: @escaping @MainActor () -> Void) {
        connectNotify("focus-widget", action)
    }

    /// Runs `action` when the window becomes active or stops being so.
    public func onActiveChange(_ action: @escaping @MainActor () -> Void) {
        connectNotify("is-active", action)
    }

    /// Runs `action` when the window is mapped (on screen).
    public func onMap(_ action: @escaping @MainActor () -> Void) {
        connect("map", action)
    }
}

/// A width and height in pixels.
public struct Size: Hashable, Sendable {
    /// The width.
    public var width: Int
    /// The height.
    public var height: Int

    /// Creates a size.
    public init(width: Int, height: Int) {
        self.width = width
        self.height = height
    }
}
