/// One restore from a parsed archive: the two phases of rule R12 with the find-or-create
/// order of rule R13.
@MainActor
final class RestorationPass {
    private let archive: Archive
    private let registry: RestorationRegistry
    private let names: TypeNameCache
    private weak var delegate: (any RestorationDelegate)?
    /// Objects that exist before the restore (R13c), by path; grows as phase 1 creates
    /// objects whose own children already exist.
    private var existing: [RestorationPath: any RestorableObject] = [:]
    private var occurrenceCounter: [RestorationPath: Int] = [:]
    private var indexed: Set<ObjectIdentifier> = []
    /// The object restored for each record, so far. Behind a pointer owned by the pass:
    /// it is written once per record and read once per reference, and each access to a
    /// stored property of a class is a dynamic exclusivity check (see `ArchiveBuilder`).
    /// The pass runs on one thread and never re-enters an access to it.
    private let restored: UnsafeMutablePointer<[(any RestorableObject)?]>
    private var lastClass: (name: String, type: (any ObjectRestoration.Type)?)?
    private(set) var diagnostics: [RestorationDiagnostic] = []

    init(
        archive: Archive, registry: RestorationRegistry, names: TypeNameCache,
        delegate: (any RestorationDelegate)?, existingRoots: [any RestorableObject],
        registeredObjects: [any RestorableObject]
    ) {
        self.archive = archive
        self.registry = registry
        self.names = names
        self.delegate = delegate
        self.restored = .allocate(capacity: 1)
        self.restored.initialize(to: Array(repeating: nil, count: archive.records.count))
        for root in existingRoots {
            index(root, under: RestorationPath())
        }
        for object in registeredObjects {
            if let path = registeredPath(of: object, depth: 0) { register(object, at: path) }
        }
    }

    isolated deinit {
        restored.deinitialize(count: 1)
        restored.deallocate()
    }

    /// The application-level decoder (metadata and app state).
    func applicationCoder() -> StateDecoder {
        StateDecoder(
            path: RestorationPath(), stateVersion: 0, metadata: SharedMetadata(archive.metadata),
            entries: archive.applicationState, keysAreUnique: archive.keysAreUnique,
            referenceResolver: { [unowned self] in self.resolve($0) })
    }

    /// Runs both phases, `applicationFinishedRestoringState` and the delegate's
    /// `didDecodeRestorableState`, and returns what was restored.
    ///
    /// Paths are turned into text only for diagnostics: doing it for every record was 29 % of
    /// a restore (see docs/PERFORMANCE.md).
    func run() -> RestorationReport {
        let records = archive.records
        // One resolver for every coder, and one coder per record for both phases: phase 2
        // reads the coder phase 1 made (it holds the record's entries and nothing that
        // phase 1 changes when the object is created).
        let resolver: (Int) -> (any RestorableObject)? = { [unowned self] in self.resolve($0) }
        var coders: [StateDecoder?] = Array(repeating: nil, count: records.count)
        var decodable = Array(repeating: false, count: records.count)
        let metadata = archive.metadata
        let sharedMetadata = SharedMetadata(metadata)
        let keysAreUnique = archive.keysAreUnique
        // Records are read field by field in place (`records[index].path`): copying a whole
        // record retains its four references, and that was done several times per record.
        // Phase 1: find or create, parents before children.
        for index in records.indices {
            if let parent = records[index].parentIndex, restored.pointee[parent] == nil {
                diagnostics.append(
                    RestorationDiagnostic(
                        .notRestored, path: records[index].path.description,
                        reason: "its parent '\(records[parent].path)' was not restored"))
                continue
            }
            let coder = StateDecoder(
                path: records[index].path, stateVersion: records[index].stateVersion,
                metadata: sharedMetadata, entries: records[index].entries, keysAreUnique: keysAreUnique,
                referenceResolver: resolver)
            coders[index] = coder
            guard let object = findOrCreate(records, index, coder: coder) else { continue }
            restored.pointee[index] = object
            // The recorded restoration class chose what to create (it may be a newer type that
            // migrates old state, R19), so only objects found elsewhere are type-checked (R14).
            if records[index].restorationClassName != nil
                || names.object(object, matches: records[index].typeName)
            {
                decodable[index] = true
            } else {
                diagnostics.append(
                    RestorationDiagnostic(
                        .notDecoded, path: records[index].path.description,
                        reason:
                            "it was saved as \(records[index].typeName) but the object found is "
                            + "\(names.typeName(of: object)); its state is not decoded"))
            }
            indexChildren(of: object, at: records[index].path)
        }
        // Phase 2: decode state in the same order; containers rebuild their structure.
        for index in records.indices where decodable[index] {
            guard let object = restored.pointee[index], let coder = coders[index] else { continue }
            do {
                try object.decodeRestorableState(with: coder)
            } catch {
                diagnostics.append(
                    RestorationDiagnostic(
                        .notDecoded, path: records[index].path.description, reason: "\(error)"))
            }
        }
        var roots: [any RestorableObject] = []
        for index in records.indices {
            guard let object = restored.pointee[index] else { continue }
            if records[index].parentIndex == nil { roots.append(object) }
        }
        for index in records.indices {
            restored.pointee[index]?.applicationFinishedRestoringState()
        }
        do {
            try delegate?.didDecodeRestorableState(applicationCoder())
        } catch {
            diagnostics.append(
                RestorationDiagnostic(.notDecoded, path: nil, reason: "application state: \(error)"))
        }
        return RestorationReport(
            records: records, restoredObjects: restored.pointee, roots: roots, metadata: metadata,
            diagnostics: diagnostics)
    }

    /// Rule R13: (a) the recorded restoration class, else (b) the delegate, else (c) an
    /// existing object at the path, else (d) nothing.
    private func findOrCreate(_ records: [ArchiveRecord], _ index: Int, coder: StateDecoder)
        -> (any RestorableObject)?
    {
        if let className = records[index].restorationClassName {
            guard let restorationClass = registeredClass(named: className) else {
                diagnostics.append(
                    RestorationDiagnostic(
                        .notRestored, path: records[index].path.description,
                        reason:
                            "restoration class '\(className)' is not registered with the application; "
                            + "nothing is created for it or below it"))
                return nil
            }
            guard
                let object = restorationClass.restoreObject(
                    withRestorationPath: records[index].path, coder: coder)
            else {
                let why = coder.notRestoredReason.map { ": \($0)" } ?? ""
                diagnostics.append(
                    RestorationDiagnostic(
                        .notRestored, path: records[index].path.description,
                        reason:
                            "restoration class '\(className)' returned nil\(why), so its subtree is not restored"
                    ))
                return nil
            }
            return object
        }
        if let object = delegate?.restorableObject(withRestorationPath: records[index].path, coder: coder) {
            return object
        }
        if let object = existing[records[index].path] { return object }
        let reason =
            coder.notRestoredReason.map { "the app delegate returned nil: \($0)" }
            ?? ("no restoration class was recorded, the app delegate returned nil, and no object "
                + "exists at that path")
        diagnostics.append(
            RestorationDiagnostic(.notRestored, path: records[index].path.description, reason: reason))
        return nil
    }

    /// The registered class of that name, remembering the last answer: the records of an
    /// archive name a few classes, and a registry look-up hashes the name. The names of
    /// one archive share storage (its string table), so the comparison is immediate.
    private func registeredClass(named name: String) -> (any ObjectRestoration.Type)? {
        if let last = lastClass, last.name == name { return last.type }
        let type = registry.restorationClass(named: name)
        lastClass = (name, type)
        return type
    }

    private func resolve(_ index: Int) -> (any RestorableObject)? {
        index >= 0 && index < restored.pointee.count ? restored.pointee[index] : nil
    }

    // MARK: Objects that already exist (R13c)

    private func index(_ object: any RestorableObject, under parentPath: RestorationPath) {
        guard let identifier = object.usableRestorationIdentifier else {
            // Identifier-less containers still hold identified objects; their paths skip it.
            for child in object.restorationChildren { index(child, under: parentPath) }
            return
        }
        let first = parentPath.appending(identifier)
        let occurrence = occurrenceCounter[first, default: 0]
        occurrenceCounter[first] = occurrence + 1
        let path = parentPath.appending(identifier, occurrence: occurrence)
        register(object, at: path)
        indexChildren(of: object, at: path)
    }

    private func indexChildren(of object: any RestorableObject, at path: RestorationPath) {
        // A childless object (every object a restoration class just created) has nothing
        // to index; it is not marked, so children it gains later can still be indexed.
        let children = object.restorationChildren
        guard !children.isEmpty, indexed.insert(ObjectIdentifier(object)).inserted else { return }
        for child in children { index(child, under: path) }
    }

    private func register(_ object: any RestorableObject, at path: RestorationPath) {
        if existing[path] == nil { existing[path] = object }
    }

    private func registeredPath(of object: any RestorableObject, depth: Int) -> RestorationPath? {
        guard let identifier = object.usableRestorationIdentifier, depth < 64 else { return nil }
        guard let parent = object.restorationParent else { return RestorationPath(identifiers: [identifier]) }
        return registeredPath(of: parent, depth: depth + 1)?.appending(identifier)
    }
}
