/// Why a preservation pass runs (rule R2).
public enum PreservationReason: String, Hashable, Sendable {
    /// The app entered the background.
    case background
    /// The app is terminating normally.
    case termination
    /// The app asked for a pass.
    case requested
    /// Continuous preservation: state changed and input went idle (rule R20).
    case continuous
}

/// What one preservation pass did.
public struct PreservationReport: Sendable {
    /// Why the pass ran.
    public var reason: PreservationReason
    /// False if the app delegate declined the pass; nothing was written then.
    public var saved: Bool
    /// The saved objects' paths, in archive order.
    ///
    /// Built when read, from the pass's saved objects: most apps never read it, so a save
    /// does not pay for it (docs/PERFORMANCE.md). Each read
    /// builds it again; a value set here is kept as is.
    public var savedPaths: [RestorationPath] {
        get { storedPaths ?? SavedNode.paths(of: savedNodes) }
        set {
            storedPaths = newValue
            savedNodes = []
        }
    }
    /// The archive's size in bytes (0 when declined).
    public var byteCount: Int
    /// The paths of the records this pass encoded (rule P1): every saved object's in a full
    /// save (``savedPaths``); in an incremental save, whose other records are copied from
    /// the last save, only those of the objects that said they changed and of new ones, in
    /// the order encoded. Empty when declined.
    public var encodedPaths: [RestorationPath] {
        get { storedEncodedPaths ?? savedPaths }
        set { storedEncodedPaths = newValue }
    }
    /// How many records this pass encoded: ``encodedPaths``' count, without building them.
    public var encodedRecordCount: Int { storedEncodedPaths?.count ?? storedPaths?.count ?? savedNodes.count }
    /// What was skipped, and why.
    public var diagnostics: [RestorationDiagnostic]

    /// `savedPaths` when it was set rather than built.
    private var storedPaths: [RestorationPath]?
    /// `encodedPaths` of an incremental save (nil: every saved path).
    private var storedEncodedPaths: [RestorationPath]?
    /// What `savedPaths` is built from, when it was not set.
    private var savedNodes: [SavedNode]

    init(
        reason: PreservationReason, saved: Bool, savedPaths: [RestorationPath], byteCount: Int,
        diagnostics: [RestorationDiagnostic]
    ) {
        self.reason = reason
        self.saved = saved
        self.storedPaths = savedPaths
        self.savedNodes = []
        self.byteCount = byteCount
        self.diagnostics = diagnostics
    }

    /// A report whose `savedPaths` are built when read.
    /// - Parameter encodedPaths: The records encoded; nil: every one saved.
    init(
        reason: PreservationReason, savedNodes: [SavedNode], byteCount: Int,
        diagnostics: [RestorationDiagnostic], encodedPaths: [RestorationPath]? = nil
    ) {
        self.reason = reason
        self.saved = true
        self.storedPaths = nil
        self.savedNodes = savedNodes
        self.byteCount = byteCount
        self.diagnostics = diagnostics
        storedEncodedPaths = encodedPaths
    }
}

/// One object a preservation pass saved, in record order: enough to build its path.
struct SavedNode: Sendable {
    /// The parent's record index, or -1 for a root. A parent always comes before its
    /// children.
    var parent: Int
    var identifier: String
    var occurrence: Int
    /// The path's length: 1 for a root.
    var depth: Int

    /// The path of the node at `index`, walking up its parents.
    static func path(of index: Int, in nodes: [SavedNode]) -> RestorationPath {
        var components: [RestorationPath.Component] = []
        components.reserveCapacity(nodes[index].depth)
        var current = index
        while current >= 0 {
            components.append(
                RestorationPath.Component(nodes[current].identifier, occurrence: nodes[current].occurrence))
            current = nodes[current].parent
        }
        components.reverse()
        return RestorationPath(components)
    }

    /// Every node's path, in order: each is its parent's, extended.
    static func paths(of nodes: [SavedNode]) -> [RestorationPath] {
        var paths: [RestorationPath] = []
        paths.reserveCapacity(nodes.count)
        for node in nodes {
            let parentPath = node.parent >= 0 ? paths[node.parent] : RestorationPath()
            paths.append(parentPath.appending(node.identifier, occurrence: node.occurrence))
        }
        return paths
    }
}

/// The bytes of a preservation pass before they are written: what
/// ``RestorationEngine/encodeState(reason:)`` returns.
public struct EncodedState: Sendable {
    /// The archive.
    public var bytes: [UInt8]
    /// What the pass did.
    public var report: PreservationReport
    /// The metadata the archive records (its timestamp tells passes apart, nothing else).
    public var metadata: ArchiveMetadata
    /// What the user was doing, from the app delegate's
    /// ``RestorationDelegate/stateRestorationActivity()``; written after the archive, in
    /// the same file (rule S5).
    public var activity: RestorationActivity?

    /// The archive followed by the activity's footer, if any: what a save writes.
    public var fileBytes: [UInt8] {
        guard let activity else { return bytes }
        return bytes + ActivityFooter.encode(activity)
    }
}

/// What one restore did.
@MainActor
public struct RestorationReport {
    /// True if an archive was read and the app delegate agreed to restore it.
    public var restored: Bool
    /// The restored objects by path, in archive order.
    ///
    /// Built when read, from the archive's records and the objects the restore made: most
    /// apps never read it, so a restore does not pay for it (docs/PERFORMANCE.md). Each
    /// read builds it again; a value set here is kept as is.
    public var objects: [(path: RestorationPath, object: any RestorableObject)] {
        get {
            guard let restoredObjects else { return storedObjects }
            var objects: [(path: RestorationPath, object: any RestorableObject)] = []
            objects.reserveCapacity(restoredObjects.objects.count)
            for index in restoredObjects.objects.indices {
                guard let object = restoredObjects.objects[index] else { continue }
                objects.append((restoredObjects.view.path(ofRecord: index), object))
            }
            return objects
        }
        set {
            storedObjects = newValue
            restoredObjects = nil
        }
    }
    /// The restored top-level objects (records without a parent), in order: usually the
    /// windows' root view controllers.
    public var roots: [any RestorableObject]
    /// The archive's metadata, if one was read.
    public var metadata: ArchiveMetadata?
    /// What was dropped, discarded or mismatched, and why.
    public var diagnostics: [RestorationDiagnostic]
    /// The activity the app delegate restored from when the archive was thrown away
    /// (rule S5); nil otherwise.
    public var restoredActivity: RestorationActivity?

    private var storedObjects: [(path: RestorationPath, object: any RestorableObject)]
    /// What `objects` is built from, when it was not set: the archive and, for each of its
    /// records, the object restored for it, if any.
    private var restoredObjects: (view: ArchiveView, objects: [(any RestorableObject)?])?

    init(
        restored: Bool, objects: [(path: RestorationPath, object: any RestorableObject)],
        roots: [any RestorableObject], metadata: ArchiveMetadata?, diagnostics: [RestorationDiagnostic]
    ) {
        self.restored = restored
        self.storedObjects = objects
        self.roots = roots
        self.metadata = metadata
        self.diagnostics = diagnostics
    }

    /// A report whose `objects` are built when read.
    init(
        view: ArchiveView, restoredObjects: [(any RestorableObject)?], roots: [any RestorableObject],
        metadata: ArchiveMetadata?, diagnostics: [RestorationDiagnostic]
    ) {
        self.restored = true
        self.storedObjects = []
        self.restoredObjects = (view, restoredObjects)
        self.roots = roots
        self.metadata = metadata
        self.diagnostics = diagnostics
    }

    /// The restored paths, in order.
    public var restoredPaths: [RestorationPath] { objects.map(\.path) }

    /// The restored object at `path`, if any.
    public func object(at path: RestorationPath) -> (any RestorableObject)? {
        objects.first { $0.path == path }?.object
    }

    static let empty = RestorationReport(
        restored: false, objects: [], roots: [], metadata: nil, diagnostics: [])
}
