import Foundation

/// The keyed coder an object reads its state from at launch (rules R8, R19, R22).
///
/// `decode` of a missing key or a wrong type throws a ``StateCodingError`` naming the
/// object's path, the key, and the expected and found types; it never traps.
/// `decodeIfPresent` returns nil for a missing key.
@MainActor
public final class StateDecoder {
    /// The path of the object being decoded; empty for the application state.
    public let path: RestorationPath
    /// The state version recorded with the object (rule R19); 0 for the application state.
    public let stateVersion: Int
    /// The archive's metadata (rule R1).
    public var metadata: ArchiveMetadata { sharedMetadata.value }
    /// The raw entries, in the order they were written.
    public let entries: [ArchiveEntry]

    /// One box for every coder of a pass: holding the metadata itself retained its
    /// strings once per object.
    private let sharedMetadata: SharedMetadata
    private let referenceResolver: (Int) -> (any RestorableObject)?
    /// True if no key is in `entries` twice (the reader checked): the first entry found
    /// for a key is then the one, and a look-up tries `nextIndex` before it scans.
    private let keysAreUnique: Bool
    /// The entry after the one the last look-up found: objects mostly read their keys in
    /// the order they wrote them.
    private var nextIndex = 0
    /// Set by ``explainNotRestored(_:)``.
    private(set) var notRestoredReason: String?

    init(
        path: RestorationPath, stateVersion: Int, metadata: SharedMetadata, entries: [ArchiveEntry],
        keysAreUnique: Bool = false, referenceResolver: @escaping (Int) -> (any RestorableObject)?
    ) {
        self.path = path
        self.stateVersion = stateVersion
        self.sharedMetadata = metadata
        self.entries = entries
        self.keysAreUnique = keysAreUnique
        self.referenceResolver = referenceResolver
    }

    /// Says why the object will not be restored, for the diagnostic (rule R21).
    ///
    /// A restoration class or the app delegate calls this before returning nil, so that
    /// the diagnostic gives the app's reason ("item 3F2A… no longer exists") rather than
    /// only "returned nil".
    public func explainNotRestored(_ reason: String) {
        notRestoredReason = reason
    }

    /// The stored value for `key`, or nil. When a key was written twice the later wins.
    ///
    /// A scan from the end that compares lengths before contents: most keys of an object
    /// differ in length, and a length is read without calling into the string runtime.
    /// The scan is a nonisolated helper: in a main-actor method, each closure handed to the
    /// standard library starts with a run-time isolation check, which cost more than the
    /// scan itself.
    public func stateValue(forKey key: String) -> StateValue? {
        if keysAreUnique {
            guard let index = Self.index(of: key, in: entries, hint: nextIndex) else { return nil }
            nextIndex = index + 1
            return entries[index].value
        }
        guard let index = Self.lastIndex(of: key, in: entries) else { return nil }
        return entries[index].value
    }

    /// The position of the only entry with `key`: `hint` first, then a scan.
    nonisolated private static func index(of key: String, in entries: [ArchiveEntry], hint: Int) -> Int? {
        let length = key.utf8.count
        return entries.withUnsafeBufferPointer { entries in
            if hint < entries.count {
                let candidate = entries[hint].key
                if candidate.utf8.count == length && candidate == key { return hint }
            }
            var index = entries.count - 1
            while index >= 0 {
                let candidate = entries[index].key
                if candidate.utf8.count == length && candidate == key { return index }
                index -= 1
            }
            return nil
        }
    }

    /// The position of the last entry with `key`. Not isolated, so that the closure over the
    /// entries' storage carries no isolation check.
    nonisolated private static func lastIndex(of key: String, in entries: [ArchiveEntry]) -> Int? {
        let length = key.utf8.count
        return entries.withUnsafeBufferPointer { entries in
            var index = entries.count - 1
            while index >= 0 {
                let candidate = entries[index].key
                if candidate.utf8.count == length && candidate == key { return index }
                index -= 1
            }
            return nil
        }
    }

    /// True if a value was written for `key`.
    public func contains(_ key: String) -> Bool { stateValue(forKey: key) != nil }

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
        guard let stored = stateValue(forKey: key) else { throw .keyNotFound(path: path, key: key) }
        return try convert(stored, key: key)
    }

    /// Reads a value, or returns nil if the key is missing.
    /// - Throws: ``StateCodingError/typeMismatch(path:key:expected:found:)`` if the key is
    ///   there with another type.
    @inlinable
    public func decodeIfPresent<Value: StateValueConvertible>(
        _ type: Value.Type = Value.self, forKey key: String
    ) throws(StateCodingError) -> Value? {
        guard let stored = stateValue(forKey: key) else { return nil }
        return try convert(stored, key: key)
    }

    @inlinable
    func convert<Value: StateValueConvertible>(_ stored: StateValue, key: String)
        throws(StateCodingError) -> Value
    {
        guard let value = Value(stateValue: stored) else {
            throw .typeMismatch(
                path: path, key: key, expected: Value.stateTypeName, found: Self.describe(stored))
        }
        return value
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
        return referenceResolver(index)
    }

    /// Reads a list of references written by ``StateEncoder/encodeObjects(_:forKey:)``.
    /// Objects that were not restored are left out, so a navigation stack comes back with
    /// the screens that could be restored, in their order.
    public func decodeObjects(forKey key: String) throws(StateCodingError) -> [any RestorableObject] {
        guard let stored = stateValue(forKey: key) else { return [] }
        guard case .array(let values) = stored else {
            throw .typeMismatch(path: path, key: key, expected: "[Reference]", found: Self.describe(stored))
        }
        var objects: [any RestorableObject] = []
        objects.reserveCapacity(values.count)
        for value in values {
            guard case .reference(let index) = value else {
                throw .typeMismatch(
                    path: path, key: key, expected: "[Reference]", found: "[\(Self.describe(value))]")
            }
            if let index, let object = referenceResolver(index) { objects.append(object) }
        }
        return objects
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
