import Foundation
import StateRestoration
import TestSupport

/// What every launch-fuzzer target launches: one reference archive of a small tree with
/// unique paths, restored through the engine's real launch path
/// (``RestorationEngine/restoreApplicationState()``) from a scratch state directory on a
/// tmpfs, by a delegate that creates an object for every path and accepts every activity.
@MainActor
enum LaunchFixture {
    /// The reference archive's bytes (no footer).
    static let archive: [UInt8] = makeArchive()

    /// The paths a launch from ``archive`` restores when nothing is left out, as text.
    static let allPaths: [String] = {
        let directory = scratch("baseline")
        defer { try? FileManager.default.removeItem(atPath: directory) }
        let storage = FileRestorationStorage(directory: directory)
        do {
            try storage.store(archive, as: .archive)
        } catch {
            fatalError("launch-fuzzer: cannot write the reference archive in \(directory): \(error)")
        }
        let report = launch(storage)
        let paths = report.restoredPaths.map(\.description)
        guard report.restored, paths.count == recordCount else {
            fatalError(
                "launch-fuzzer: the reference archive restores \(paths.count) of \(recordCount) objects")
        }
        return paths
    }()

    /// The reference tree's identifiers: a root, three children, and below them two
    /// levels more; every path is unique, so a marker names at most one subtree.
    static let recordCount = 1 + 3 + 3 * 2 + 3 * 2 * 2

    /// Where scratch state directories go: a tmpfs when there is one (a launch writes its
    /// markers with `fsync`), removed at exit.
    nonisolated static let root = ScratchRoot.make(prefix: "launch-fuzzer")

    /// What the replay driver prints with `-v`: one line per input.
    static var verbose = false

    /// Prints `line` under `-v`.
    static func note(_ line: @autoclosure () -> String) {
        if verbose { print("  " + line()) }
    }

    /// A fresh, empty directory `name` under ``root``, mode 0700.
    static func scratch(_ name: String) -> String {
        let path = root + "/" + name
        try? FileManager.default.removeItem(atPath: path)
        guard mkdir(path, 0o700) == 0 else { fatalError("launch-fuzzer: cannot create \(path)") }
        return path
    }

    /// A launch from `storage` through the engine's real launch path.
    static func launch(_ storage: any RestorationStorage) -> RestorationReport {
        let delegate = LaunchDelegate()  // The engine holds its delegate weakly.
        let engine = RestorationEngine(
            configuration: RestorationConfiguration(
                appName: "launch-fuzzer", appVersion: "1", debugOutput: .off),
            registry: RestorationRegistry(), storage: storage, scheduler: IdleScheduler(),
            delegate: delegate, roots: { [FixtureObject("Root")] })
        return withExtendedLifetime(delegate) { engine.restoreApplicationState() }
    }

    /// Traps with `message` and what the launch reported: libFuzzer keeps the input.
    static func finding(_ message: String, _ report: RestorationReport? = nil) -> Never {
        let diagnostics = report?.diagnostics.map { "  \($0)" }.joined(separator: "\n") ?? ""
        fatalError("launch-fuzzer: \(message)\n\(diagnostics)")
    }

    private static func makeArchive() -> [UInt8] {
        let root = FixtureObject("Root")
        for first in ["A", "B", "C"] {
            let child = FixtureObject(first)
            for second in 1...2 {
                let grandchild = FixtureObject("\(first)\(second)")
                for third in ["x", "y"] {
                    grandchild.children.append(FixtureObject("\(first)\(second)\(third)"))
                }
                child.children.append(grandchild)
            }
            root.children.append(child)
        }
        let delegate = LaunchDelegate()
        let engine = RestorationEngine(
            configuration: RestorationConfiguration(
                appName: "launch-fuzzer", appVersion: "1", debugOutput: .off),
            registry: RestorationRegistry(), storage: FileRestorationStorage(directory: "/nonexistent"),
            scheduler: IdleScheduler(), delegate: delegate, roots: { [root] })
        guard let encoded = withExtendedLifetime(delegate, { engine.encodeState() }) else {
            fatalError("launch-fuzzer: cannot encode the tree")
        }
        return encoded.bytes
    }
}

/// An object of the reference tree: its identifier, a little state, its children.
@MainActor
final class FixtureObject: RestorableObject {
    let restorationIdentifier: String?
    var children: [FixtureObject] = []
    var restorationChildren: [any RestorableObject] { children }

    init(_ identifier: String) { restorationIdentifier = identifier }

    func encodeRestorableState(with coder: StateEncoder) throws {
        try coder.encode("state of \(restorationIdentifier ?? "")", forKey: "name")
        try coder.encode(children.count, forKey: "count")
    }

    func decodeRestorableState(with coder: StateDecoder) throws {
        _ = try? coder.decode(String.self, forKey: "name")
        _ = try? coder.decode(Int.self, forKey: "count")
    }
}

/// Saves everything, restores everything, creates an object for every path, and goes
/// back to any activity it is handed (rule S5).
@MainActor
final class LaunchDelegate: RestorationDelegate {
    func shouldSaveApplicationState(_ coder: StateEncoder) -> Bool { true }
    func shouldRestoreApplicationState(_ coder: StateDecoder) -> Bool { true }

    func restorableObject(withRestorationPath path: RestorationPath, coder: StateDecoder)
        -> (any RestorableObject)?
    {
        FixtureObject(path.last?.identifier ?? "")
    }

    func restoreInteractionState(with activity: RestorationActivity) -> Bool { true }
}

/// A scheduler whose actions never run: a fuzzed launch ends before its crash-loop window
/// would, and a `Task` per input would pile up on a main actor that never runs its queue.
@MainActor
final class IdleScheduler: RestorationScheduler {
    func schedule(after delay: Duration, _ action: @escaping @MainActor () -> Void) -> any ScheduledAction {
        Token()
    }

    private final class Token: ScheduledAction {
        func cancel() {}
    }
}
