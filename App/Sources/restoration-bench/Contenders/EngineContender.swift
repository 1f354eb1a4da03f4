import RestorationTesting
import StateRestoration

/// The engine, measured as an app uses it, minus the disk.
///
/// Encode is ``RestorationEngine/encodeState(reason:)``: the walk, the coders and the
/// archive bytes. Decode is ``RestorationEngine/restore(bytes:)``, what
/// ``RestorationEngine/restoreApplicationState()`` does once the file is read: check the
/// bytes, find-or-create through the app delegate and the restoration class, and decode,
/// into a fresh app each time, as a relaunch would.
@MainActor
final class EngineContender: Contender {
    let library = Library.stateRestoration
    private let savingApp: BenchApp
    private let savingEngine: RestorationEngine
    private var launches: [(app: BenchApp, engine: RestorationEngine)] = []
    private var restoreProblems: [String] = []

    init(tree: BenchTree) {
        savingApp = BenchApp(root: tree.root)
        savingEngine = Self.engine(for: savingApp)
    }

    private static let configuration = RestorationConfiguration(
        appName: "restoration-bench", appVersion: "1.0", interfaceIdiom: "bench", debugOutput: .off)

    private static func engine(for app: BenchApp) -> RestorationEngine {
        RestorationEngine(
            configuration: configuration, registry: RestorationRegistry([BenchNodeRestorer.self]),
            storage: InMemoryStorage(), scheduler: ManualScheduler(), delegate: app,
            roots: { [unowned app] in app.rootObjects })
    }

    func encode() throws -> EncodedBytes {
        guard let encoded = savingEngine.encodeState(reason: .requested) else {
            throw BenchError.unclean(library: library, nodes: 0, problems: ["the save was declined"])
        }
        return .array(encoded.bytes)
    }

    func prepareDecodes(_ count: Int) {
        launches = (0..<count).map { _ in
            let app = BenchApp(root: nil)
            return (app, Self.engine(for: app))
        }
    }

    func decode(_ encoded: EncodedBytes, slot: Int) throws -> BenchNode {
        guard case .array(let bytes) = encoded else { throw BenchError.wrongBytes(library: library) }
        let launch = launches[slot]
        let report = try launch.engine.restore(bytes: bytes)
        guard let root = launch.app.root else {
            throw BenchError.unclean(library: library, nodes: 0, problems: ["no root was restored"])
        }
        if !report.diagnostics.isEmpty { restoreProblems = report.diagnostics.map(\.description) }
        return root
    }

    func problems() -> [String] {
        savingEngine.diagnostics.map(\.description) + restoreProblems
    }
}

/// The app delegate of the bench: opts in to saving and restoring, and creates the
/// navigation root at launch, as Homepwner's delegate does (path of one component).
@MainActor
final class BenchApp: RestorationDelegate {
    private(set) var root: BenchNode?

    init(root: BenchNode?) {
        self.root = root
    }

    var rootObjects: [any RestorableObject] { root.map { [$0] } ?? [] }

    func shouldSaveApplicationState(_ coder: StateEncoder) -> Bool { true }

    func shouldRestoreApplicationState(_ coder: StateDecoder) -> Bool { true }

    func restorableObject(withRestorationPath path: RestorationPath, coder: StateDecoder)
        -> (any RestorableObject)?
    {
        guard path.count == 1, path.last?.identifier == BenchNode.navigationIdentifier else { return nil }
        let node = BenchNode(kind: .navigation, identifier: BenchNode.navigationIdentifier, fields: .empty)
        root = node
        return node
    }
}
