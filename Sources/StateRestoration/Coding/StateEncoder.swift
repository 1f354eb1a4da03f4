import Foundation

/// The keyed coder an object writes its state into during a save (rules R6, R8, R22).
///
/// Each saved object writes its own keyed space, so keys never collide between objects.
/// (One pass reuses one encoder for every object, pointing it at each in turn: use it only
/// during the call it was handed to.) Writing the same key twice keeps the later value. Keys that start with
/// ``reservedKeyPrefix`` belong to the engine; writing one throws.
@MainActor
public final class StateEncoder {
    /// Keys that start with this belong to the engine (rule R6).
    public nonisolated static let reservedKeyPrefix = "$"

    /// The path of the object being encoded; empty for the application state.
    ///
    /// Built when read, from the pass's saved objects: most objects never read it, and
    /// building one per object was a large part of a save (see docs/PERFORMANCE.md).
    public var path: RestorationPath {
        if let nodePath, node >= 0 { return nodePath(node) }
        return fixedPath
    }
    /// The metadata this pass will record.
    public var metadata: ArchiveMetadata { sharedMetadata.value }

    /// One box for every coder of a pass (see ``SharedMetadata``).
    private let sharedMetadata: SharedMetadata
    private let builder: ArchiveBuilder
    private let referenceResolver: (any RestorableObject) -> Int?
    /// The path when there is no `nodePath`: the application state's, or a probe's.
    private let fixedPath: RestorationPath
    /// The path of a saved object, by its record index, for a pass's shared encoder.
    private let nodePath: ((Int) -> RestorationPath)?
    /// The record index of the object being encoded, for `nodePath`; set by the pass.
    var node: Int {
        get { nodeBox.value }
        set { nodeBox.value = newValue }
    }
    // Obligation (UncheckedBox): read and written only by this coder's methods, one at a time.
    /// Where ``node`` is kept: in an ``UncheckedBox``, since each write of a stored `var`
    /// of a class is a dynamic exclusivity check, and a pass writes it twice per object.
    /// Used on the main actor only, never re-entered.
    private let nodeBox = UncheckedBox(-1)

    init(
        path: RestorationPath, metadata: SharedMetadata, builder: ArchiveBuilder,
        referenceResolver: @escaping (any RestorableObject) -> Int?
    ) {
        self.fixedPath = path
        self.nodePath = nil
        self.sharedMetadata = metadata
        self.builder = builder
        self.referenceResolver = referenceResolver
    }

    /// An encoder a pass reuses for every object: set ``node`` before each object encodes.
    init(
        nodePath: @escaping (Int) -> RestorationPath, metadata: SharedMetadata, builder: ArchiveBuilder,
        referenceResolver: @escaping (any RestorableObject) -> Int?
    ) {
        self.fixedPath = RestorationPath()
        self.nodePath = nodePath
        self.sharedMetadata = metadata
        self.builder = builder
        self.referenceResolver = referenceResolver
    }

    private func checked(_ key: String) throws(StateCodingError) -> String {
        if key.utf8.first == UInt8(ascii: "$") {
            throw .reservedKey(path: path, key: key)
        }
        return key
    }

    /// The key's string-table field, checked against the reserved prefix (rule R6). The
    /// builder remembers keys it has checked, so a key written by every object is checked
    /// and interned once per save.
    @inline(__always)
    private func field(_ key: String) throws(StateCodingError) -> Int {
        guard let field = builder.keyField(key) else { throw .reservedKey(path: path, key: key) }
        return field
    }

    /// Writes a Bool, an integer, a Double, a String, Data, a Date, a UUID, or an array or
    /// string-keyed dictionary of these.
    ///
    /// Inlinable, so that it is specialized for the caller's type and the value is made a
    /// ``StateValue`` without a generic call (see docs/PERFORMANCE.md).
    /// - Throws: ``StateCodingError/reservedKey(path:key:)`` for a key with the reserved prefix.
    @inlinable
    public func encode<Value: StateValueConvertible>(_ value: Value, forKey key: String)
        throws(StateCodingError)
    {
        if Value.self == String.self {
            try writeString(value as! String, forKey: key)
        } else if Value.self == Int.self {
            try writeInt(Int64(value as! Int), forKey: key)
        } else if Value.self == Double.self {
            try writeFixed64((value as! Double).bitPattern, date: false, forKey: key)
        } else if Value.self == Date.self {
            try writeFixed64(
                (value as! Date).timeIntervalSince1970.bitPattern, date: true, forKey: key)
        } else if Value.self == Bool.self {
            try writeBool(value as! Bool, forKey: key)
        } else if Value.self == Data.self {
            try writeData(value as! Data, forKey: key)
        } else {
            try write(value.stateValue, forKey: key)
        }
    }

    // The common types, written straight into the archive without a ``StateValue``
    // between, which would be made for every value (for a string, a retain and a release of
    // its storage) and taken apart again. `encode` chooses among
    // them when it is specialized for the caller's type, where the comparisons of
    // `Value.self` are constants and each cast is of a type to itself, folded away. The bytes are
    // those `write` makes for the same value.

    /// Writes a String; see ``encode(_:forKey:)``.
    @usableFromInline
    func writeString(_ value: String, forKey key: String) throws(StateCodingError) {
        builder.stringEntry(keyField: try field(key), value)
    }

    /// Writes a signed integer; see ``encode(_:forKey:)``.
    @usableFromInline
    func writeInt(_ value: Int64, forKey key: String) throws(StateCodingError) {
        builder.intEntry(keyField: try field(key), value)
    }

    /// Writes a Double (or, with `date`, a Date) as its bits; see ``encode(_:forKey:)``.
    @usableFromInline
    func writeFixed64(_ bits: UInt64, date: Bool, forKey key: String) throws(StateCodingError) {
        builder.fixed64Entry(keyField: try field(key), bits, date: date)
    }

    /// Writes a Bool; see ``encode(_:forKey:)``.
    @usableFromInline
    func writeBool(_ value: Bool, forKey key: String) throws(StateCodingError) {
        builder.boolEntry(keyField: try field(key), value)
    }

    /// Writes Data; see ``encode(_:forKey:)``.
    @usableFromInline
    func writeData(_ value: Data, forKey key: String) throws(StateCodingError) {
        builder.dataEntry(keyField: try field(key), value)
    }

    /// Writes an already-typed value.
    public func encode(stateValue value: StateValue, forKey key: String) throws(StateCodingError) {
        try write(value, forKey: key)
    }

    /// What ``encode(_:forKey:)`` does once its value is a ``StateValue``.
    @usableFromInline
    func write(_ value: StateValue, forKey key: String) throws(StateCodingError) {
        builder.entry(keyField: try field(key), value: value)
    }

    /// Writes any `Encodable` value, stored as JSON.
    /// - Throws: ``StateCodingError/codableFailed(path:key:type:reason:)`` if it fails to encode.
    public func encodeCodable<Value: Encodable>(_ value: Value, forKey key: String)
        throws(StateCodingError)
    {
        let key = try checked(key)
        do {
            let encoder = JSONEncoder()
            encoder.outputFormatting = [.sortedKeys]
            builder.entry(key: key, value: .codable(try encoder.encode(value)))
        } catch {
            throw .codableFailed(
                path: path, key: key, type: String(describing: Value.self), reason: "\(error)")
        }
    }

    /// Writes a reference to another restorable object, as that object's path (rule R8).
    ///
    /// The referenced object is saved too, even if the walk pruned it or it is outside the
    /// view-controller tree. If it cannot be saved (it has no identifier), a nil reference
    /// is written and a diagnostic says why.
    public func encodeObject(_ object: (any RestorableObject)?, forKey key: String) throws(StateCodingError) {
        let field = try field(key)
        var index: Int?
        if let object { index = referenceResolver(object) }
        builder.referenceEntry(keyField: field, index)
    }

    /// Writes an ordered list of references, for example a navigation stack.
    public func encodeObjects(_ objects: [any RestorableObject], forKey key: String) throws(StateCodingError)
    {
        try beginReferences(forKey: key, count: objects.count)
        for object in objects { appendReference(to: object) }
    }

    /// Writes an ordered list of references to objects of one type, as
    /// `encodeObjects(_:forKey:)` of `[any RestorableObject]` does, without first making
    /// the list an array of `any RestorableObject` (an allocation, and a retain and a
    /// release of every element).
    @inlinable
    public func encodeObjects<Object: RestorableObject>(_ objects: [Object], forKey key: String)
        throws(StateCodingError)
    {
        try beginReferences(forKey: key, count: objects.count)
        for object in objects { appendReference(to: object) }
    }

    /// Starts an entry of `count` references; exactly `count` calls of
    /// ``appendReference(to:)`` must follow.
    ///
    /// Straight into the builder: resolving a reference adds objects to the pass but never
    /// writes bytes, so nothing comes between the list's header and its references.
    @usableFromInline
    func beginReferences(forKey key: String, count: Int) throws(StateCodingError) {
        builder.beginReferenceList(keyField: try field(key), count: count)
    }

    /// One reference of a list begun with ``beginReferences(forKey:count:)``.
    @usableFromInline
    func appendReference(to object: any RestorableObject) {
        builder.reference(referenceResolver(object))
    }
}
