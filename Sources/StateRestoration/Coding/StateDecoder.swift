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
    struct State {
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
    let shared: UncheckedBox<DecodingContext.Shared>
    let state: UncheckedBox<State>
    /// The archive's string table, held here (a `let` of the decoder) so that comparing a
    /// key with the key of the entry at the cursor retains nothing.
    let strings: [String]

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
    func keyIndex(_ key: String) -> Int? {
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
    func read<Payload>(
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
    func valueReader(forKey key: String) -> ValueReader? {
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
    func lookedUpReader(forKey key: String) -> ValueReader? {
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
}
