import RestorationTesting
@_spi(Testing) import StateRestoration
import Synchronization

/// A screen with one value: enough state to tell one save from another.
@MainActor
final class Page: RestorableObject {
    let restorationIdentifier: String?
    var value: String

    init(_ identifier: String, value: String = "") {
        restorationIdentifier = identifier
        self.value = value
    }

    func encodeRestorableState(with coder: StateEncoder) throws {
        try coder.encode(value, forKey: "value")
    }

    func decodeRestorableState(with coder: StateDecoder) throws {
        value = try coder.decode(String.self, forKey: "value")
    }
}

/// An app with one page that saves and restores, and remembers the failures reported to
/// it by continuous preservation.
@MainActor
final class FaultApp: RestorationDelegate {
    var page: Page
    var failures: [RestorationError] = []

    init(value: String = "") {
        page = Page("Page", value: value)
    }

    func shouldSaveApplicationState(_ coder: StateEncoder) -> Bool { true }
    func shouldRestoreApplicationState(_ coder: StateDecoder) -> Bool { true }

    func restorableObject(withRestorationPath path: RestorationPath, coder: StateDecoder)
        -> (any RestorableObject)?
    {
        let page = Page("Page")
        self.page = page
        return page
    }

    func didFailToPreserveState(_ error: RestorationError) {
        failures.append(error)
    }

    /// An engine for this app over `storage`. The engine holds the app weakly.
    func engine(
        _ storage: any RestorationStorage, scheduler: ManualScheduler = ManualScheduler(),
        continuous: Bool = false
    ) -> RestorationEngine {
        let configuration = RestorationConfiguration(
            appName: "FaultApp", appVersion: "1",
            continuousPreservationDelay: continuous ? .milliseconds(10) : nil,
            debugOutput: .off)
        return RestorationEngine(
            configuration: configuration, registry: RestorationRegistry(), storage: storage,
            scheduler: scheduler,
            delegate: self, roots: { [unowned self] in [self.page] })
    }

    /// What the archive in `directory` restores: the page's value, or nil if there is no
    /// valid archive. Reads it as a launch would, without writing the launch markers.
    static func restoredValue(from directory: String) -> String? {
        let storage = FileRestorationStorage(directory: directory)
        let app = FaultApp()
        guard let bytes = try? storage.load(.archive),
            let report = try? app.engine(storage).restore(bytes: bytes)
        else { return nil }
        return (report.roots.first as? Page)?.value
    }
}

/// Faults that a test turns on and off while an engine runs, from any thread.
final class FaultSwitch: Sendable {
    private let active = Mutex<[StorageStep: Int32]>([:])
    /// When set, only paths ending with this fail.
    private let pathSuffix = Mutex<String?>(nil)

    /// Makes `step` fail with `code`, on paths ending with `suffix` if given.
    func fail(_ step: StorageStep, with code: Int32, onPathsEndingWith suffix: String? = nil) {
        active.withLock { $0[step] = code }
        pathSuffix.withLock { $0 = suffix }
    }

    /// Lets every step run again.
    func clear() {
        active.withLock { $0.removeAll() }
    }

    var faults: StorageFaults {
        StorageFaults { [self] step, path in
            guard let code = active.withLock({ $0[step] }) else { return nil }
            guard let suffix = pathSuffix.withLock({ $0 }) else { return code }
            return path.hasSuffix(suffix) ? code : nil
        }
    }
}
