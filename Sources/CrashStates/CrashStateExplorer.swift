import Foundation
import RestorationTesting
@_spi(Testing) import StateRestoration

/// Runs crash scenarios against the real ``FileRestorationStorage``, enumerates every
/// state a power loss could leave after each prefix of their file-system operations, and
/// checks each one on a real directory through a real launch (rule X2).
///
/// A state is bad when one of the engine's files (``StorageItem``) holds bytes it never
/// held between the start of the scenario and the loss (a torn, empty or vanished file),
/// when a launch on it restores something other than the old or the new pass, whole, or
/// discards the archive for a reason other than its launch markers, or when a save that
/// returned can still be undone.
@MainActor
public enum CrashStateExplorer {
    /// How to run.
    public struct Options: Sendable {
        /// Takes every file `fsync` out of the recorded operations, as a storage that never
        /// called it would have done: the negative control, which must find bad states.
        public var dropFileSyncs: Bool
        /// Takes every directory `fsync` out: the negative control of the session files,
        /// which move between directories and must find bad states without it.
        public var dropDirectorySyncs: Bool

        /// Creates options.
        public init(dropFileSyncs: Bool = false, dropDirectorySyncs: Bool = false) {
            self.dropFileSyncs = dropFileSyncs
            self.dropDirectorySyncs = dropDirectorySyncs
        }
    }

    /// Explores `scenario` under `model`.
    /// - Throws: An error of the scenario's own steps (a save that failed): the scenario
    ///   could not run, which is not a power-loss finding.
    public static func explore(
        _ scenario: CrashScenario, model: CrashModel, options: Options = Options()
    ) throws -> CrashStateReport {
        let workspace = Workspace()
        let directory = workspace.path + "/state"
        try workspace.makeDirectory(directory)
        try scenario.setUp(CrashContext(directory: directory, faults: nil))
        let initial = try workspace.image(of: directory)
        let recorder = OperationRecorder()
        try scenario.run(CrashContext(directory: directory, faults: recorder.faults))
        var operations = recorder.recorded
        if options.dropFileSyncs {
            operations.removeAll { if case .fsync = $0 { true } else { false } }
        }
        if options.dropDirectorySyncs {
            operations.removeAll { if case .syncDirectory = $0 { true } else { false } }
        }
        let simulator = PowerLossSimulator(
            initial: initial, operations: operations, model: model, root: directory)
        let live = simulator.liveImages()
        var report = CrashStateReport(
            scenario: scenario.name, model: model, operationCount: operations.count, explored: 0, bad: [])
        func bad(_ state: DirectoryImage, after count: Int, _ problem: String) {
            report.bad.append(
                BadCrashState(
                    scenario: scenario.name, model: model, afterOperations: count,
                    operations: operations.prefix(count).map(describe), files: state.summary, problem: problem
                ))
        }
        var seen = Set<DirectoryImage>()
        for count in 0...operations.count {
            let states = simulator.crashStates(after: count)
            for state in states where seen.insert(state).inserted {
                report.explored += 1
                let legal = live[0...count]
                let launched: String?
                if let check = scenario.check {
                    launched = check(try workspace.materialise(state), count == operations.count)
                } else {
                    launched = try launchProblem(state, scenario, workspace)
                }
                if let problem = itemProblem(state, legal: legal) ?? launched {
                    bad(state, after: count, problem)
                }
            }
            if count == operations.count, scenario.endsWithSave {
                let saved = live[count].files[StorageItem.archive.rawValue]
                let flagged = Set(report.bad.map(\.files))
                for state in states where state.files[StorageItem.archive.rawValue] != saved {
                    guard !flagged.contains(state.summary) else { continue }
                    bad(state, after: count, "the save returned, yet a power loss undoes it")
                }
            }
        }
        return report
    }

    /// The launch markers' names.
    private static let markers: Set<String> = [
        StorageItem.restoringMarker.rawValue, StorageItem.launchHistory.rawValue,
    ]

    /// The first of the engine's files (in any directory of the tree) whose bytes are none
    /// of those its path held in `legal`.
    private static func itemProblem(_ state: DirectoryImage, legal: ArraySlice<DirectoryImage>) -> String? {
        let names = Set(StorageItem.allCases.map(\.rawValue))
        var paths = Set(state.files.keys)
        for image in legal { paths.formUnion(image.files.keys) }
        for path in paths.sorted() where names.contains(Volume.name(path)) {
            let bytes = state.files[path]
            // The launch markers are written, rewritten and removed with no fsync (a power
            // cut is no death of a restore): a power loss may leave either of them old, new,
            // torn or absent. A torn in-progress marker reads as a bare one, and a torn count
            // as a smaller one; what a launch then does is checked by `launchProblem`.
            if Self.markers.contains(Volume.name(path)) { continue }
            let held = legal.map { $0.files[path] }
            guard !held.contains(bytes) else { continue }
            let sizes = Set(held.map { $0.map { "\($0.count) bytes" } ?? "absent" }).sorted()
            let found =
                bytes.map { "holds \($0.count) bytes that it never held" } ?? "is absent, which it never was"
            return "\(path) \(found) (before the loss it was only ever: \(sizes.joined(separator: ", ")))"
        }
        return nil
    }

    /// What is wrong with a launch on `state`, or nil if it restored a legal pass whole, or
    /// started fresh for a reason a power loss allows.
    private static func launchProblem(
        _ state: DirectoryImage, _ scenario: CrashScenario, _ workspace: Workspace
    ) throws -> String? {
        let directory = try workspace.materialise(state)
        let app = ProbeApp(pass: 0)
        let report = app.engine(
            on: FileRestorationStorage(directory: directory), scheduler: ManualScheduler()
        )
        .restoreApplicationState()
        if let (pass, whole) = app.root.restored {
            if !whole { return "a launch restored pass \(pass) with a payload not its own" }
            if !scenario.legalPasses.contains(pass) { return "a launch restored pass \(pass)" }
            return nil
        }
        // The launch markers may legitimately throw the archive away: the power loss was a
        // death during or soon after a restore. Anything else lost it.
        let markers = ["in-progress marker", "crash-loop protection", "saved activity", "left out this time"]
        for note in report.diagnostics where note.kind == .archiveDiscarded || note.kind == .notRestored {
            if !markers.contains(where: note.reason.contains) { return "a launch lost the archive: \(note)" }
        }
        if state.files[StorageItem.archive.rawValue] != nil, report.diagnostics.isEmpty {
            return "a launch restored nothing from an archive, and said nothing"
        }
        if !scenario.legalPasses.contains(nil), state.files[StorageItem.archive.rawValue] == nil {
            return "no archive: neither the old nor the new one"
        }
        return nil
    }

    /// One operation as a line of a report.
    static func describe(_ operation: StorageOperation) -> String {
        switch operation {
        case .create(let path): "create \(Volume.name(path))"
        case .write(let path, let offset, let bytes):
            "write \(Volume.name(path)) \(bytes.count) bytes at \(offset)"
        case .fsync(let path): "fsync \(Volume.name(path))"
        case .rename(let from, let to): "rename \(Volume.name(from)) -> \(Volume.name(to))"
        case .syncDirectory(let path): "fsync directory \(Volume.name(path))"
        case .remove(let path): "unlink \(Volume.name(path))"
        case .makeDirectory(let path): "mkdir \(Volume.name(path))"
        case .link(let from, let to): "link \(Volume.name(from)) -> \(Volume.name(to))"
        case .removeDirectory(let path): "rmdir \(Volume.name(path))"
        }
    }
}
