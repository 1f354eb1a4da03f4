import StateRestoration

/// What changed between two saves (rule A4): objects added, removed and changed, matched by
/// restoration path component by component (identifier and occurrence, so an identifier
/// `A/B` is not `B` under `A`), and for a changed object the keys whose values differ.
///
/// References compare by the path they point to, so a save that adds an object (and moves
/// record indexes) does not make every reference look changed. The metadata (timestamp,
/// versions) is not state and never makes two archives differ.
public struct ArchiveDiff: Sendable {
    /// A field's value in the old and in the new archive.
    public struct Versions<Value: Hashable & Sendable>: Hashable, Sendable {
        /// The value in the old archive.
        public var old: Value
        /// The value in the new archive.
        public var new: Value

        /// True when they differ.
        public var isChanged: Bool { old != new }
    }

    /// A key whose value was added, removed or changed.
    public struct KeyChange: Hashable, Sendable {
        /// The key.
        public var key: String
        /// The old value, nil when the key was added.
        package var old: InspectedValue?
        /// The new value, nil when the key was removed.
        package var new: InspectedValue?

        /// The old value as text with its type (`Int = 3`), or nil when the key was added.
        public var oldDescription: String? { old.map { ValueFormatter().typed($0) } }
        /// The new value as text with its type, or nil when the key was removed.
        public var newDescription: String? { new.map { ValueFormatter().typed($0) } }
    }

    /// An object saved in both archives whose record differs.
    public struct ObjectChange: Hashable, Sendable {
        /// The restoration path as text output shows it: escaped, `/` inside an identifier
        /// as `\/` (see `docs/INSPECTOR.md`).
        public var path: String
        /// The type names.
        public var typeName: Versions<String>
        /// The restoration class names.
        public var restorationClassName: Versions<String?>
        /// The state versions.
        public var stateVersion: Versions<Int>
        /// The keys that changed, in the order of the new record (removed ones last).
        public var keys: [KeyChange]
    }

    /// An object saved in only one of the archives.
    public struct ObjectSummary: Hashable, Sendable {
        /// The restoration path as text output shows it (see ``ObjectChange/path``).
        public var path: String
        /// The type name.
        public var typeName: String
        /// How many keys it holds.
        public var keyCount: Int
    }

    /// The old archive's metadata.
    public var oldMetadata: ArchiveMetadata
    /// The new archive's metadata.
    public var newMetadata: ArchiveMetadata
    /// The app-level keys that changed.
    public var applicationState: [KeyChange]
    /// Objects only in the new archive, in its order.
    public var added: [ObjectSummary]
    /// Objects only in the old archive, in its order.
    public var removed: [ObjectSummary]
    /// Objects in both whose type, class, version or keys differ, in the new archive's order.
    public var changed: [ObjectChange]
    /// How many objects both archives hold.
    public var commonObjectCount: Int
    /// The activity saved after each archive (rule S5): what a user was doing, which the
    /// next launch goes back to if the archive cannot be used.
    public var activity: Versions<ActivityFooter.Found>

    /// Compares `old` with `new`, and the activities saved after them.
    public init(
        old: Archive, new: Archive, oldActivity: ActivityFooter.Found = .none,
        newActivity: ActivityFooter.Found = .none
    ) {
        activity = Versions(old: oldActivity, new: newActivity)
        let before = InspectedArchive(old)
        let after = InspectedArchive(new)
        oldMetadata = old.metadata
        newMetadata = new.metadata
        applicationState = Self.keyChanges(before.applicationState, after.applicationState)
        // Matched by components (identifier and occurrence each), not by the path's text.
        var oldByPath: [[RestorationPath.Component]: InspectedArchive.Object] = [:]
        for object in before.objects where oldByPath[object.components] == nil {
            oldByPath[object.components] = object
        }
        let newPaths = Set(after.objects.map(\.components))
        added = []
        changed = []
        var common = 0
        var visited: Set<[RestorationPath.Component]> = []
        for object in after.objects where visited.insert(object.components).inserted {
            guard let previous = oldByPath[object.components] else {
                added.append(Self.summary(object))
                continue
            }
            common += 1
            let change = ObjectChange(
                path: object.path, typeName: Versions(old: previous.typeName, new: object.typeName),
                restorationClassName: Versions(
                    old: previous.restorationClassName, new: object.restorationClassName),
                stateVersion: Versions(old: previous.stateVersion, new: object.stateVersion),
                keys: Self.keyChanges(previous.entries, object.entries))
            if !change.keys.isEmpty || change.typeName.isChanged || change.restorationClassName.isChanged
                || change.stateVersion.isChanged
            {
                changed.append(change)
            }
        }
        commonObjectCount = common
        var removedPaths: Set<[RestorationPath.Component]> = []
        removed = before.objects.filter {
            !newPaths.contains($0.components) && removedPaths.insert($0.components).inserted
        }
        .map(Self.summary)
    }

    /// True when both archives hold the same state.
    public var isEmpty: Bool {
        applicationState.isEmpty && added.isEmpty && removed.isEmpty && changed.isEmpty && !activity.isChanged
    }

    private static func summary(_ object: InspectedArchive.Object) -> ObjectSummary {
        ObjectSummary(
            path: object.path, typeName: object.typeName,
            keyCount: InspectedArchive.effectiveValues(object.entries).count)
    }

    /// The keys whose effective (last written) values differ.
    private static func keyChanges(_ old: [InspectedArchive.Entry], _ new: [InspectedArchive.Entry])
        -> [KeyChange]
    {
        let before = InspectedArchive.effectiveValues(old)
        let after = InspectedArchive.effectiveValues(new)
        var changes: [KeyChange] = []
        for entry in new where !entry.isOverwritten {
            let previous = before[entry.key]
            if previous.map({ !$0.isSameState(as: entry.value) }) ?? true {
                changes.append(KeyChange(key: entry.key, old: previous, new: entry.value))
            }
        }
        for entry in old where !entry.isOverwritten && after[entry.key] == nil {
            changes.append(KeyChange(key: entry.key, old: entry.value, new: nil))
        }
        return changes
    }
}
