/// Type names, computed once per type.
///
/// Naming a type asks the runtime to demangle, which costs about a microsecond:
/// per object, that alone would be most of a 1,000-object save.
@MainActor
final class TypeNameCache {
    private var typeNames: [ObjectIdentifier: String] = [:]
    private var classNames: [ObjectIdentifier: String] = [:]
    /// The last type asked for: a tree is mostly made of a few types, often in runs, and
    /// comparing one pointer is cheaper than hashing it.
    private var lastType: ObjectIdentifier?
    private var lastTypeName = ""
    private var lastClass: ObjectIdentifier?
    private var lastClassName = ""

    /// The module-qualified name of the object's dynamic type.
    ///
    /// Type names come from `_typeName(_:qualified:)`, the standard library's function that
    /// `String(reflecting:)` and `String(describing:)` end in for a type: the same text (so
    /// archives keep their names, rule X3), without those initialisers' casts of the type to
    /// the printing protocols, each of which scans the program's conformance records the
    /// first time it meets a type (about 0.5M instructions a type, rule P2).
    func typeName(of object: AnyObject) -> String {
        let type: AnyClass = Swift.type(of: object)
        let key = ObjectIdentifier(type)
        if key == lastType { return lastTypeName }
        let name: String
        if let known = typeNames[key] {
            name = known
        } else {
            name = _typeName(type, qualified: true)
            typeNames[key] = name
        }
        lastType = key
        lastTypeName = name
        return name
    }

    /// The restoration class's recorded name.
    func className(of type: any ObjectRestoration.Type) -> String {
        let key = ObjectIdentifier(type)
        if key == lastClass { return lastClassName }
        let name: String
        if let known = classNames[key] {
            name = known
        } else {
            name = type.restorationClassName
            classNames[key] = name
        }
        lastClass = key
        lastClassName = name
        return name
    }

    /// The type and the recorded name of the last exact match: records of one type hold
    /// the same string of the archive's table, which `==` then finds equal without
    /// comparing its characters.
    private var lastMatchType: ObjectIdentifier?
    private var lastMatchName = ""

    /// True if `object` is of the type named `recorded`, or of a subclass of it (R14).
    func object(_ object: AnyObject, matches recorded: String) -> Bool {
        let key = ObjectIdentifier(Swift.type(of: object))
        if key == lastMatchType, recorded == lastMatchName { return true }
        if typeName(of: object) == recorded {
            lastMatchType = key
            lastMatchName = recorded
            return true
        }
        var current: AnyClass? = _getSuperclass(Swift.type(of: object))
        while let type = current {
            if _typeName(type, qualified: true) == recorded { return true }
            current = _getSuperclass(type)
        }
        return false
    }
}
