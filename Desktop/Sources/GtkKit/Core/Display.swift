import CGtk

/// The display GTK draws on.
public enum Display {
    /// Initializes GTK on the default display (`DISPLAY` or `WAYLAND_DISPLAY`); false when
    /// there is none to open. Safe to call again.
    @MainActor
    public static func open() -> Bool {
        gtk_init_check() != 0
    }
}
