import HomepwnerCore
import StateRestoration
import Synchronization
import TerminalKit

/// A launch of Homepwner from archive bytes, on a headless terminal: the app delegate, the
/// restoration classes, TerminalKit's controllers and one drawn frame, exactly as the
/// executable wires them, without a terminal.
///
/// The resource-budget test (rule R33) runs it in a child process to measure a restore of a
/// hostile archive, and the fuzz target (`homepwner-fuzz`) feeds it bytes, on one store
/// opened once and an in-memory state directory.
@MainActor
public enum HomepwnerProbe {
    /// What a probed launch did.
    public struct Outcome: Sendable {
        /// The restore's diagnostics.
        public var diagnostics: [String]
        /// The first frame's text, row by row.
        public var screen: String
    }

    /// A state directory in memory, for launches that should not touch the disk: it starts
    /// empty, and what the engine writes (markers, launch history, archives) stays in it.
    public final class MemoryStorage: RestorationStorage {
        private let items = Mutex<[StorageItem: [UInt8]]>([:])

        /// Creates an empty state directory.
        public init() {}

        /// `memory`.
        public var location: String { "memory" }

        /// The item's bytes, or nil.
        public func load(_ item: StorageItem) throws(RestorationError) -> [UInt8]? {
            items.withLock { $0[item] }
        }

        /// Replaces the item.
        public func store(_ bytes: [UInt8], as item: StorageItem) throws(RestorationError) {
            items.withLock { $0[item] = bytes }
        }

        /// Deletes the item.
        public func remove(_ item: StorageItem) throws(RestorationError) {
            _ = items.withLock { $0.removeValue(forKey: item) }
        }
    }

    /// Writes `archive` as the state of `stateDirectory`, then launches Homepwner on the
    /// items of `dataDirectory`, restoring it, on an 80x24 headless terminal.
    /// - Parameter debugLog: A file for the engine's debug output, or nil for none.
    /// - Throws: What opening the store or writing the archive throws.
    public static func launch(
        archive: [UInt8], dataDirectory: String, stateDirectory: String, debugLog: String?
    ) throws -> Outcome {
        let paths = HomepwnerPaths(dataDirectory: dataDirectory, stateDirectory: stateDirectory)
        let storage = FileRestorationStorage(directory: stateDirectory)
        let store = try ItemStore(paths: paths)
        return try launch(
            archive: archive, store: store, storage: storage,
            debugOutput: debugLog.map { .file($0) } ?? .off)
    }

    /// Writes `archive` into `storage` as its archive, then launches Homepwner on `store`,
    /// restoring it, on an 80x24 headless terminal, and draws one frame.
    ///
    /// The store may be reused from launch to launch (the fuzz target opens one); the
    /// storage is usually a new ``MemoryStorage``, so that no launch sees another's
    /// crash-loop history.
    /// - Parameter debugOutput: Where the engine's diagnostics go besides the report.
    /// - Throws: What writing the archive throws, or ``TerminalError`` from the launch.
    public static func launch(
        archive: [UInt8], store: ItemStore, storage: any RestorationStorage,
        debugOutput: RestorationConfiguration.DebugOutput
    ) throws -> Outcome {
        try storage.store(archive, as: .archive)
        let terminal = HeadlessTerminal(size: Size(width: 80, height: 24))
        let context = HomepwnerContext(store: store, colorEnabled: true)
        let application = HomepwnerApplication.makeApplication(
            context: context, driver: terminal, storage: storage,
            configuration: HomepwnerApplication.configuration(debugOutput: debugOutput)
        )
        try application.launch()
        application.processEvents()
        return Outcome(
            diagnostics: application.restorationReport?.diagnostics.map(\.description) ?? [],
            screen: terminal.screen.text)
    }
}
