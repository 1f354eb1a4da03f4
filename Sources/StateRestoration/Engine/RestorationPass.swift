/// One restore from a checked archive: the two phases of rule R12 with the find-or-create
/// order of rule R13.
@MainActor
final class RestorationPass {
    private let context: DecodingContext
    let view: ArchiveView
    private let registry: RestorationRegistry
    private let names: TypeNameCache
    private let properties: RestorableProperties
    private weak var delegate: (any RestorationDelegate)?
    /// Objects that exist before the restore (R13c), by path (``ExistingEntry/key(_:)``);
    /// grows as phase 1 creates objects whose own children already exist. With each path
    /// of a first occurrence, how many siblings share its identifier so far.
    private var existing: [String: ExistingEntry] = [:]
    private var indexed: Set<ObjectIdentifier> = []
    // Obligation (UncheckedBox): as the context's: each access to `shared` ends before the
    // pass calls a restoration class, the delegate or an object's decode.
    /// What the coders share, with the object restored for each record so far (references
    /// resolve through it); owned by the context.
    private let shared: UncheckedBox<DecodingContext.Shared>
    private var diagnostics = DiagnosticList()
    /// The windows' roots before the restore: only a root record may find one (R31).
    private var windowRoots: [ObjectIdentifier] = []
    /// Whether to name restored objects that nothing holds after phase 2.
    private let checksAdoption: Bool
    /// Told where the restore is, each time it moves to another subtree (rule R28): the
    /// phase, and the record at the top of the subtree (nil for the whole tree).
    var progress: ((_ phase: String, _ record: Int?) -> Void)?
    /// The subtree the last launch died in, as its path's text: left out (rule R28).
    var excluded: String?
    /// What the pass may spend (rule P3, RestorationPass+Budget.swift): none at first.
    var budget = RestoreBudget.unbounded
    /// Objects asked of each restoration class that has a bound, by the class.
    var classCounts: [ObjectIdentifier: (name: String, bound: Int, count: Int)] = [:]
    /// The app's context for the coders (rule R30).
    var applicationContext: Any? {
        get { context.applicationContext }
        set { context.applicationContext = newValue }
    }
    /// How a coder extends the restore (rule R27); nil if it cannot be extended.
    var extend: ((_ reason: String, _ subtree: String) -> RestorationExtension)? {
        get { context.extend }
        set { context.extend = newValue }
    }

    init(
        view: ArchiveView, registry: RestorationRegistry, names: TypeNameCache,
        properties: RestorableProperties,
        delegate: (any RestorationDelegate)?, existingRoots: [any RestorableObject],
        registeredObjects: [(object: any RestorableObject, identifier: String)], checksAdoption: Bool = false
    ) {
        self.checksAdoption = checksAdoption
        self.context = DecodingContext(view: view)
        self.shared = context.shared
        self.view = view
        self.registry = registry
        self.names = names
        self.properties = properties
        self.delegate = delegate
        for root in existingRoots {
            windowRoots.append(ObjectIdentifier(root))
            index(root, under: RestorationPath())
        }
        var registeredIdentifiers: [ObjectIdentifier: String] = [:]
        for entry in registeredObjects {
            registeredIdentifiers[ObjectIdentifier(entry.object)] = entry.identifier
        }
        for entry in registeredObjects {
            if let path = registeredPath(of: entry.object, in: registeredIdentifiers, depth: 0) {
                register(entry.object, at: path)
            }
        }
    }

    /// Runs `body` with the archive's bytes readable by the coders: the restore, from
    /// ``applicationCoder()`` to ``run()``, happens inside it.
    func withBytes<Result>(_ body: () -> Result) -> Result {
        context.withBytes(body)
    }

    /// The application-level decoder (metadata and app state).
    func applicationCoder() -> StateDecoder {
        StateDecoder(context: context)
    }

    /// Runs both phases, `applicationFinishedRestoringState` and the delegate's
    /// `didDecodeRestorableState`, and returns what was restored.
    ///
    /// Paths are turned into text only for diagnostics that are kept (rule R33).
    func run() -> RestorationReport {
        let records = view.records
        // One coder for every record of both phases, pointed at each in turn, rather than
        // one made and freed per record.
        let coder = StateDecoder(context: context)
        // Per record: 0 not restored, 1 restored, 2 restored and to be decoded. Kept apart
        // from the objects so that checking a parent does not copy (retain) one.
        var states = [UInt8](repeating: 0, count: records.count)
        var lastClass: (index: Int32, type: (any ObjectRestoration.Type)?, bound: Int?) = (-1, nil, nil)
        // Records restored whose objects' children are not yet in `existing`. They are
        // indexed when a record first needs `existing` (R13c): most archives record a
        // restoration class for nearly every object, so asking every restored object for
        // its children (a retain and a release per call) would mostly be wasted.
        var unindexed: [Int] = []
        // One path, pointed at each record in turn: making one per record retained and
        // released the archive each time (a copy the app keeps still names its record).
        var path = view.path(ofRecord: 0)
        // One object, one record (R31): an object handed back for a second record would be
        // decoded twice and sit at two places of the tree. An object nothing else holds (one
        // its restoration class has just made) is none of those restored before, which
        // `restored` holds: it is entered in the table only when an object held elsewhere
        // is to be checked (`entered`: the records before it are in the table). A restore
        // whose objects are all new so probes no table; with 100,000 objects each probe was
        // a cache miss.
        var recordOfObject = IdentityTable(capacity: min(records.count, 1024))
        var entered = 0
        // The type and the type name's string index of the last record whose object was of
        // its recorded type: the records of a tree name a few types, often in runs, and a
        // record that names the same string for an object of the same type is answered
        // without handing the object and the name (a retain and a release of each) to
        // `names`.
        var lastMatch: (type: ObjectIdentifier?, typeName: UInt32) = (nil, 0)
        // Where a death would be pinned (R28): only when someone listens, or a subtree is
        // left out; a restore from bytes pays nothing.
        let units = progress != nil || excluded != nil ? subtreeUnits() : []
        var unit = -1
        func moved(_ phase: RestoreBudget.Phase, to index: Int) {
            guard !units.isEmpty, Int(units[index]) != unit else { return }
            unit = Int(units[index])
            progress?(phase.name, unit)
        }
        // The subtree left out (R28): its top record, and every record below it.
        var left = [Bool]()
        if let excluded, let top = Self.record(shownAs: excluded, in: view) {
            left = [Bool](repeating: false, count: records.count)
            for index in top..<records.count {
                let parent = Int(records[index].parent)
                left[index] = index == top || (parent >= 0 && left[parent])
            }
        }
        // The budget, read and advanced per record: a local copy, since each mutation of the
        // stored property was a dynamic exclusivity check (RestoreBudget.spent).
        var budget = self.budget
        defer { self.budget = budget }
        // Phase 1: find or create, parents before children.
        for index in records.indices {
            let record = records[index]
            if budget.spent(.create) {
                diagnostics.append(
                    budgetDiagnostic(phase: .create, count: records.count - index, of: records.count))
                break
            }
            moved(.create, to: index)
            if !left.isEmpty, left[index] {
                if record.parent < 0 || !left[Int(record.parent)] {
                    diagnostics.append(
                        RestorationDiagnostic(
                            .notRestored, path: excluded,
                            reason:
                                "the last launch died while restoring this subtree (R28); it is left out this "
                                + "time, and everything else is restored"))
                }
                continue
            }
            if record.parent >= 0, states[Int(record.parent)] == 0 {
                diagnostics.append(
                    RestorationDiagnostic(
                        .notRestored, path: view.path(ofRecord: index).description,
                        reason: "its parent '\(view.path(ofRecord: Int(record.parent)))' was not restored"))
                continue
            }
            coder.target(record: index, record)
            path.pointAt(record: index)
            // The records of an archive name a few classes, often in runs: the last one is
            // remembered by its string index, with its bound, rather than looked up each time.
            if record.restorationClass >= 0, record.restorationClass != lastClass.index {
                let type = registry.restorationClass(named: view.strings[Int(record.restorationClass)])
                lastClass = (record.restorationClass, type, type?.maximumRestoredObjects)
            }
            guard
                var object = findOrCreate(
                    index, record, path: path, coder: coder,
                    restorationClass: record.restorationClass >= 0 ? lastClass.type : nil,
                    bound: lastClass.bound, unindexed: &unindexed)
            else { continue }
            if record.parent >= 0, windowRoots.contains(ObjectIdentifier(object)) {
                diagnostics.append(
                    RestorationDiagnostic(
                        .notRestored, path: path.description,
                        reason:
                            "the object found for it is a window's root, which is never restored below another "
                            + "object (R31)"))
                continue
            }
            if !Self.isHeldOnlyHere(&object) {
                while entered < index {
                    if let earlier = shared.value.restored[entered] {
                        _ = recordOfObject.insertIfAbsent(entered, for: ObjectIdentifier(earlier))
                    }
                    entered += 1
                }
                entered = index + 1
                if let first = recordOfObject.insertIfAbsent(index, for: ObjectIdentifier(object)) {
                    diagnostics.append(
                        RestorationDiagnostic(
                            .notRestored, path: path.description,
                            reason:
                                "the object found for it is already restored at '\(view.path(ofRecord: first))'; "
                                + "an object has one place in the tree, so nothing is restored here or below (R31)"
                        ))
                    continue
                }
            }
            // The recorded restoration class chose what to create (it may be a newer type that
            // migrates old state, R19), so its object is decoded whatever its type; another
            // type than the one saved is a warning (R14). Objects found elsewhere of another
            // type are not decoded.
            let type = ObjectIdentifier(Swift.type(of: object))
            if type == lastMatch.type, record.typeName == lastMatch.typeName {
                states[index] = 2
            } else if names.object(object, matches: view.typeName(ofRecord: index)) {
                lastMatch = (type, record.typeName)
                states[index] = 2
            } else if record.restorationClass >= 0 {
                states[index] = 2
                if !Self.object(object, isOf: lastClass.type) {
                    diagnostics.append(
                        RestorationDiagnostic(
                            .warning, path: path.description,
                            reason:
                                "it was saved as \(view.typeName(ofRecord: index)) but restoration class "
                                + "'\(view.restorationClassName(ofRecord: index) ?? "")' returned a "
                                + "\(names.typeName(of: object)) (R14); its state is decoded into it all the same"
                        ))
                }
            } else {
                states[index] = 1
                diagnostics.append(
                    RestorationDiagnostic(
                        .notDecoded, path: path.description,
                        reason:
                            "it was saved as \(view.typeName(ofRecord: index)) but the object found is "
                            + "\(names.typeName(of: object)); its state is not decoded"))
            }
            shared.value.restored[index] = consume object
            unindexed.append(index)
        }
        diagnostics.append(contentsOf: classBoundDiagnostics())
        // Phase 2: decode state in the same order; containers rebuild their structure. Past
        // the budget, objects keep the state they were created with (3).
        unit = -1
        var undecoded = (count: 0, of: 0)
        for index in records.indices where states[index] == 2 {
            guard let object = shared.value.restored[index] else { continue }
            undecoded.of += 1
            if budget.spent(.decode) {
                states[index] = 3
                undecoded.count += 1
                continue
            }
            moved(.decode, to: index)
            coder.target(record: index, records[index])
            // Restorable properties first (R25), so the hand-written decode sees them.
            for property in properties.mayHave(object) ? properties.of(object) : [] {
                property.engine = properties.engine
                do {
                    try property.decode(from: coder)
                } catch {
                    diagnostics.append(
                        RestorationDiagnostic(.notDecoded, path: coder.path.description, reason: "\(error)"))
                }
            }
            do {
                try object.decodeRestorableState(with: coder)
            } catch {
                diagnostics.append(
                    RestorationDiagnostic(.notDecoded, path: coder.path.description, reason: "\(error)"))
            }
        }
        if undecoded.count > 0 {
            diagnostics.append(budgetDiagnostic(phase: .decode, count: undecoded.count, of: undecoded.of))
        }
        diagnostics.append(contentsOf: context.containmentNotes.all)
        if checksAdoption { noteUnadoptedObjects(states) }
        var roots: [any RestorableObject] = []
        unit = -1
        var unfinished = (count: 0, of: 0)
        for index in records.indices where states[index] != 0 {
            guard let object = shared.value.restored[index] else { continue }
            moved(.finish, to: index)
            if records[index].parent < 0 { roots.append(object) }
            guard states[index] != 3 else { continue }
            unfinished.of += 1
            if budget.spent(.finish) {
                unfinished.count += 1
                continue
            }
            object.applicationFinishedRestoringState()
        }
        if unfinished.count > 0 {
            diagnostics.append(budgetDiagnostic(phase: .finish, count: unfinished.count, of: unfinished.of))
        }
        progress?("application", nil)
        do {
            try delegate?.didDecodeRestorableState(applicationCoder())
        } catch {
            diagnostics.append(
                RestorationDiagnostic(.notDecoded, path: nil, reason: "application state: \(error)"))
        }
        return RestorationReport(
            view: view, restoredObjects: shared.value.restored, roots: roots, metadata: view.metadata,
            diagnostics: diagnostics.all)
    }

    /// The most subtrees a death is pinned to; an archive with more is pinned by its roots.
    static let maximumUnits = 64

    /// Rule R13: (a) the recorded restoration class, else (b) the delegate, else (c) an
    /// existing object at the path, else (d) nothing. A ``RestorableView`` that exists at
    /// the path below its restored parent is taken before (b): the delegate is never asked
    /// for views, as UIKit's is not.
    /// - Parameters:
    ///   - restorationClass: The registered class of the name recorded for the record, if any.
    ///   - bound: Its ``ObjectRestoration/maximumRestoredObjects``.
    private func findOrCreate(
        _ index: Int, _ record: ArchiveView.Record, path: RestorationPath, coder: StateDecoder,
        restorationClass: (any ObjectRestoration.Type)?, bound: Int?, unindexed: inout [Int]
    ) -> (any RestorableObject)? {
        if record.restorationClass >= 0 {
            // The name is made into text only for a diagnostic.
            guard let restorationClass else {
                diagnostics.append(
                    RestorationDiagnostic(
                        .notRestored, path: path.description,
                        reason:
                            "restoration class '\(view.restorationClassName(ofRecord: index) ?? "")' is not registered with the application; "
                            + "nothing is created for it or below it"))
                return nil
            }
            guard isWithinBound(restorationClass, bound: bound) else { return nil }
            guard
                let object = restorationClass.restoreObject(
                    withRestorationPath: path, coder: coder)
            else {
                let why = coder.notRestoredReason.map { ": \($0)" } ?? ""
                diagnostics.append(
                    RestorationDiagnostic(
                        .notRestored, path: path.description,
                        reason:
                            "restoration class '\(view.restorationClassName(ofRecord: index) ?? "")' returned nil\(why), so its subtree is not restored"
                    ))
                return nil
            }
            return object
        }
        // A view is found where its restored controller made it, never asked of the
        // delegate, as in UIKit (``RestorableView``).
        if record.parent >= 0 {
            indexRestoredObjects(&unindexed)
            if let view = existing[ExistingEntry.key(path)]?.object, view.isRestorableView { return view }
        }
        if let object = delegate?.restorableObject(withRestorationPath: path, coder: coder) {
            return object
        }
        indexRestoredObjects(&unindexed)
        if let object = existing[ExistingEntry.key(path)]?.object { return object }
        let reason =
            coder.notRestoredReason.map { "the app delegate returned nil: \($0)" }
            ?? ("no restoration class was recorded, the app delegate returned nil, and no object "
                + "exists at that path (an object outside the view tree is found only if registered "
                + "with registerObjectForStateRestoration before the restore)")
        diagnostics.append(
            RestorationDiagnostic(.notRestored, path: path.description, reason: reason))
        return nil
    }

    /// True if nothing but `object` holds the object it names, so that no record restored
    /// before has it. False when in doubt: an unoptimised build holds copies.
    private static func isHeldOnlyHere(_ object: inout some RestorableObject) -> Bool {
        isKnownUniquelyReferenced(&object)
    }

    /// True if `object` is of the type `restorationClass`, or of a subclass: a class that
    /// creates its own type chose it (a renamed type, a migration, R19), so another type
    /// than the one saved is no surprise then.
    private static func object(
        _ object: any RestorableObject, isOf restorationClass: (any ObjectRestoration.Type)?
    ) -> Bool {
        guard let restorationClass else { return false }
        var current: AnyClass? = type(of: object)
        while let type = current {
            if ObjectIdentifier(type) == ObjectIdentifier(restorationClass) { return true }
            current = _getSuperclass(type)
        }
        return false
    }

    // MARK: Objects nothing adopted (R8, R12)

    /// Names every restored object that its restored parent does not hold once all have
    /// decoded: a container that saves its children as references must attach them again
    /// in its `decodeRestorableState` (rules R8, R12), or they are restored and shown
    /// nowhere.
    ///
    /// A parent holds an object if it is among its ``RestorableObject/restorationChildren``,
    /// or below children without an identifier (paths leave those out). A plain object
    /// (R17) that names a ``RestorableObject/restorationParent`` hangs from it and is not
    /// checked. Each parent's children are listed once. Only when
    /// ``RestorationConfiguration/checksAdoption`` is on: it asks every restored container
    /// for its children.
    private func noteUnadoptedObjects(_ states: [UInt8]) {
        let records = view.records
        var held: [Int: Set<ObjectIdentifier>] = [:]
        for index in records.indices where states[index] != 0 && records[index].parent >= 0 {
            let parent = Int(records[index].parent)
            guard let object = shared.value.restored[index], object.restorationParent == nil,
                let container = shared.value.restored[parent]
            else { continue }
            let children = held[parent] ?? Self.heldObjects(of: container)
            held[parent] = children
            guard !children.contains(ObjectIdentifier(object)) else { continue }
            diagnostics.append(
                RestorationDiagnostic(
                    .notAttached, path: view.path(ofRecord: index).description,
                    reason:
                        "it was restored, but its parent '\(view.path(ofRecord: parent))' "
                        + "(\(names.typeName(of: container))) does not hold it once every object has decoded (it is "
                        + "not among its restorationChildren, and it names no restorationParent): a container "
                        + "decodes the references to its children and attaches them again"))
        }
    }

    /// The objects `container` holds: its children, and those below its children without
    /// an identifier.
    private static func heldObjects(of container: any RestorableObject) -> Set<ObjectIdentifier> {
        var held: Set<ObjectIdentifier> = []
        var pending = container.restorationChildren
        while let child = pending.popLast() {
            guard held.insert(ObjectIdentifier(child)).inserted else { continue }
            if child.usableRestorationIdentifier == nil {
                pending.append(contentsOf: child.restorationChildren)
            }
        }
        return held
    }

    // MARK: Objects that already exist (R13c)

    private func index(_ object: any RestorableObject, under parentPath: RestorationPath) {
        guard let identifier = object.usableRestorationIdentifier else {
            // Identifier-less containers still hold identified objects; their paths skip it.
            for child in object.restorationChildren { index(child, under: parentPath) }
            return
        }
        let first = parentPath.appending(identifier)
        let firstKey = ExistingEntry.key(first)
        let occurrence = existing[firstKey]?.occurrences ?? 0
        existing[firstKey, default: ExistingEntry()].occurrences = occurrence + 1
        let path = parentPath.appending(identifier, occurrence: occurrence)
        register(object, at: path)
        indexChildren(of: object, at: path)
    }

    /// Indexes the children of the objects restored since the last call, in record order,
    /// as if each had been indexed when it was restored.
    private func indexRestoredObjects(_ unindexed: inout [Int]) {
        for index in unindexed {
            if let object = shared.value.restored[index] {
                indexChildren(of: object, at: view.path(ofRecord: index))
            }
        }
        unindexed.removeAll(keepingCapacity: true)
    }

    private func indexChildren(of object: any RestorableObject, at path: RestorationPath) {
        // A childless object (every object a restoration class just created) has nothing
        // to index; it is not marked, so children it gains later can still be indexed.
        let children = object.restorationChildren
        guard !children.isEmpty, indexed.insert(ObjectIdentifier(object)).inserted else { return }
        for child in children { index(child, under: path) }
    }

    private func register(_ object: any RestorableObject, at path: RestorationPath) {
        let key = ExistingEntry.key(path)
        if existing[key]?.object == nil { existing[key, default: ExistingEntry()].object = object }
    }

    /// The path a registered object (R17) was saved under: its registered identifier below
    /// its restoration parent's path.
    private func registeredPath(
        of object: any RestorableObject, in identifiers: [ObjectIdentifier: String], depth: Int
    ) -> RestorationPath? {
        guard
            let identifier = identifiers[ObjectIdentifier(object)] ?? object.usableRestorationIdentifier,
            depth < 64
        else { return nil }
        guard let parent = object.restorationParent else { return RestorationPath(identifiers: [identifier]) }
        return registeredPath(of: parent, in: identifiers, depth: depth + 1)?.appending(identifier)
    }
}
