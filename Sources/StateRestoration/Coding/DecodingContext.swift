/// What every coder of one restore shares: the checked archive, its metadata, the object
/// restored for each record so far, and a cache from key strings to the archive's
/// string-table indices.
///
/// A coder's look-ups touch only what ``Shared`` holds, which lives in an ``UncheckedBox``:
/// each access to a stored `var` of a class is a dynamic exclusivity check (see
/// `ArchiveBuilder`). One restore uses the context on the main actor, never re-entering
/// an access to it.
@MainActor
final class DecodingContext {
    /// The part of the context a look-up reads.
    struct Shared {
        /// The archive's bytes while ``withBytes(_:)`` lends them (the view's storage keeps
        /// them); ``UncheckedByteView/closed`` otherwise.
        var bytes = UncheckedByteView.closed
        /// The view's canonical string indices.
        let canonical: [UInt32]
        /// How many strings the table holds: a key index at or past it is in no entry.
        let stringCount: Int
        /// The view's ``ArchiveView/keysAreUnique``.
        let keysAreUnique: Bool
        /// The object restored for each record, nil until it is (and if it never is).
        var restored: [(any RestorableObject)?]
        /// Key strings to canonical string-table indices; `stringCount` for a key that is
        /// not in the table.
        var keys = InternCache()

        /// True while the bytes can be read (``withBytes(_:)``).
        var isOpen = false
    }

    let view: ArchiveView
    let metadata: SharedMetadata
    // Obligation (UncheckedBox, UncheckedByteView): one restore on the main actor; a coder's
    // look-up reads `shared` in place and calls out to no object while it does. `bytes` holds
    // the lent view only between the opening and the end of `withBytes`.
    let shared: UncheckedBox<Shared>
    /// The app's context (rule R30), which ``StateDecoder/restorationContext(as:)`` gives.
    var applicationContext: Any?
    /// Takes an extension of the restore (rule R27) for a reason and a subtree; nil when
    /// the restore cannot be extended (it is not from storage).
    var extend: ((_ reason: String, _ subtree: String) -> RestorationExtension)?

    /// Rule R31: the record whose object contains each object claimed through
    /// ``StateDecoder/decodeContainedObjects(of:forKey:)`` so far.
    private var containerRecord: [ObjectIdentifier: Int] = [:]
    /// Why references to contained objects were left out, in the order met.
    private(set) var containmentNotes = DiagnosticList()

    init(view: ArchiveView) {
        self.view = view
        self.metadata = SharedMetadata(view.metadata)
        shared = UncheckedBox(
            Shared(
                canonical: view.canonical, stringCount: view.strings.count,
                keysAreUnique: view.keysAreUnique, restored: Array(repeating: nil, count: view.records.count))
        )
    }

    /// Runs `body` with the archive's bytes readable by every coder of the context; after
    /// it, coders find no keys (a coder kept past the call it was handed to reads nothing).
    func withBytes<Result>(_ body: () -> Result) -> Result {
        if shared.value.isOpen { return body() }
        return view.storage.withView { bytes in
            shared.value.bytes = bytes
            shared.value.isOpen = true
            defer {
                shared.value.isOpen = false
                shared.value.bytes = .closed
            }
            return body()
        }
    }

    /// The canonical string-table index of `key`, or ``Shared/stringCount`` if no string
    /// of the table is `key`.
    ///
    /// After its first look-up a key is found in ``InternCache`` without hashing its
    /// characters.
    @inline(__always)
    func keyIndex(_ key: String) -> Int {
        if let index = shared.value.keys.index(of: key) { return index }
        return newKeyIndex(key)
    }

    private func newKeyIndex(_ key: String) -> Int {
        let index = view.stringIndex[key] ?? view.strings.count
        shared.value.keys.remember(key, at: index)
        return index
    }

    /// The object of record `child`, if the object of record `parent` may contain it, and
    /// records that it does; nil, with a diagnostic, if containing it would break the tree
    /// (rule R31).
    ///
    /// It may if the child was saved under the parent in the archive (so restored
    /// containment is part of the saved tree), is not the parent itself, is not contained
    /// already, and does not contain the parent (no cycle, even when a restoration class
    /// returned one object for two records). A window's root is never the object of a
    /// child record: the restore's first phase refuses that (``RestorationPass``).
    func contain(record child: Int, in parent: Int, key: String) -> (any RestorableObject)? {
        guard child >= 0, child < shared.value.restored.count, let object = shared.value.restored[child],
            parent >= 0, parent < shared.value.restored.count,
            let container = shared.value.restored[parent]
        else { return nil }
        let objectID = ObjectIdentifier(object)
        enum Problem {
            case itself
            case savedElsewhere(Int32)
            case containedBy(Int)
            case cycle
        }
        let problem: Problem?
        if object === container {
            problem = .itself
        } else if Int(view.records[child].parent) != parent {
            problem = .savedElsewhere(view.records[child].parent)
        } else if let other = containerRecord[objectID] {
            problem = .containedBy(other)
        } else if contains(objectID, above: parent) {
            problem = .cycle
        } else {
            problem = nil
        }
        if let problem {
            // The message (two paths as text) is made only if the report has room for it.
            containmentNotes.append(
                RestorationDiagnostic(
                    .notRestored, path: view.path(ofRecord: child).description,
                    reason: {
                        let why =
                            switch problem {
                            case .itself: "it is that object itself"
                            case .savedElsewhere(let savedUnder):
                                "it was saved under "
                                    + (savedUnder >= 0
                                        ? "'\(view.path(ofRecord: Int(savedUnder)))'" : "the windows")
                                    + ", and an object contains only what was saved under it"
                            case .containedBy(let other):
                                "it is already contained by '\(view.path(ofRecord: other))', and an object has one "
                                    + "container"
                            case .cycle: "it contains that object, and containment cannot form a cycle"
                            }
                        return
                            "'\(view.path(ofRecord: parent))' lists it under '\(key)', but \(why); it is left out "
                            + "there (containment is a tree, R31)"
                    }()))
            return nil
        }
        containerRecord[objectID] = parent
        return object
    }

    /// Adds a diagnostic to the restore's report.
    func note(_ diagnostic: @autoclosure () -> RestorationDiagnostic) {
        containmentNotes.append(diagnostic())
    }

    /// True if `object` is the object of `record` or contains it, through the containment
    /// claimed so far.
    private func contains(_ object: ObjectIdentifier, above record: Int) -> Bool {
        var current = record
        var steps = 0
        while current >= 0, current < shared.value.restored.count, steps <= containerRecord.count {
            guard let here = shared.value.restored[current] else { return false }
            let id = ObjectIdentifier(here)
            if id == object { return true }
            guard let next = containerRecord[id] else { return false }
            current = next
            steps += 1
        }
        return false
    }

    /// The object restored for record `index`, or nil.
    func resolve(_ index: Int) -> (any RestorableObject)? {
        index >= 0 && index < shared.value.restored.count ? shared.value.restored[index] : nil
    }
}
