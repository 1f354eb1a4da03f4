import Foundation

/// The keyed coder an object reads its state from at launch (rules R8, R19, R22).
///
/// `decode` of a missing key or a wrong type throws a ``StateCodingError`` naming the
/// object's path, the key, and the expected and found types; it never traps.
/// `decodeIfPresent` returns nil for a missing key.
///
/// One restore reuses one decoder for every object, pointing it at each in turn, as a save
/// does with its encoder: use it only during the call it was handed to.
@MainActor
public final class StateDecoder {
    /// The path of the object being decoded; empty for the application state.
    ///
    /// Its components are made only when read (see ``RestorationPath``).
    public var path: RestorationPath {
        let record = state.value.record
        return record >= 0 ? context.view.path(ofRecord: record) : RestorationPath()
    }
    /// The state version recorded with the object (rule R19); 0 for the application state.
    public var stateVersion: Int { state.value.stateVersion }
    /// The archive's metadata (rule R1).
    public var metadata: ArchiveMetadata { context.metadata.value }
    /// The raw entries, in the order they were written.
    ///
    /// Made when read: a coder reads its values from the archive's bytes, where they stay
    /// until asked for (see docs/PERFORMANCE.md).
    public var entries: [ArchiveEntry] { context.view.entries(of: state.value.space) }

    /// What the decoder is pointed at, in an ``UncheckedBox``: the look-ups write the
    /// cursor, and each write of a stored `var` of a class is a dynamic exclusivity check
    /// (see `DecodingContext`). Used on the main actor only, never re-entered.
    private struct State {
        /// The record being decoded, or -1 for the application state.
        var record: Int
        var stateVersion: Int
        /// Where the object's keys and values are.
        var space: ArchiveView.KeyedSpace
        /// Where the last value read ended: objects mostly read their keys in the order
        /// they wrote them, so the next key is most often there.
        var cursor: Int
        /// Set by ``explainNotRestored(_:)``.
        var notRestoredReason: String?
        /// The list ``referencedObject(_:_:)`` read last, the position after the reference
        /// it read, and that reference's end.
        var listCursor: (list: Int, position: Int, offset: Int) = (-1, 0, 0)
    }

    /// The restore's archive, metadata and restored objects, shared by all its coders; it
    /// keeps `shared` alive.
    let context: DecodingContext
    // Obligation (UncheckedBox): the boxes are read and written only inside this coder's
    // own methods, which finish each access before they call the object being decoded.
    /// `context.shared`, held here so that a look-up loads one reference, not two.
    private let shared: UncheckedBox<DecodingContext.Shared>
    private let state: UncheckedBox<State>
    /// The archive's string table, held here (a `let` of the decoder) so that comparing a
    /// key with the key of the entry at the cursor retains nothing.
    private let strings: [String]

    /// The reason given to ``explainNotRestored(_:)`` since the decoder was last pointed
    /// at a record.
    var notRestoredReason: String? { state.value.notRestoredReason }

    /// A decoder of the application state; ``target(record:)`` points it at a record.
    init(context: DecodingContext) {
        self.context = context
        self.shared = context.shared
        self.strings = context.view.strings
        let space = context.view.applicationState
        self.state = UncheckedBox(
            State(
                record: -1, stateVersion: 0, space: space, cursor: Int(space.offset), notRestoredReason: nil))
    }

    /// Points the decoder at `record`, record `index` of the archive.
    func target(record index: Int, _ record: ArchiveView.Record) {
        state.value.record = index
        state.value.stateVersion = record.stateVersion
        state.value.space = record.space
        state.value.cursor = Int(record.space.offset)
        if state.value.notRestoredReason != nil { state.value.notRestoredReason = nil }
    }

    /// Says why the object will not be restored, for the diagnostic (rule R21).
    ///
    /// A restoration class or the app delegate calls this before returning nil, so that
    /// the diagnostic gives the app's reason ("item 3F2A… no longer exists") rather than
    /// only "returned nil".
    public func explainNotRestored(_ reason: String) {
        state.value.notRestoredReason = reason
    }

    /// The canonical string-table index of `key`, or nil if no entry of this object can
    /// have it (or the restore is over).
    @inline(__always)
    private func keyIndex(_ key: String) -> Int? {
        let index = shared.value.keys.index(of: key) ?? context.keyIndex(key)
        guard state.value.space.mayContain(index), index < shared.value.stringCount, shared.value.isOpen
        else { return nil }
        return index
    }

    /// The stored value for `key`, or nil. When a key was written twice the later wins.
    public func stateValue(forKey key: String) -> StateValue? {
        guard var reader = valueReader(forKey: key) else { return nil }
        let value = reader.value()
        state.value.cursor = reader.offset
        return value
    }

    /// True if a value was written for `key`.
    public func contains(_ key: String) -> Bool {
        valueReader(forKey: key) != nil
    }

    /// Reads a value written by ``StateEncoder/encode(_:forKey:)``.
    ///
    /// Inlinable, like ``decodeIfPresent(_:forKey:)``, so that it is specialized for the
    /// caller's type: unspecialized, each call looked up `Optional<Value>`'s metadata at run
    /// time, a tenth of a restore (see docs/PERFORMANCE.md).
    /// - Throws: ``StateCodingError/keyNotFound(path:key:)`` or
    ///   ``StateCodingError/typeMismatch(path:key:expected:found:)``.
    @inlinable
    public func decode<Value: StateValueConvertible>(_ type: Value.Type = Value.self, forKey key: String)
        throws(StateCodingError) -> Value
    {
        switch typedValue(Value.self, forKey: key) {
        case .value(let value): return value
        case .absent: throw .keyNotFound(path: path, key: key)
        case .general: break
        }
        guard let stored = stateValue(forKey: key) else { throw .keyNotFound(path: path, key: key) }
        guard let value = Value(stateValue: stored) else { throw mismatch(Value.self, forKey: key) }
        return value
    }

    /// Reads a value, or returns nil if the key is missing.
    /// - Throws: ``StateCodingError/typeMismatch(path:key:expected:found:)`` if the key is
    ///   there with another type.
    @inlinable
    public func decodeIfPresent<Value: StateValueConvertible>(
        _ type: Value.Type = Value.self, forKey key: String
    ) throws(StateCodingError) -> Value? {
        switch typedValue(Value.self, forKey: key) {
        case .value(let value): return value
        case .absent: return nil
        case .general: break
        }
        guard let stored = stateValue(forKey: key) else { return nil }
        guard let value = Value(stateValue: stored) else { throw mismatch(Value.self, forKey: key) }
        return value
    }

    /// What a typed read found: the value, no entry for the key, or something to read the
    /// general way (a type that is not one of the common ones, a value of another type, an
    /// integer that does not fit), errors included.
    @usableFromInline
    enum TypedRead<Value> {
        case value(Value)
        case absent
        case general
    }

    /// The value for `key` read straight from the archive's bytes, without a ``StateValue``
    /// between, when `Value` is one of the common types and the key holds one; see
    /// ``TypedRead``. A missing key is known from the one look-up: `decodeIfPresent` of an
    /// absent key used to look it up a second time the general way.
    ///
    /// The comparisons of `Value.self` are made when `decode` is specialized for the
    /// caller's type, so only one branch is left, and in it `Value` is the type compared
    /// with: the cast is of a type to itself, which the compiler folds away.
    /// Making a ``StateValue`` for every value and taking it apart again is saved (for a
    /// string, a retain and a release).
    @inlinable
    func typedValue<Value: StateValueConvertible>(_ type: Value.Type, forKey key: String) -> TypedRead<Value>
    {
        if Value.self == String.self {
            return typedString(forKey: key) as! TypedRead<Value>
        }
        if Value.self == Int.self {
            switch typedInt(forKey: key) {
            case .value(let number):
                guard let value = Int(exactly: number) else { return .general }
                return TypedRead.value(value) as! TypedRead<Value>
            case .absent: return .absent
            case .general: return .general
            }
        }
        if Value.self == Double.self {
            return typedDouble(forKey: key) as! TypedRead<Value>
        }
        if Value.self == Date.self {
            return typedDate(forKey: key) as! TypedRead<Value>
        }
        if Value.self == Bool.self { return typedBool(forKey: key) as! TypedRead<Value> }
        if Value.self == Data.self { return typedData(forKey: key) as! TypedRead<Value> }
        return .general
    }

    /// A String stored for `key`, read as ``TypedRead`` says; see ``typedValue(_:forKey:)``.
    @usableFromInline
    func typedString(forKey key: String) -> TypedRead<String> {
        read(forKey: key, tag: ArchiveFormat.Tag.string.rawValue) { $0.string() }
    }

    /// A signed integer stored for `key`, read as ``TypedRead`` says; see ``typedValue(_:forKey:)``.
    @usableFromInline
    func typedInt(forKey key: String) -> TypedRead<Int64> {
        read(forKey: key, tag: ArchiveFormat.Tag.int.rawValue) { $0.zigzag() }
    }

    /// A Double stored for `key`, read as ``TypedRead`` says; see ``typedValue(_:forKey:)``.
    @usableFromInline
    func typedDouble(forKey key: String) -> TypedRead<Double> {
        read(forKey: key, tag: ArchiveFormat.Tag.double.rawValue) { Double(bitPattern: $0.fixed64()) }
    }

    /// A Date stored for `key`, read as ``TypedRead`` says; see ``typedValue(_:forKey:)``.
    @usableFromInline
    func typedDate(forKey key: String) -> TypedRead<Date> {
        read(forKey: key, tag: ArchiveFormat.Tag.date.rawValue) {
            Date(timeIntervalSince1970: Double(bitPattern: $0.fixed64()))
        }
    }

    /// A Bool stored for `key`, read as ``TypedRead`` says; see ``typedValue(_:forKey:)``.
    @usableFromInline
    func typedBool(forKey key: String) -> TypedRead<Bool> {
        guard var reader = valueReader(forKey: key) else { return .absent }
        let value: Bool
        switch reader.byte() {
        case ArchiveFormat.Tag.boolTrue.rawValue: value = true
        case ArchiveFormat.Tag.boolFalse.rawValue: value = false
        default: return .general
        }
        state.value.cursor = reader.offset
        return .value(value)
    }

    /// Data stored for `key`, read as ``TypedRead`` says; see ``typedValue(_:forKey:)``.
    @usableFromInline
    func typedData(forKey key: String) -> TypedRead<Data> {
        read(forKey: key, tag: ArchiveFormat.Tag.data.rawValue) { $0.data() }
    }

    /// The value of `key` if it has `tag`, read from after the tag by `payload`, with the
    /// cursor moved past it.
    @inline(__always)
    private func read<Payload>(
        forKey key: String, tag: UInt8, _ payload: (inout ValueReader) -> Payload
    ) -> TypedRead<Payload> {
        guard var reader = valueReader(forKey: key) else { return .absent }
        guard reader.byte() == tag else { return .general }
        let value = payload(&reader)
        state.value.cursor = reader.offset
        return .value(value)
    }

    // Finding a key's value for the typed readers, which then check the tag, read the
    // payload and move the cursor past it.

    /// A reader at the value of `key`, or nil if no entry of the object has it.
    ///
    /// Objects mostly read their keys in the order they wrote them: with no repeated keys,
    /// the entry at the cursor is tried first, by comparing `key` with its key's string
    /// (`==`, and only for strings of one UTF-8 length; a key equal in another form is
    /// found the general way). Only otherwise is the key looked up in the cache.
    @inline(__always)
    private func valueReader(forKey key: String) -> ValueReader? {
        if shared.value.keysAreUnique, shared.value.isOpen {
            var reader = ValueReader(shared.value.bytes, offset: state.value.cursor)
            let field = Int(reader.varint())
            if field != 0 {
                let candidate = strings[field &- 1]
                if candidate.utf8.count == key.utf8.count, candidate == key { return reader }
            }
        }
        return lookedUpReader(forKey: key)
    }

    /// ``valueReader(forKey:)`` when the key is not the one at the cursor: through the key
    /// cache and the record's key mask. Not inlined, so that the typed readers, into which
    /// the look-up at the cursor is inlined, keep a small frame for it.
    @inline(never)
    private func lookedUpReader(forKey key: String) -> ValueReader? {
        guard let keyIndex = keyIndex(key) else { return nil }
        guard
            let offset = shared.value.valueOffset(
                of: keyIndex, in: state.value.space, cursor: state.value.cursor)
        else { return nil }
        return ValueReader(shared.value.bytes, offset: offset)
    }

    /// The error for a value under `key` that is not a `Value`.
    ///
    /// It reads the value again rather than being handed it: `decode` gives its value to
    /// `Value(stateValue:)`, which then owns it, rather than copying it (a retain and a
    /// release of a string's storage) for this path that is almost never taken.
    @usableFromInline
    func mismatch<Value: StateValueConvertible>(_ type: Value.Type, forKey key: String) -> StateCodingError {
        let found = stateValue(forKey: key).map(Self.describe) ?? "nothing"
        return .typeMismatch(path: path, key: key, expected: Value.stateTypeName, found: found)
    }

    /// Reads a value written by ``StateEncoder/encodeCodable(_:forKey:)``.
    /// - Throws: ``StateCodingError`` for a missing key, another stored type, or JSON that
    ///   does not decode as `Value`.
    public func decodeCodable<Value: Decodable>(_ type: Value.Type = Value.self, forKey key: String)
        throws(StateCodingError) -> Value
    {
        guard let stored = stateValue(forKey: key) else { throw .keyNotFound(path: path, key: key) }
        guard case .codable(let json) = stored else {
            throw .typeMismatch(
                path: path, key: key, expected: "Codable \(Value.self)", found: Self.describe(stored))
        }
        do {
            return try JSONDecoder().decode(Value.self, from: json)
        } catch {
            throw .codableFailed(
                path: path, key: key, type: String(describing: Value.self), reason: "\(error)")
        }
    }

    /// Reads a reference (rule R8): the restored object, or nil if the reference was nil or
    /// its object was not restored.
    /// - Throws: ``StateCodingError/typeMismatch(path:key:expected:found:)`` if the key
    ///   holds something other than a reference. A missing key returns nil.
    public func decodeObject(forKey key: String) throws(StateCodingError) -> (any RestorableObject)? {
        guard let stored = stateValue(forKey: key) else { return nil }
        guard case .reference(let index) = stored else {
            throw .typeMismatch(path: path, key: key, expected: "Reference", found: Self.describe(stored))
        }
        guard let index else { return nil }
        return context.resolve(index)
    }

    /// Reads a reference as an object of one type (rule R29), as the typed lists read theirs.
    /// - Returns: The object, or nil if the reference was nil, the key is missing, or its
    ///   object was not restored.
    /// - Throws: ``StateCodingError/typeMismatch(path:key:expected:found:)`` if the key
    ///   holds something other than a reference, or if the object restored for it is not an
    ///   `Object`: the error names both types and the object's path, where a cast would
    ///   have given nil without a word.
    public func decodeObject<Object>(of type: Object.Type, forKey key: String) throws(StateCodingError)
        -> Object?
    {
        guard let stored = stateValue(forKey: key) else { return nil }
        guard case .reference(let index) = stored else {
            throw .typeMismatch(
                path: path, key: key, expected: "Reference to \(Object.self)", found: Self.describe(stored))
        }
        guard let index, let object = context.resolve(index) else { return nil }
        guard let typed = object as? Object else {
            throw .typeMismatch(
                path: path, key: key, expected: "Reference to \(Object.self)",
                found: "Reference to \(Swift.type(of: object)) at '\(context.view.path(ofRecord: index))'")
        }
        return typed
    }

    /// Reads a list of references to the objects this one contains: its children, the
    /// screens of its stack (rule R31).
    ///
    /// Use it, rather than ``decodeObjects(of:forKey:)``, wherever the objects read become
    /// children in the UI: however the archive was crafted, what it returns keeps
    /// containment a tree. An object is returned only if it was saved under this one, is
    /// not this one, is not a window's root, is not already contained by another object
    /// of this restore, and does not contain this one. Each reference left out gets a
    /// diagnostic naming both objects; so do objects of another type than `Object`.
    /// - Throws: ``StateCodingError/typeMismatch(path:key:expected:found:)`` if the key
    ///   holds something other than a list of references. A missing key returns `[]`.
    public func decodeContainedObjects<Object>(of type: Object.Type, forKey key: String)
        throws(StateCodingError) -> [Object]
    {
        let list = try referenceList(forKey: key)
        var objects: [Object] = []
        for position in 0..<list.count {
            if let index = referencedRecord(list, position),
                let object = containedObject(record: index, key: key, as: Object.self)
            {
                objects.append(object)
            }
        }
        return objects
    }

    /// Reads a reference to an object this one contains, such as the controller it
    /// presents, keeping containment a tree as ``decodeContainedObjects(of:forKey:)`` does.
    /// - Returns: The object, or nil if the reference was nil, its object was not restored,
    ///   or containing it would break the tree (with a diagnostic).
    /// - Throws: ``StateCodingError/typeMismatch(path:key:expected:found:)`` if the key
    ///   holds something other than a reference.
    public func decodeContainedObject<Object>(of type: Object.Type, forKey key: String)
        throws(StateCodingError) -> Object?
    {
        guard let stored = stateValue(forKey: key) else { return nil }
        guard case .reference(let index) = stored else {
            throw .typeMismatch(path: path, key: key, expected: "Reference", found: Self.describe(stored))
        }
        guard let index else { return nil }
        return containedObject(record: index, key: key, as: Object.self)
    }

    private func containedObject<Object>(record index: Int, key: String, as type: Object.Type) -> Object? {
        guard let restored = context.resolve(index) else { return nil }
        // The type first: an object of another type is not claimed, and stays free for the
        // container that can hold it.
        guard restored is Object else {
            explainContainment(
                record: index,
                "'\(path)' lists it under '\(key)', but it is a \(Swift.type(of: restored)), not a \(Object.self)"
            )
            return nil
        }
        return context.contain(record: index, in: state.value.record, key: key) as? Object
    }

    private func explainContainment(record index: Int, _ reason: String) {
        context.note(
            RestorationDiagnostic(
                .notRestored, path: context.view.path(ofRecord: index).description,
                reason: reason + "; it is left out there"))
    }

    /// Reads a list of references written by ``StateEncoder/encodeObjects(_:forKey:)-([RestorableObject],_)``.
    /// Objects that were not restored are left out, so a navigation stack comes back with
    /// the screens that could be restored, in their order.
    public func decodeObjects(forKey key: String) throws(StateCodingError) -> [any RestorableObject] {
        let list = try referenceList(forKey: key)
        guard list.count > 0 else { return [] }
        var objects: [any RestorableObject] = []
        objects.reserveCapacity(list.count)
        for position in 0..<list.count {
            if let object = referencedObject(list, position) { objects.append(object) }
        }
        return objects
    }

    /// Reads a list of references written by `StateEncoder.encodeObjects(_:forKey:)`
    /// as objects of one type, as `decodeObjects(forKey:).compactMap { $0 as? Object }`
    /// would, without the intermediate array of `any RestorableObject`.
    ///
    /// Objects that were not restored, or are not `Object`s, are left out, so a navigation
    /// stack comes back with the screens that could be restored, in their order.
    /// - Throws: ``StateCodingError/typeMismatch(path:key:expected:found:)`` if the key
    ///   holds something other than a list of references. A missing key returns `[]`.
    @inlinable
    public func decodeObjects<Object>(of type: Object.Type, forKey key: String) throws(StateCodingError)
        -> [Object]
    {
        let list = try referenceList(forKey: key)
        // Most objects of a tree are leaves: their empty list needs no storage.
        guard list.count > 0 else { return [] }
        var objects: [Object] = []
        objects.reserveCapacity(list.count)
        for position in 0..<list.count {
            guard let object = referencedObject(list, position) else { continue }
            // An object of exactly the class asked for is taken as it is (see UncheckedCast).
            if ObjectIdentifier(Swift.type(of: object)) == ObjectIdentifier(Object.self) {
                objects.append(UncheckedCast.exactClass(object as AnyObject, as: Object.self))
            } else if let object = object as? Object {
                objects.append(object)
            }
        }
        return objects
    }

    /// Where a list of references is in the archive: ``decodeObjects(of:forKey:)`` reads it
    /// with ``referencedObject(_:_:)``.
    @usableFromInline
    struct ReferenceListPosition {
        /// The offset of the first reference's tag.
        let offset: Int
        /// How many references the list holds.
        @usableFromInline let count: Int
    }

    /// The list of references under `key`, with the cursor moved past it; an empty list if
    /// the key is missing.
    /// - Throws: ``StateCodingError/typeMismatch(path:key:expected:found:)`` if the key
    ///   holds something other than a list of references.
    @usableFromInline
    func referenceList(forKey key: String) throws(StateCodingError) -> ReferenceListPosition {
        guard let reader = valueReader(forKey: key) else { return ReferenceListPosition(offset: 0, count: 0) }
        switch Self.referenceList(at: reader, in: state) {
        case .list(let list): return list
        case .other(let stored): throw referenceListMismatch(key, stored)
        }
    }

    /// The object the reference at `position` of `list` names, if it was restored.
    ///
    /// Reading a list in order reads each reference once: the decoder remembers where the
    /// last one ended.
    @usableFromInline
    func referencedObject(_ list: ReferenceListPosition, _ position: Int) -> (any RestorableObject)? {
        Self.referencedObject(list, position, shared: shared, state: state)
    }

    /// The record that the reference at `position` of `list` names, or nil for a nil
    /// reference; read as ``referencedObject(_:_:)`` reads it.
    func referencedRecord(_ list: ReferenceListPosition, _ position: Int) -> Int? {
        let index = Self.referencedRecord(list, position, shared: shared, state: state)
        return index >= 0 ? index : nil
    }

    /// ``referencedObject(_:_:)``, not isolated: in a main-actor method, a closure handed
    /// to the standard library starts with a run-time isolation check.
    nonisolated private static func referencedObject(
        _ list: ReferenceListPosition, _ position: Int, shared: UncheckedBox<DecodingContext.Shared>,
        state: UncheckedBox<State>
    ) -> (any RestorableObject)? {
        let index = referencedRecord(list, position, shared: shared, state: state)
        return index >= 0 ? shared.value.restored[index] : nil
    }

    /// The record the reference at `position` of `list` names; -1 for a nil reference or a
    /// position out of the list. Reading a list in order reads each reference once.
    nonisolated private static func referencedRecord(
        _ list: ReferenceListPosition, _ position: Int, shared: UncheckedBox<DecodingContext.Shared>,
        state: UncheckedBox<State>
    ) -> Int {
        guard shared.value.isOpen, position >= 0, position < list.count else { return -1 }
        var reader = ValueReader(shared.value.bytes, offset: list.offset)
        var current = 0
        let cursor = state.value.listCursor
        if cursor.list == list.offset, cursor.position <= position {
            reader.offset = cursor.offset
            current = cursor.position
        }
        while true {
            // The reader checked every reference against the record count, and
            // `referenceList(forKey:)` that the list holds only references.
            let tag = reader.byte()
            let index = tag == ArchiveFormat.Tag.reference.rawValue ? Int(reader.varint()) : -1
            if current == position {
                state.value.listCursor = (list.offset, position + 1, reader.offset)
                return index
            }
            current += 1
        }
    }

    /// The error for a list of references that holds something else.
    private func referenceListMismatch(_ key: String, _ stored: StateValue) -> StateCodingError {
        guard case .array(let values) = stored else {
            return .typeMismatch(path: path, key: key, expected: "[Reference]", found: Self.describe(stored))
        }
        let found = values.first { if case .reference = $0 { false } else { true } }
        return .typeMismatch(
            path: path, key: key, expected: "[Reference]",
            found: "[\(found.map(Self.describe) ?? "Reference")]")
    }

    /// Finds the list of references for `key`, checking that it holds only references, and
    /// moves the cursor past it.
    nonisolated private static func referenceList(
        at value: ValueReader, in state: UncheckedBox<State>
    ) -> ReferenceListLookup {
        var reader = value
        let offset = reader.offset
        guard reader.byte() == ArchiveFormat.Tag.array.rawValue else {
            reader.offset = offset
            return .other(reader.value())
        }
        let count = Int(reader.varint())
        let first = reader.offset
        for _ in 0..<count {
            switch reader.byte() {
            case ArchiveFormat.Tag.reference.rawValue: _ = reader.varint()
            case ArchiveFormat.Tag.nilReference.rawValue: continue
            default:
                reader.offset = offset
                return .other(reader.value())
            }
        }
        state.value.cursor = reader.offset
        return .list(ReferenceListPosition(offset: first, count: count))
    }

    /// What ``referenceList(at:in:)`` found.
    private enum ReferenceListLookup {
        case list(ReferenceListPosition)
        /// Something other than a list of references.
        case other(StateValue)
    }

    /// A stored value's type for messages, with the integer's value when it did not fit.
    @usableFromInline
    static func describe(_ value: StateValue) -> String {
        switch value {
        case .int(let number): "Int (\(number))"
        case .uint(let number): "UInt (\(number))"
        default: value.typeName
        }
    }
}
