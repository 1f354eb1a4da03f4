/// Type names, computed once per type.
///
/// `String(reflecting:)` asks the runtime to demangle, which costs about a microsecond:
/// per object, that alone would be most of a 1,000-object save.
@MainActor
final class TypeNameCache {
    private var typeNames: [ObjectIdentifier: String] = [:]
    private var classNames: [ObjectIdentifier: String] = [:]

    /// The module-qualified name of the object's dynamic type.
    func typeName(of object: AnyObject) -> String {
        let type: AnyClass = Swift.type(of: object)
        let key = ObjectIdentifier(type)
        if let name = typeNames[key] { return name }
        let name = String(reflecting: type)
        typeNames[key] = name
        return name
    }

    /// The restoration class's recorded name.
    func className(of type: any ObjectRestoration.Type) -> String {
        let key = ObjectIdentifier(type)
        if let name = classNames[key] { return name }
        let name = type.restorationClassName
        classNames[key] = name
        return name
    }

    /// True if `object` is of the type named `recorded`, or of a subclass of it (R14).
    func object(_ object: AnyObject, matches recorded: String) -> Bool {
        if typeName(of: object) == recorded { return true }
        var current: AnyClass? = _getSuperclass(Swift.type(of: object))
        while let type = current {
            if String(reflecting: type) == recorded { return true }
            current = _getSuperclass(type)
        }
        return false
    }
}
