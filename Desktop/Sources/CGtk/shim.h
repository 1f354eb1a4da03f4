// GTK 4 (Debian 12: 4.8) for Swift: the one header the desktop app's binding imports.
// Macros such as GTK_WINDOW() and G_CALLBACK() do not import; GtkKit's Unchecked/ folder
// does their casts.
#include <gtk/gtk.h>
// g_unix_signal_add_full: SIGTERM, SIGINT and SIGHUP handled on the main loop.
#include <glib-unix.h>
// g_memory_settings_backend_new: the colour-scheme test's settings, apart from the user's.
#define G_SETTINGS_ENABLE_BACKEND
#include <gio/gsettingsbackend.h>

// The desktop's colour-scheme preference (GNOME's org.gnome.desktop.interface
// color-scheme), which GTK 4 without libadwaita does not follow by itself. Written here, in
// C, for g_object_set's variable arguments and the GSettings casts.

/// The interface settings, or NULL where the schema (or its color-scheme key) is not
/// installed; `in_memory`: on GSettings' memory backend, which tests change freely.
static inline void *cgtk_interface_settings(gboolean in_memory) {
    GSettingsSchemaSource *source = g_settings_schema_source_get_default();
    if (source == NULL) return NULL;
    GSettingsSchema *schema = g_settings_schema_source_lookup(source, "org.gnome.desktop.interface", TRUE);
    if (schema == NULL) return NULL;
    gboolean has_key = g_settings_schema_has_key(schema, "color-scheme");
    g_settings_schema_unref(schema);
    if (!has_key) return NULL;
    if (!in_memory) return g_settings_new("org.gnome.desktop.interface");
    GSettingsBackend *backend = g_memory_settings_backend_new();
    GSettings *settings = g_settings_new_with_backend("org.gnome.desktop.interface", backend);
    g_object_unref(backend);
    return settings;
}

/// True when `settings` (from cgtk_interface_settings) prefers dark.
static inline gboolean cgtk_prefers_dark(void *settings) {
    gchar *scheme = g_settings_get_string(G_SETTINGS(settings), "color-scheme");
    gboolean dark = g_strcmp0(scheme, "prefer-dark") == 0;
    g_free(scheme);
    return dark;
}

/// Sets the preference in `settings` (tests use the memory backend).
static inline void cgtk_set_color_scheme(void *settings, const char *scheme) {
    g_settings_set_string(G_SETTINGS(settings), "color-scheme", scheme);
}

/// GTK's own setting: the theme's dark variant.
static inline void cgtk_set_application_prefers_dark(gboolean dark) {
    g_object_set(gtk_settings_get_default(), "gtk-application-prefer-dark-theme", dark, NULL);
}

static inline gboolean cgtk_application_prefers_dark(void) {
    gboolean dark = FALSE;
    g_object_get(gtk_settings_get_default(), "gtk-application-prefer-dark-theme", &dark, NULL);
    return dark;
}
