/// A property of a restorable object that is saved and restored with no hand-written code
/// (rule R25): Flutter's `RestorableProperty`, Compose's `rememberSaveable`, SwiftUI's
/// `@SceneStorage`, on UIKit's explicit tree.
///
/// Declare it with the ``Restorable`` property wrapper, or hold one directly:
///
/// ```swift
/// final class NoteViewController: ViewController {
///     @Restorable("draft") var draft = ""
///     let scroll = RestorableProperty("scroll", 0)
/// }
/// ```
///
/// The engine finds an object's properties by reflection (once per type it learns whether
/// the type has any, so a type without them costs nothing) and:
/// - encodes each under its key before ``RestorableObject/encodeRestorableState(with:)``;
///   a key also written by hand is an error at that save, naming the key, not a silent
///   overwrite;
/// - decodes each before ``RestorableObject/decodeRestorableState(with:)``; a missing key
///   keeps the declared value;
/// - on every change, tells the engine that met it last (rule R26): the one whose launch,
///   save or restore found it in its tree.
@MainActor
public final class RestorableProperty<Value: StateValueConvertible>: AnyRestorableProperty {
    /// The value. Setting it schedules continuous preservation (rule R26) in the engine
    /// whose tree holds the property.
    public var value: Value {
        didSet {
            guard !isRestoring, let engine else { return }
            if let owner {
                engine.stateDidChange(of: owner)
            } else {
                engine.stateDidChange()
            }
        }
    }
    private var isRestoring = false

    /// A property saved under `key`, holding `value` until a restore or a change.
    public init(_ key: String, _ value: Value) {
        self.value = value
        super.init(key: key)
    }

    override func encode(into coder: StateEncoder) throws(StateCodingError) {
        try coder.encode(value, forKey: key)
    }

    override func decode(from coder: StateDecoder) throws(StateCodingError) {
        guard let restored = try coder.decodeIfPresent(Value.self, forKey: key) else { return }
        // A restored value is not a change to save again.
        isRestoring = true
        value = restored
        isRestoring = false
    }
}

/// What every ``RestorableProperty`` is, whatever its value's type: its key, and what the
/// engine calls to save and restore it. Only `RestorableProperty` is one (the class is not
/// open). It is a class, not a protocol, so that the engine finds properties among an
/// object's stored ones with a class cast: a protocol cast scans the program's
/// conformance records the first time it meets each type, which made reflection a large
/// part of a launch's work.
@MainActor
public class AnyRestorableProperty {
    /// The key the value is saved under, in its object's keyed space.
    public let key: String
    /// The engine that met the property last, at its launch, a save or a restore.
    weak var engine: RestorationEngine?
    /// The object that holds the property, as the last save found it: the one whose record
    /// a change rewrites (rule P1).
    weak var owner: (any RestorableObject)?

    init(key: String) {
        self.key = key
    }

    /// Writes the value under ``key``.
    func encode(into coder: StateEncoder) throws(StateCodingError) {}

    /// Reads the value from ``key``, if the archive has it.
    func decode(from coder: StateDecoder) throws(StateCodingError) {}
}

/// Declares a ``RestorableProperty`` (rule R25): `@Restorable("name") var name = ""`.
/// The projected value (`$name`) is the property itself.
@MainActor
@propertyWrapper
public struct Restorable<Value: StateValueConvertible> {
    /// The property this wrapper stands for.
    public let projectedValue: RestorableProperty<Value>

    /// Saves the wrapped value under `key`.
    public init(wrappedValue: Value, _ key: String) {
        projectedValue = RestorableProperty(key, wrappedValue)
    }

    public var wrappedValue: Value {
        get { projectedValue.value }
        nonmutating set { projectedValue.value = newValue }
    }
}

/// Finds the restorable properties of objects, by reflection, remembering the types that
/// have none. Each engine has one, and hands it to its passes.
@MainActor
final class RestorableProperties {
    // Obligation (UncheckedBox): used on the main actor by one pass at a time; `lookUp`
    // reflects before it writes, so no access re-enters another.
    /// The types found to have none, and the last of them (a save meets long runs of one
    /// type). In an ``UncheckedBox``: a save asks once per object, and a stored `var` of a
    /// class would cost an exclusivity check each time. Used on the main actor only.
    private let known = UncheckedBox<(without: Set<ObjectIdentifier>, last: ObjectIdentifier?)>(([], nil))
    /// The engine the properties found belong to.
    weak var engine: RestorationEngine?
    /// Where each class's properties are stored, found on any thread, ahead of time too
    /// (``RestorablePropertyLayouts/prepare(_:)``).
    let layouts: RestorablePropertyLayouts

    init(layouts: RestorablePropertyLayouts = RestorablePropertyLayouts()) {
        self.layouts = layouts
    }

    /// False when `object`'s type is the last one found to have no restorable properties:
    /// the check a pass makes per object, with no array made.
    @inline(__always)
    func mayHave(_ object: AnyObject) -> Bool {
        ObjectIdentifier(Swift.type(of: object)) != known.value.last
    }

    /// The restorable properties of `object`, its superclasses' included, superclasses'
    /// first; empty, with no reflection, for a type already known to have none.
    func of(_ object: AnyObject) -> [AnyRestorableProperty] {
        let type = ObjectIdentifier(Swift.type(of: object))
        if type == known.value.last { return [] }
        return lookUp(object, type)
    }

    /// Where the restorable properties of each type met are stored: byte offsets of fields
    /// that hold one, superclasses' first. Found once per type from the runtime's field
    /// metadata, so an object costs a read per property and no reflection of its values
    /// (rule P2: `Mirror` and the casts of each value were most of a restore's own work).
    private var offsets: [ObjectIdentifier: [Int]] = [:]

    private func lookUp(_ object: AnyObject, _ type: ObjectIdentifier) -> [AnyRestorableProperty] {
        if known.value.without.contains(type) {
            known.value.last = type
            return []
        }
        let slots: [Int]
        if let known = offsets[type] {
            slots = known
        } else if let found = layouts.offsets(of: Swift.type(of: object)) {
            offsets[type] = found
            slots = found
        } else {
            return reflected(object, type)
        }
        if slots.isEmpty {
            known.value.without.insert(type)
            known.value.last = type
            return []
        }
        // Obligation (UncheckedFields): each offset is one `propertyOffsets` found for this
        // very class, of a field whose type is a `RestorableProperty` class.
        return slots.map { UncheckedFields.reference(in: object, at: $0, as: AnyRestorableProperty.self) }
    }

    /// The offsets of the fields of `type` that hold a restorable property: a stored
    /// `RestorableProperty` (or `AnyRestorableProperty`), or a property wrapper's storage
    /// (`_name`) whose first field, at its start, is one (`Restorable` is). Nil when the
    /// runtime cannot describe the fields.
    nonisolated static func propertyOffsets(of type: AnyClass) -> [Int]? {
        guard let fields = UncheckedFields.fields(of: type, isClass: true) else { return nil }
        var result: [Int] = []
        for field in fields {
            if isProperty(field.type) {
                result.append(field.offset)
            } else if field.name.first == "_", !(field.type is AnyClass.Type),
                let inner = UncheckedFields.fields(of: field.type, isClass: false)?.first,
                inner.offset == 0, isProperty(inner.type)
            {
                result.append(field.offset)
            }
        }
        return result
    }

    /// True for the field types that hold a restorable property: the class is not open, so
    /// its name says it (no cast of the type, which could scan conformance records).
    nonisolated private static func isProperty(_ type: Any.Type) -> Bool {
        let name = _typeName(type, qualified: true)
        return name.hasPrefix("StateRestoration.RestorableProperty<")
            || name == "StateRestoration.AnyRestorableProperty"
    }

    /// The properties of `object` found by reflecting its values, for a type whose fields
    /// the runtime cannot describe.
    private func reflected(_ object: AnyObject, _ type: ObjectIdentifier) -> [AnyRestorableProperty] {
        var levels: [[AnyRestorableProperty]] = []
        var mirror: Mirror? = Mirror(reflecting: object)
        while let current = mirror {
            var level: [AnyRestorableProperty] = []
            for child in current.children {
                // Only a class instance can be one (a cast of a struct to a class looks for
                // bridging conformances), and only `_name` is a property wrapper's storage.
                if Swift.type(of: child.value) is AnyClass,
                    let property = child.value as? AnyRestorableProperty
                {
                    level.append(property)
                } else if child.label?.first == "_",
                    let wrapped = Mirror(reflecting: child.value).children.first?.value
                        as? AnyRestorableProperty
                {
                    // A property wrapper's storage (`_name`): a `Restorable` holds its property.
                    level.append(wrapped)
                }
            }
            levels.append(level)
            mirror = current.superclassMirror
        }
        // Superclasses' properties first, as their state is written first by hand too.
        let found = levels.reversed().flatMap { $0 }
        if found.isEmpty {
            known.value.without.insert(type)
            known.value.last = type
        }
        return found
    }
}
