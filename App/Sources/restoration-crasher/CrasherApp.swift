import Glibc
import StateRestoration

/// A screen of the crasher: a value, an optional payload and an optional detail screen.
@MainActor
final class Screen: RestorableObject {
    let restorationIdentifier: String?
    var restorationClass: (any ObjectRestoration.Type)?
    var value = ""
    var payload = ""
    var detail: Screen?

    init(_ identifier: String, value: String = "") {
        restorationIdentifier = identifier
        self.value = value
    }

    var restorationChildren: [any RestorableObject] { detail.map { [$0] } ?? [] }

    func encodeRestorableState(with coder: StateEncoder) throws {
        try coder.encode(value, forKey: "value")
        try coder.encode(payload, forKey: "payload")
        try coder.encodeObject(detail, forKey: "detail")
    }

    func decodeRestorableState(with coder: StateDecoder) throws {
        if CrashPlan.duringRestore { CrashPlan.crash() }
        value = try coder.decode(String.self, forKey: "value")
        payload = try coder.decode(String.self, forKey: "payload")
        detail = try coder.decodeObject(forKey: "detail") as? Screen
    }
}

/// The detail screen's restoration class (rule R13a). `--unregistered` leaves it out of
/// the registry, so an archive that names it must create nothing (rule R15).
enum DetailRestorer: ObjectRestoration {
    static func restoreObject(withRestorationPath path: RestorationPath, coder: StateDecoder)
        -> (any RestorableObject)?
    {
        let screen = Screen("Detail")
        screen.restorationClass = DetailRestorer.self
        return screen
    }
}

/// The app delegate: saves and restores, and creates the root screen (rule R13b).
@MainActor
final class CrasherApp: RestorationDelegate {
    var root: Screen?

    func shouldSaveApplicationState(_ coder: StateEncoder) -> Bool { true }
    func shouldRestoreApplicationState(_ coder: StateDecoder) -> Bool { true }

    func restorableObject(withRestorationPath path: RestorationPath, coder: StateDecoder)
        -> (any RestorableObject)?
    {
        guard path.count == 1 else { return nil }
        let screen = Screen("Root")
        root = screen
        return screen
    }

    /// Builds the tree a first launch shows: a root with `value` and a detail screen.
    func build(value: String, payloadBytes: Int) {
        let screen = Screen("Root", value: value)
        screen.payload = String(repeating: "x", count: payloadBytes)
        let detail = Screen("Detail", value: "detail of \(value)")
        detail.restorationClass = DetailRestorer.self
        screen.detail = detail
        root = screen
    }
}

/// When and how the crasher dies.
@MainActor
enum CrashPlan {
    /// Die inside the first decode, while the in-progress marker is on disk.
    static var duringRestore = false
    /// `abort` (SIGABRT) or `kill` (SIGKILL to itself).
    static var how = "abort"

    static func crash() -> Never {
        // No core file: the crash is the point, not something to debug.
        var none = rlimit(rlim_cur: 0, rlim_max: 0)
        setrlimit(__rlimit_resource_t(RLIMIT_CORE.rawValue), &none)
        if how == "kill" { kill(getpid(), SIGKILL) }
        abort()
    }
}
