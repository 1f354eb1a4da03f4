import StateRestoration

/// An ``Archive`` arranged for reading: paths as text, references resolved, children
/// listed under their parents.
package struct InspectedArchive: Sendable {
    /// One key and its value.
    package struct Entry: Hashable, Sendable {
        package var key: String
        package var value: InspectedValue
        /// True when a later entry writes the same key: the engine decodes the later one.
        package var isOverwritten: Bool
    }

    /// One saved object.
    package struct Object: Hashable, Sendable {
        package var index: Int
        /// The path as text output shows it, escaped (``ArchiveText/path(_:terminal:)``).
        package var path: String
        package var components: [RestorationPath.Component]
        package var parentIndex: Int?
        package var typeName: String
        package var restorationClassName: String?
        package var stateVersion: Int
        package var entries: [Entry]
        /// The indexes of the records whose parent this is, in order.
        package var children: [Int]
    }

    /// The archive as parsed.
    package var archive: Archive
    /// The app delegate's entries.
    package var applicationState: [Entry]
    /// The objects in record order (preorder, parents first).
    package var objects: [Object]

    package init(_ archive: Archive) {
        self.archive = archive
        let paths = archive.records.map { ArchiveText.path($0.path.components) }
        applicationState = Self.entries(archive.applicationState, paths: paths)
        objects = archive.records.enumerated().map { index, record in
            Object(
                index: index, path: paths[index], components: record.path.components,
                parentIndex: record.parentIndex, typeName: record.typeName,
                restorationClassName: record.restorationClassName, stateVersion: record.stateVersion,
                entries: Self.entries(record.entries, paths: paths), children: [])
        }
        for object in objects {
            if let parent = object.parentIndex, objects.indices.contains(parent) {
                objects[parent].children.append(object.index)
            }
        }
    }

    /// The metadata.
    package var metadata: ArchiveMetadata { archive.metadata }

    /// The objects without a parent: windows' roots and top-level plain objects.
    package var roots: [Object] {
        objects.filter { object in object.parentIndex.map { !objects.indices.contains($0) } ?? true }
    }

    /// The entries in the order written, each key's last value being the one that counts.
    package static func entries(_ entries: [ArchiveEntry], paths: [String]) -> [Entry] {
        var seen: Set<String> = []
        var result: [Entry] = []
        for entry in entries.reversed() {
            let (inserted, _) = seen.insert(entry.key)
            result.append(
                Entry(
                    key: entry.key, value: InspectedValue(entry.value, paths: paths), isOverwritten: !inserted
                ))
        }
        return result.reversed()
    }

    /// Each key's value, the last written winning.
    package static func effectiveValues(_ entries: [Entry]) -> [String: InspectedValue] {
        var values: [String: InspectedValue] = [:]
        for entry in entries where !entry.isOverwritten { values[entry.key] = entry.value }
        return values
    }
}
