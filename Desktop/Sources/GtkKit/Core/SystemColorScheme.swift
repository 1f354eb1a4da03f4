import CGtk

/// Follows the desktop's colour-scheme preference (GNOME's `color-scheme`: "prefer-dark"),
/// live: GTK 4 without libadwaita does not, so the app sets GTK's own
/// `gtk-application-prefer-dark-theme` from it, and the theme draws its dark variant.
@MainActor
public final class SystemColorScheme: Object {
    /// Starts following the preference, or returns nil where the desktop's schema is not
    /// installed (GTK's light theme then, as before). Keep the result: the following ends
    /// with it.
    public static func follow() -> SystemColorScheme? { follow(inMemory: false) }

    /// ``follow()``, the preference read from GSettings' memory backend when `inMemory`
    /// (tests set it with ``setPreference(_:)``, leaving the user's settings alone).
    static func follow(inMemory: Bool) -> SystemColorScheme? {
        guard let settings = cgtk_interface_settings(inMemory ? 1 : 0) else { return nil }
        let scheme = SystemColorScheme(owning: settings)
        g_object_unref(settings)  // the wrapper took its own reference
        scheme.apply()
        _ = scheme.connectIgnoringArgument("changed::color-scheme") { [weak scheme] in scheme?.apply() }
        return scheme
    }

    /// True when the desktop prefers dark.
    public var prefersDark: Bool { cgtk_prefers_dark(pointer(GSettings.self)) != 0 }

    /// True when GTK draws the theme's dark variant.
    public static var drawsDark: Bool { cgtk_application_prefers_dark() != 0 }

    /// Sets the desktop's preference ("default", "prefer-dark", "prefer-light"): what a
    /// user's settings panel does, for tests on GSettings' memory backend.
    func setPreference(_ scheme: String) {
        cgtk_set_color_scheme(pointer(GSettings.self), scheme)
    }

    private func apply() {
        cgtk_set_application_prefers_dark(prefersDark ? 1 : 0)
    }
}
