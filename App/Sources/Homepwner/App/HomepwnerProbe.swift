import StateRestoration
import TerminalKit

/// A launch of Homepwner from archive bytes, on a headless terminal: the app delegate, the
/// restoration classes, TerminalKit's controllers and one drawn frame, exactly as the
/// executable wires them, without a terminal.
///
/// The resource-budget test (rule R33) runs it in a child process to measure a restore of a
/// hostile archive, and the fuzz target feeds it bytes.
@MainActor
public enum HomepwnerProbe {
    /// What a probed launch did.
    public struct Outcome: Sendable {
        /// The restore's diagnostics.
        public var diagnostics: [String]
        /// The first frame's text, row by row.
        public var screen: String
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
        try storage.store(archive, as: .archive)
        let store = try ItemStore(paths: paths)
        let terminal = HeadlessTerminal(size: Size(width: 80, height: 24))
        let context = HomepwnerContext(store: store, colorEnabled: true)
        let application = HomepwnerApplication.makeApplication(
            context: context, driver: terminal, storage: storage,
            configuration: HomepwnerApplication.configuration(debugOutput: debugLog.map { .file($0) } ?? .off)
        )
        try HomepwnerApplication.launch(application, context: context)
        application.processEvents()
        return Outcome(
            diagnostics: application.restorationReport?.diagnostics.map(\.description) ?? [],
            screen: terminal.screen.text)
    }
}
