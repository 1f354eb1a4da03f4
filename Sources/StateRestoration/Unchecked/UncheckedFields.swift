// Unchecked code lives in this folder only (docs/DECISIONS.md, "Unsafe code in one folder";
// rule C2), one type per file. This one: an object's stored references, read by offset.
@_spi(Reflection) import Swift

/// An object's stored fields as the runtime's metadata describes them, and the class
/// references stored in them.
///
/// Invariant: ``reference(in:at:as:)`` is given an offset that ``fields(of:)`` reported for
/// the object's dynamic class or a superclass of it, of a field whose type is a non-optional
/// class type that `Target` is (or is a superclass of); nothing else may call it.
enum UncheckedFields {
    /// The stored fields of `type` (a class, its superclasses' first; or a struct): name,
    /// byte offset and type. Nil when the runtime cannot describe them.
    static func fields(of type: Any.Type, isClass: Bool) -> [(name: String, offset: Int, type: Any.Type)]? {
        var result: [(name: String, offset: Int, type: Any.Type)] = []
        // `.classType` is a stored `static var` of the standard library; its value is 1 << 0.
        let options = _EachFieldOptions(rawValue: isClass ? 1 : 0)
        let described = unsafe _forEachField(of: type, options: options) {
            name, offset, field, _ in
            result.append((unsafe String(cString: name), offset, field))
            return true
        }
        return described ? result : nil
    }

    /// The reference stored at `offset` in `object`.
    static func reference<Target: AnyObject>(in object: AnyObject, at offset: Int, as target: Target.Type)
        -> Target
    {
        unsafe Unmanaged.passUnretained(object).toOpaque().load(fromByteOffset: offset, as: Target.self)
    }
}
