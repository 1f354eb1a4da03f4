import CGtk

/// A `GtkSignalListItemFactory` whose rows are labels: `setup` gives each list item a
/// label, `bind` sets its text from the row's string (`GtkStringObject`) through `text`.
/// `bound` hears each label with the position of the row it shows, `unbound` each label
/// that no longer shows one (unbound, or torn down: about to be freed).
@MainActor
func makeLabelFactory(
    text: @escaping @MainActor (String) -> String,
    bound: @escaping @MainActor (UnsafeMutableRawPointer, Int) -> Void,
    unbound: @escaping @MainActor (UnsafeMutableRawPointer) -> Void
) -> Object {
    let factory = Object(owning: gtk_signal_list_item_factory_new())
    factory.connectObject("setup") { item in
        let label = gtk_label_new(nil)
        gtk_label_set_xalign(OpaquePointer(label), 0)
        gtk_list_item_set_child(OpaquePointer(item), label)
    }
    factory.connectObject("bind") { item in
        let listItem = OpaquePointer(item)
        guard let row = gtk_list_item_get_item(listItem), let label = gtk_list_item_get_child(listItem) else {
            return
        }
        let key = String(cString: gtk_string_object_get_string(OpaquePointer(row)))
        gtk_label_set_text(OpaquePointer(label), text(key))
        bound(UnsafeMutableRawPointer(label), Int(gtk_list_item_get_position(listItem)))
    }
    for signal in ["unbind", "teardown"] {
        factory.connectObject(signal) { item in
            if let label = gtk_list_item_get_child(OpaquePointer(item)) {
                unbound(UnsafeMutableRawPointer(label))
            }
        }
    }
    return factory
}

/// Gives the focus to the nearest focusable ancestor of `label`, the list's row: GTK's
/// list remembers that row as the one keyboard navigation goes on from.
@MainActor
func focusRow(containing label: UnsafeMutableRawPointer) -> Bool {
    var widget: UnsafeMutablePointer<GtkWidget>? = label.assumingMemoryBound(to: GtkWidget.self)
    while let current = widget {
        if gtk_widget_get_focusable(current) != 0 { return gtk_widget_grab_focus(current) != 0 }
        widget = gtk_widget_get_parent(current)
    }
    return false
}

/// True while `label` is in a window (its row is on screen, not recycled).
@MainActor
func isShown(_ label: UnsafeMutableRawPointer) -> Bool {
    gtk_widget_get_root(label.assumingMemoryBound(to: GtkWidget.self)) != nil
}
