import Foundation

// Obligation (UncheckedBox): as in StateDecoder.swift: each access to a box ends before
// an object is called.

/// Object references (rule R8) and contained objects (R31).
extension StateDecoder {
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
