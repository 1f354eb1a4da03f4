/// What every coder of one restore shares: the checked archive, its metadata, the object
/// restored for each record so far, and a cache from key strings to the archive's
/// string-table indices.
///
/// A coder's look-ups touch only what ``Shared`` holds: plain pointers and numbers, never
/// a class reference, so that they retain and release nothing. Retains and releases are
/// atomic operations; one pair per look-up was 7 of a restore's 27 retains per object
/// (see docs/PERFORMANCE.md).
///
/// ``Shared`` lives behind a pointer owned by the context, for the same reason and for
/// another: each access to a stored `var` of a class is a dynamic exclusivity check (see
/// `ArchiveBuilder`). One restore uses the context on the main actor, never re-entering
/// an access to it.
@MainActor
final class DecodingContext {
    /// The part of the context a look-up reads.
    struct Shared {
        /// The archive's bytes while the restore runs (``withBytes(_:)``), else empty.
        var bytes = UnsafeRawBufferPointer(start: nil, count: 0)
        /// The view's canonical string indices while the restore runs, else empty.
        var canonical = UnsafeBufferPointer<UInt32>(start: nil, count: 0)
        /// The view's string table while the restore runs, else empty: a look-up compares
        /// the key's two machine words with those of the key of the entry at the cursor.
        var strings = UnsafeBufferPointer<String>(start: nil, count: 0)
        /// How many strings the table holds: a key index at or past it is in no entry.
        let stringCount: Int
        /// The view's ``ArchiveView/keysAreUnique``.
        let keysAreUnique: Bool
        /// The object restored for each record, nil until it is (and if it never is).
        var restored: [(any RestorableObject)?]
        /// Key strings to canonical string-table indices; `stringCount` for a key that is
        /// not in the table.
        var keys = InternCache()

        /// True while the bytes can be read.
        var isOpen: Bool { bytes.count != 0 }
    }

    let view: ArchiveView
    let metadata: SharedMetadata
    let shared: UnsafeMutablePointer<Shared>

    init(view: ArchiveView) {
        self.view = view
        self.metadata = SharedMetadata(view.metadata)
        shared = .allocate(capacity: 1)
        shared.initialize(
            to: Shared(
                stringCount: view.strings.count, keysAreUnique: view.keysAreUnique,
                restored: Array(repeating: nil, count: view.records.count)))
    }

    isolated deinit {
        shared.deinitialize(count: 1)
        shared.deallocate()
    }

    /// Runs `body` with the archive's bytes readable by every coder of the context; after
    /// it, coders find no keys (a coder kept past the call it was handed to reads nothing).
    func withBytes<Result>(_ body: () -> Result) -> Result {
        view.bytes.withUnsafeBytes { bytes in
            view.canonical.withUnsafeBufferPointer { canonical in
                view.strings.withUnsafeBufferPointer { strings in
                    let outer = (shared.pointee.bytes, shared.pointee.canonical, shared.pointee.strings)
                    shared.pointee.bytes = bytes
                    shared.pointee.canonical = canonical
                    shared.pointee.strings = strings
                    defer { (shared.pointee.bytes, shared.pointee.canonical, shared.pointee.strings) = outer }
                    return body()
                }
            }
        }
    }

    /// The canonical string-table index of `key`, or ``Shared/stringCount`` if no string
    /// of the table is `key`.
    ///
    /// A key literal is the same two machine words every time it is passed, so after its
    /// first look-up it is found in ``InternCache`` without hashing its characters.
    @inline(__always)
    func keyIndex(_ key: String) -> Int {
        if let index = shared.pointee.keys.index(of: key) { return index }
        return newKeyIndex(key)
    }

    private func newKeyIndex(_ key: String) -> Int {
        let index = view.stringIndex[key] ?? view.strings.count
        shared.pointee.keys.remember(key, at: index)
        return index
    }

    /// The object restored for record `index`, or nil.
    func resolve(_ index: Int) -> (any RestorableObject)? {
        index >= 0 && index < shared.pointee.restored.count ? shared.pointee.restored[index] : nil
    }
}
