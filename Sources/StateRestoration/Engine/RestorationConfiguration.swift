import Foundation

/// How an app uses the engine: its identity, limits, timing and debug output.
public struct RestorationConfiguration: Sendable {
    /// Where diagnostics go, besides the API.
    public enum DebugOutput: Hashable, Sendable {
        /// Only the API (``RestorationEngine/diagnostics``).
        case off
        /// Standard error, a line each.
        case standardError
        /// Appended to a file, a line each (a full-screen app cannot write to its terminal).
        case file(String)

        /// `.standardError` when `RESTORATION_DEBUG=1`, `.file(path)` when
        /// `RESTORATION_DEBUG_LOG` also names a file, `.off` otherwise.
        public static func fromEnvironment(
            _ environment: [String: String] = ProcessInfo.processInfo.environment
        ) -> DebugOutput {
            guard environment["RESTORATION_DEBUG"] == "1" else { return .off }
            if let path = environment["RESTORATION_DEBUG_LOG"], !path.isEmpty { return .file(path) }
            return .standardError
        }
    }

    /// The app's name, recorded in the metadata.
    public var appName: String
    /// The app's version, recorded in the metadata so that a later version can refuse it.
    public var appVersion: String
    /// The kind of interface, recorded in the metadata.
    public var interfaceIdiom: String
    /// The reader's hard limits (rule R23).
    public var limits: ArchiveLimits
    /// A launch that dies within this time after restoring counts toward the crash-loop
    /// guard (rule R18). Default 5 seconds.
    public var crashLoopWindow: Duration
    /// After this many such launches in a row, the archive is thrown away. Default 2.
    public var crashLoopLaunches: Int
    /// Continuous preservation (rule R20): the debounce after the last change, or nil to
    /// save only on background, termination and request.
    public var continuousPreservationDelay: Duration?
    /// The longest a change waits for a continuous save while changes keep coming (rule
    /// H15): a steady stream of changes is saved at least this often, so a `kill -9` at
    /// any moment loses at most this much. nil for no bound (a plain debounce). Default 1
    /// second; a value below the debounce acts as the debounce.
    public var maximumPreservationDelay: Duration? = .seconds(1)
    /// How long a ``RestorationExtension`` may stay open (rule R27) before the engine
    /// completes it, with a diagnostic. Default 10 seconds.
    public var deferredRestorationTimeout: Duration = .seconds(10)
    /// The longest a restore may run before the first frame (rule P3), whatever the app
    /// does per restored object: past it, the records not yet created, decoded or finished
    /// are left so, with one diagnostic naming this budget. nil for no bound. Default 1.5
    /// seconds, so that the first frame comes within 2.
    public var restoreTimeBudget: Duration? = .milliseconds(1500)
    /// The clock ``restoreTimeBudget`` is measured on: a test gives one that its objects
    /// advance, so that what the budget cuts does not depend on the machine.
    public var restoreClock: @Sendable () -> ContinuousClock.Instant = { ContinuousClock.now }
    /// Where diagnostics are written besides the API.
    public var debugOutput: DebugOutput
    /// The clock for metadata timestamps.
    public var now: @Sendable () -> Date
    /// Whether a restore names, with a ``RestorationDiagnostic/Kind/notAttached``
    /// diagnostic, each restored object that its restored parent does not hold once every
    /// object has decoded: a container of the UI layer that did not attach its children
    /// again.
    ///
    /// A check for building and testing a UI layer: it asks every restored container for
    /// its children and hashes them, which a restore otherwise never does, so it is off by
    /// default, on with `RESTORATION_DEBUG=1` (any ``debugOutput`` but `.off`), and always on
    /// under `RestorationTesting`'s harness.
    public var checksAdoption: Bool
    /// Whether saves cost what changed (rule P1): a continuous save encodes only the objects
    /// that said they changed (``RestorableObject/invalidateRestorableState()``, a
    /// ``RestorableProperty`` set) and copies the other records from the last save; the
    /// archive is put together and checksummed off the main actor. A change that names no
    /// object (``RestorationEngine/stateDidChange()``,
    /// ``RestorationEngine/preserveInBackground()``) and every
    /// ``RestorationEngine/preserve(reason:)`` encode everything. Default true; false makes
    /// every save a full one, written as before.
    public var incrementalSaves = true
    /// Whether each incremental save is checked against a full pass (rule P1): an object
    /// whose state or children changed without saying so is then named in a
    /// ``RestorationDiagnostic/Kind/warning``, and that save is a full one. It costs a full
    /// save each time, so it is off by default, on with `RESTORATION_DEBUG=1` (any
    /// ``debugOutput`` but `.off`), and always on under `RestorationTesting`'s harness.
    public var checksIncrementalSaves: Bool

    /// Creates a configuration with defaults for everything but the app's identity.
    public init(
        appName: String, appVersion: String, interfaceIdiom: String = "terminal",
        limits: ArchiveLimits = .default, crashLoopWindow: Duration = .seconds(5),
        crashLoopLaunches: Int = 2, continuousPreservationDelay: Duration? = nil,
        debugOutput: DebugOutput = .fromEnvironment(), now: @escaping @Sendable () -> Date = { Date() },
        checksAdoption: Bool? = nil
    ) {
        self.appName = appName
        self.appVersion = appVersion
        self.interfaceIdiom = interfaceIdiom
        self.limits = limits
        self.crashLoopWindow = crashLoopWindow
        self.crashLoopLaunches = crashLoopLaunches
        self.continuousPreservationDelay = continuousPreservationDelay
        self.debugOutput = debugOutput
        self.now = now
        self.checksAdoption = checksAdoption ?? (debugOutput != .off)
        self.checksIncrementalSaves = debugOutput != .off
    }
}
