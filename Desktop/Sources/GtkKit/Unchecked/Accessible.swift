import CGtk

/// Sets a widget's accessible label: a `GValue` of `G_TYPE_STRING` (a macro Swift cannot
/// import: the fundamental type 16, shifted by `G_TYPE_FUNDAMENTAL_SHIFT`).
@MainActor
func gtkkitSetAccessibleLabel(_ widget: Widget, _ label: String) {
    var value = GValue()
    g_value_init(&value, GType(16 << 2))
    g_value_set_string(&value, label)
    var property = GTK_ACCESSIBLE_PROPERTY_LABEL
    gtk_accessible_update_property_value(widget.opaque, 1, &property, &value)
    g_value_unset(&value)
}
