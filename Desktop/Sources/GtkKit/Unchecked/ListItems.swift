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

/// True while `label` is on screen: in a window and mapped (its row is in the list's
/// viewport, not recycled, nor kept aside unmapped as the focused row is when scrolled out).
@MainActor
func isShown(_ label: UnsafeMutableRawPointer) -> Bool {
    let widget = label.assumingMemoryBound(to: GtkWidget.self)
    return gtk_widget_get_root(widget) != nil && gtk_widget_get_mapped(widget) != 0
}

/// Where the row showing `label` is in `view`'s list of rows: its top, in pixels from the
/// top of the rows' viewport (negative when scrolled past), and its height. The row is the
/// ancestor of `label` whose parent's parent is `view` (a column view holds its header and
/// its list of rows).
@MainActor
func rowFrame(containing label: UnsafeMutableRawPointer, in view: UnsafeMutablePointer<GtkWidget>)
    -> (top: Double, height: Double)?
{
    var row: UnsafeMutablePointer<GtkWidget>? = label.assumingMemoryBound(to: GtkWidget.self)
    while let current = row, let rows = gtk_widget_get_parent(current) {
        if gtk_widget_get_parent(rows) == view {
            var x = 0.0
            var y = 0.0
            guard gtk_widget_translate_coordinates(current, rows, 0, 0, &x, &y) != 0 else { return nil }
            return (y, Double(gtk_widget_get_height(current)))
        }
        row = rows
    }
    return nil
}
