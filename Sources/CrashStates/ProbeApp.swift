import Foundation
import RestorationTesting
import StateRestoration

/// The root object of the app that the crash scenarios save: a pass number and a payload
/// derived from it, large enough to span several pages, so that a torn archive shows.
@MainActor
final class ProbeRoot: RestorableObject {
    var pass: Int
    /// Set by a restore: the pass it decoded, and whether its payload was whole.
    private(set) var restored: (pass: Int, whole: Bool)?

    init(pass: Int) {
        self.pass = pass
    }

    var restorationIdentifier: String? { "Root" }

    /// 10 KiB that depend on the pass: three pages of the archive.
    static func payload(_ pass: Int) -> Data {
        Data((0..<10_240).map { UInt8(truncatingIfNeeded: $0 &* 31 &+ pass &* 7) })
    }

    func encodeRestorableState(with coder: StateEncoder) throws {
        try coder.encode(pass, forKey: "pass")
        try coder.encode(Self.payload(pass), forKey: "payload")
    }

    func decodeRestorableState(with coder: StateDecoder) throws {
        let pass = try coder.decode(Int.self, forKey: "pass")
        let payload = try coder.decode(Data.self, forKey: "payload")
        restored = (pass, payload == Self.payload(pass))
    }
}

/// The app delegate of the crash scenarios: saves and restores always.
@MainActor
final class ProbeApp: RestorationDelegate {
    let root: ProbeRoot

    init(pass: Int) {
        root = ProbeRoot(pass: pass)
    }

    func shouldSaveApplicationState(_ coder: StateEncoder) -> Bool { true }
    func shouldRestoreApplicationState(_ coder: StateDecoder) -> Bool { true }

    /// Every archive carries an activity after it (rule S5), so that its footer is part
    /// of every file the scenarios check.
    func stateRestorationActivity() -> RestorationActivity? {
        RestorationActivity(
            type: "probe.pass", title: "Pass \(root.pass)", userInfo: ["pass": "\(root.pass)"])
    }

    /// An engine for this app on `storage`; time moves only through `scheduler`, so the
    /// scenarios decide every step. Continuous preservation is on, 100 ms after a change.
    func engine(on storage: any RestorationStorage, scheduler: ManualScheduler) -> RestorationEngine {
        RestorationEngine(
            configuration: RestorationConfiguration(
                appName: "CrashProbe", appVersion: "1.0", continuousPreservationDelay: .milliseconds(100),
                debugOutput: .off, now: { Date(timeIntervalSince1970: 1_800_000_000) }),
            registry: RestorationRegistry(), storage: storage, scheduler: scheduler, delegate: self,
            roots: { [root] in [root] })
    }
}
