import CGtk

/// A `GtkPicture`: an image, scaled to fit the space it is given, its aspect kept.
@MainActor
public final class Picture: Widget {
    /// Creates an empty picture.
    public init() {
        super.init(owning: gtk_picture_new())
        gtk_picture_set_content_fit(opaque, GTK_CONTENT_FIT_CONTAIN)
    }

    /// Shows an image of `width` × `height` pixels, given as red, green and blue bytes, row
    /// after row from the top; nil shows nothing.
    /// - Precondition: `rgb` holds `width × height × 3` bytes.
    public func show(width: Int, height: Int, rgb: [UInt8]?) {
        guard let rgb, width > 0, height > 0, rgb.count == width * height * 3 else {
            gtk_picture_set_paintable(opaque, nil)
            return
        }
        let bytes = g_bytes_new(rgb, gsize(rgb.count))
        let texture = gdk_memory_texture_new(
            Int32(clamping: width), Int32(clamping: height), GDK_MEMORY_R8G8B8, bytes, gsize(width * 3))
        g_bytes_unref(bytes)
        gtk_picture_set_paintable(opaque, texture)
        g_object_unref(rawAddress(texture))  // The picture holds it.
    }

    /// Whether it shows an image.
    public var hasImage: Bool { gtk_picture_get_paintable(opaque) != nil }
}
