import Foundation
import RestorationTesting
@_spi(Testing) import StateRestoration

/// Where a scenario's steps run: the state directory, and the recorder of its operations
/// (nil while setting up, which is not recorded).
@MainActor
public struct CrashContext {
    /// The state directory.
    public let directory: String
    let faults: StorageFaults?

    /// The engine's storage of the state directory itself (as before sessions).
    var storage: FileRestorationStorage {
        faults.map { FileRestorationStorage(directory: directory, faults: $0) }
            ?? FileRestorationStorage(directory: directory)
    }

    /// The sessions of the state directory, their steps and their storages' recorded too.
    func sessions(_ policy: SessionPolicy = SessionPolicy()) -> RestorationSessions {
        faults.map { RestorationSessions(stateDirectory: directory, policy: policy, faults: $0) }
            ?? RestorationSessions(stateDirectory: directory, policy: policy)
    }
}

/// One thing the engine writes, from a durable starting state: the operations of its
/// `run` are recorded and every power-loss state after each of them is checked (rule X2).
public struct CrashScenario: Sendable {
    /// What it does, for reports.
    public let name: String
    /// The passes a launch after a power loss may restore (nil: none, a fresh launch).
    let legalPasses: Set<Int?>
    /// True if its last step is a save that returned: after all its operations, a power
    /// loss must keep the new archive.
    let endsWithSave: Bool
    /// Writes the starting state; not recorded, and all of it durable.
    let setUp: @MainActor @Sendable (CrashContext) throws -> Void
    /// The recorded steps.
    let run: @MainActor @Sendable (CrashContext) throws -> Void
    /// For scenarios of sessions: what is wrong with launches on a power-loss state (the
    /// state directory, and whether every operation had run), or nil. Without it, one
    /// launch on the state directory itself is checked against ``legalPasses``.
    let check: (@MainActor @Sendable (_ directory: String, _ afterAll: Bool) -> String?)?

    init(
        name: String, legalPasses: Set<Int?>, endsWithSave: Bool,
        setUp: @escaping @MainActor @Sendable (CrashContext) throws -> Void,
        run: @escaping @MainActor @Sendable (CrashContext) throws -> Void,
        check: (@MainActor @Sendable (_ directory: String, _ afterAll: Bool) -> String?)? = nil
    ) {
        self.name = name
        self.legalPasses = legalPasses
        self.endsWithSave = endsWithSave
        self.setUp = setUp
        self.run = run
        self.check = check
    }

    /// Every scenario: each file the engine writes, by each path that writes it.
    public static let all: [CrashScenario] = single + sessions

    /// The engine's files in one state directory: saves, launch markers, quit and forget.
    public static let single: [CrashScenario] = [
        CrashScenario(
            name: "first save", legalPasses: [nil, 1], endsWithSave: true, setUp: { _ in },
            run: { context in try save(pass: 1, on: context.storage) }),
        CrashScenario(
            name: "a save replacing an archive", legalPasses: [1, 2], endsWithSave: true,
            setUp: { context in try save(pass: 1, on: context.storage) },
            run: { context in try save(pass: 2, on: context.storage) }),
        CrashScenario(
            name: "a launch: markers, restore, background save", legalPasses: [1, 2], endsWithSave: true,
            setUp: { context in try save(pass: 1, on: context.storage) },
            run: { context in
                let app = ProbeApp(pass: 0)
                let engine = app.engine(on: context.storage, scheduler: ManualScheduler())
                engine.restoreApplicationState()
                app.root.pass = 2
                try engine.preserve(reason: .background)
            }),
        CrashScenario(
            name: "a launch after an unconfirmed one: markers, restore, continuous save",
            legalPasses: [1, 2], endsWithSave: true,
            setUp: { context in
                try save(pass: 1, on: context.storage)
                try context.storage.store(Array("1\n".utf8), as: .launchHistory)
            },
            run: { context in
                let app = ProbeApp(pass: 0)
                let scheduler = ManualScheduler()
                let engine = app.engine(on: context.storage, scheduler: scheduler)
                engine.restoreApplicationState()
                app.root.pass = 2
                engine.stateDidChange()
                scheduler.advance(by: .seconds(1))
                engine.waitForPendingWrites()
            }),
        CrashScenario(
            name:
                "incremental saves (P1): continuous full and incremental saves, then a termination's full one",
            legalPasses: [1, 2, 3, 4], endsWithSave: true,
            setUp: { context in try save(pass: 1, on: context.storage) },
            run: { context in
                let (app, engine, scheduler) = restored(on: context.storage)
                saveContinuously(2...3, app: app, engine: engine, scheduler: scheduler, waiting: false)
                app.root.pass = 4
                try engine.preserve(reason: .termination)
            }),
        CrashScenario(
            name: "incremental saves (P1): continuous, assembled and written off the main actor",
            legalPasses: [1, 2, 3], endsWithSave: true,
            setUp: { context in try save(pass: 1, on: context.storage) },
            run: { context in
                let (app, engine, scheduler) = restored(on: context.storage)
                saveContinuously(2...3, app: app, engine: engine, scheduler: scheduler, waiting: true)
            }),
        CrashScenario(
            name: "quit and forget: the archive set aside, the markers removed", legalPasses: [nil, 1],
            endsWithSave: false,
            setUp: { context in
                try save(pass: 1, on: context.storage)
                try context.storage.store(Array("1\n".utf8), as: .launchHistory)
            },
            run: { context in
                let app = ProbeApp(pass: 0)
                app.engine(on: context.storage, scheduler: ManualScheduler()).discardState(
                    reason: "quit and forget")
            }),
    ]

    /// A launch of the probe app on `storage`, restored, with its engine and clock.
    @MainActor
    static func restored(on storage: any RestorationStorage) -> (ProbeApp, RestorationEngine, ManualScheduler)
    {
        let app = ProbeApp(pass: 0)
        let scheduler = ManualScheduler()
        let engine = app.engine(on: storage, scheduler: scheduler)
        engine.restoreApplicationState()
        return (app, engine, scheduler)
    }

    /// Saves `passes` continuously, the root saying it changed each time (rule P1: the
    /// first a full save, the next incremental), waiting for each write or not.
    @MainActor
    static func saveContinuously(
        _ passes: ClosedRange<Int>, app: ProbeApp, engine: RestorationEngine, scheduler: ManualScheduler,
        waiting: Bool
    ) {
        for pass in passes {
            app.root.pass = pass
            engine.stateDidChange(of: app.root)
            scheduler.advance(by: .seconds(1))
            if waiting { engine.waitForPendingWrites() }
        }
    }

    /// The session files of rules S1–S4: the migration, a new session, quit and forget,
    /// pruning.
    public static let sessions: [CrashScenario] = [
        CrashScenario(
            name: "sessions: the first launch moves the old archive into a session, then saves",
            legalPasses: [1, 2], endsWithSave: false,
            setUp: { context in try save(pass: 1, on: context.storage) },
            run: { context in
                let session = try context.sessions().open(.mostRecent).session
                let app = ProbeApp(pass: 0)
                let engine = app.engine(on: session.storage, scheduler: ManualScheduler())
                engine.restoreApplicationState()
                app.root.pass = 2
                try engine.preserve(reason: .background)
            },
            check: { directory, afterAll in
                // The old archive or the new one, in some session: never neither.
                let (pass, problem, markers) = launch(.mostRecent, in: directory)
                if let problem { return problem }
                // A power loss while the markers were up is a death during a restore: the
                // guard may throw the archive away then, as it must (R18).
                if pass == nil, markers, !afterAll { return nil }
                guard let pass, [1, 2].contains(pass) else {
                    return "a launch restored \(pass.map { "pass \($0)" } ?? "nothing"): the archive was lost"
                }
                if afterAll, pass != 2 { return "the save returned, yet a power loss undoes it" }
                return nil
            }),
        CrashScenario(
            name: "sessions: a new session (--fresh) beside a saved one", legalPasses: [1, 2],
            endsWithSave: false,
            setUp: { context in try saveSession("a", pass: 1, in: context) },
            run: { context in
                let session = try context.sessions().open(.new).session
                let app = ProbeApp(pass: 2)
                try app.engine(on: session.storage, scheduler: ManualScheduler()).preserve(
                    reason: .termination)
            },
            check: { directory, _ in
                sessionsProblem(in: directory, required: ["a": 1], allowed: [2])
            }),
        CrashScenario(
            name: "sessions: quit and forget one of two", legalPasses: [1, 2], endsWithSave: false,
            setUp: { context in
                try saveSession("a", pass: 1, in: context)
                try saveSession("b", pass: 2, in: context)
            },
            run: { context in
                let session = try context.sessions().open(.named("b")).session
                let engine = ProbeApp(pass: 0).engine(on: session.storage, scheduler: ManualScheduler())
                engine.restoreApplicationState()
                engine.discardState(reason: "quit and forget")
                try session.end()
            },
            check: { directory, _ in
                sessionsProblem(in: directory, required: ["a": 1], allowed: [2])
            }),
        CrashScenario(
            name: "sessions: pruning the least recently used beyond the count", legalPasses: [1, 2],
            endsWithSave: false,
            setUp: { context in
                try saveSession("a", pass: 1, in: context)
                // "a" is the older: its files' times are set back a day.
                let old = Date().addingTimeInterval(-86_400)
                for path in ["", "/restoration.archive", "/session.lock"] {
                    try FileManager.default.setAttributes(
                        [.modificationDate: old], ofItemAtPath: context.directory + "/sessions/a" + path)
                }
                try saveSession("b", pass: 2, in: context)
            },
            run: { context in
                _ = try context.sessions(SessionPolicy(maximumCount: 1)).open(.named("b"))
            },
            check: { directory, _ in
                sessionsProblem(in: directory, required: ["b": 2], allowed: [1])
            }),
    ]

    @MainActor private static func save(pass: Int, on storage: FileRestorationStorage) throws {
        let app = ProbeApp(pass: pass)
        try app.engine(on: storage, scheduler: ManualScheduler()).preserve(reason: .requested)
    }

    /// Saves `pass` in session `id`, then lets the session go.
    @MainActor private static func saveSession(_ id: String, pass: Int, in context: CrashContext) throws {
        let session = try context.sessions().open(.named(id)).session
        try save(pass: pass, on: session.storage)
        session.release()
    }

    /// The pass a launch by `choice` restores, whole, or nil; what went wrong; and whether
    /// the launch markers threw the archive away.
    @MainActor static func launch(_ choice: SessionChoice, in directory: String) -> (
        pass: Int?, problem: String?, markers: Bool
    ) {
        let session: RestorationSession
        do {
            session = try RestorationSessions(stateDirectory: directory).open(choice).session
        } catch {
            return (nil, "a launch could not take a session: \(error)", false)
        }
        defer { session.release() }
        let app = ProbeApp(pass: 0)
        let report = app.engine(on: session.storage, scheduler: ManualScheduler()).restoreApplicationState()
        if let (pass, whole) = app.root.restored {
            return whole
                ? (pass, nil, false)
                : (pass, "a launch restored pass \(pass) with a payload not its own", false)
        }
        let markers = ["in-progress marker", "crash-loop protection", "saved activity", "left out this time"]
        var byMarkers = false
        for note in report.diagnostics where note.kind == .archiveDiscarded || note.kind == .notRestored {
            guard markers.contains(where: note.reason.contains) else {
                return (nil, "a launch lost the archive: \(note)", false)
            }
            byMarkers = true
        }
        return (nil, nil, byMarkers)
    }

    /// What is wrong with the sessions of `directory`: each of `required` must restore its
    /// pass; any other must restore one of `allowed`, whole, or nothing.
    @MainActor static func sessionsProblem(
        in directory: String, required: [String: Int], allowed: Set<Int>
    ) -> String? {
        for (id, expected) in required.sorted(by: { $0.key < $1.key }) {
            let (pass, problem, _) = launch(.named(id), in: directory)
            if let problem { return "session \(id): \(problem)" }
            if pass != expected {
                return
                    "session \(id) restored \(pass.map { "pass \($0)" } ?? "nothing"), not pass \(expected)"
            }
        }
        for info in RestorationSessions(stateDirectory: directory).sessions() where required[info.id] == nil {
            let (pass, problem, _) = launch(.named(info.id), in: directory)
            if let problem { return "session \(info.id): \(problem)" }
            if let pass, !allowed.contains(pass) { return "session \(info.id) restored pass \(pass)" }
        }
        return nil
    }
}
