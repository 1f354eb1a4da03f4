import CGtk

/// A GObject held by Swift: the base of every GtkKit wrapper.
///
/// It owns one reference to the object (see this folder's README): taken in
/// ``init(owning:)``, dropped when the wrapper goes away. GTK's own tree keeps widgets
/// alive too, so a wrapper may go while its widget stays on screen.
@MainActor
open class Object {
    /// The GObject's address.
    private let address: UnsafeMutableRawPointer

    /// Wraps a new object, claiming its floating reference or adding one.
    /// - Parameter object: What a `gtk_…_new` function returned (they never return nil:
    ///   GLib aborts when memory runs out).
    public init(owning object: UnsafeMutableRawPointer?) {
        address = Self.claim(object)
    }

    /// Wraps a new object of an incomplete C type (a final class such as `GtkLabel`).
    public init(owning object: OpaquePointer?) {
        address = Self.claim(object.map { UnsafeMutableRawPointer($0) })
    }

    /// Takes a reference to `object`, claiming a floating one.
    private static func claim(_ object: UnsafeMutableRawPointer?) -> UnsafeMutableRawPointer {
        guard let object else { fatalError("GTK returned no object") }
        g_object_ref_sink(object)
        return object
    }

    isolated deinit {
        g_object_unref(address)
    }

    /// The object as GTK's type `T` (the `GTK_WIDGET()`, `GTK_WINDOW()` macros' job).
    func pointer<T>(_ type: T.Type = T.self) -> UnsafeMutablePointer<T> {
        address.assumingMemoryBound(to: T.self)
    }

    /// The object as an incomplete C type: a final class (`GtkLabel`, `GtkStringList`)
    /// or an interface (`GtkEditable`, `GListModel`, `GtkSelectionModel`).
    var opaque: OpaquePointer { OpaquePointer(address) }

    /// The object as `gpointer`, for `g_object_…` and signal calls.
    var raw: UnsafeMutableRawPointer { address }

    /// True when both wrap the same GObject.
    public func isSame(as other: Object) -> Bool { address == other.address }

    /// True when `raw` is this object's address (a widget GTK handed to a callback).
    func isObject(at raw: UnsafeMutableRawPointer?) -> Bool { raw == address }
}

/// The address of a C object as `gpointer`: a typed GTK pointer or an opaque one.
func rawAddress<T>(_ pointer: UnsafeMutablePointer<T>?) -> UnsafeMutableRawPointer? {
    pointer.map { UnsafeMutableRawPointer($0) }
}

/// The same for an incomplete C type.
func rawAddress(_ pointer: OpaquePointer?) -> UnsafeMutableRawPointer? {
    pointer.map { UnsafeMutableRawPointer($0) }
}

/// An incomplete C type's pointer as a complete one, for a function that takes the base
/// class (`gtk_widget_…` on a `GtkLabel`).
func typed<T>(_ pointer: OpaquePointer) -> UnsafeMutablePointer<T> {
    UnsafeMutableRawPointer(pointer).assumingMemoryBound(to: T.self)
}
