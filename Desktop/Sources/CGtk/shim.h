// GTK 4 (Debian 12: 4.8) for Swift: the one header the desktop app's binding imports.
// Macros such as GTK_WINDOW() and G_CALLBACK() do not import; GtkKit's Unchecked/ folder
// does their casts.
#include <gtk/gtk.h>
// g_unix_signal_add_full: SIGTERM, SIGINT and SIGHUP handled on the main loop.
#include <glib-unix.h>
