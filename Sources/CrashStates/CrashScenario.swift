import RestorationTesting
@_spi(Testing) import StateRestoration

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
    let setUp: @MainActor @Sendable (FileRestorationStorage) throws -> Void
    /// The recorded steps.
    let run: @MainActor @Sendable (FileRestorationStorage) throws -> Void

    /// Every scenario: each file the engine writes, by each path that writes it.
    public static let all: [CrashScenario] = [
        CrashScenario(
            name: "first save", legalPasses: [nil, 1], endsWithSave: true, setUp: { _ in },
            run: { storage in try save(pass: 1, on: storage) }),
        CrashScenario(
            name: "a save replacing an archive", legalPasses: [1, 2], endsWithSave: true,
            setUp: { storage in try save(pass: 1, on: storage) },
            run: { storage in try save(pass: 2, on: storage) }),
        CrashScenario(
            name: "a launch: markers, restore, background save", legalPasses: [1, 2], endsWithSave: true,
            setUp: { storage in try save(pass: 1, on: storage) },
            run: { storage in
                let app = ProbeApp(pass: 0)
                let engine = app.engine(on: storage, scheduler: ManualScheduler())
                engine.restoreApplicationState()
                app.root.pass = 2
                try engine.preserve(reason: .background)
            }),
        CrashScenario(
            name: "a launch after an unconfirmed one: markers, restore, continuous save",
            legalPasses: [1, 2], endsWithSave: true,
            setUp: { storage in
                try save(pass: 1, on: storage)
                try storage.store(Array("1\n".utf8), as: .launchHistory)
            },
            run: { storage in
                let app = ProbeApp(pass: 0)
                let scheduler = ManualScheduler()
                let engine = app.engine(on: storage, scheduler: scheduler)
                engine.restoreApplicationState()
                app.root.pass = 2
                engine.stateDidChange()
                scheduler.advance(by: .seconds(1))
                engine.waitForPendingWrites()
            }),
        CrashScenario(
            name: "quit and forget: the archive set aside, the markers removed", legalPasses: [nil, 1],
            endsWithSave: false,
            setUp: { storage in
                try save(pass: 1, on: storage)
                try storage.store(Array("1\n".utf8), as: .launchHistory)
            },
            run: { storage in
                let app = ProbeApp(pass: 0)
                app.engine(on: storage, scheduler: ManualScheduler()).discardState(reason: "quit and forget")
            }),
    ]

    @MainActor private static func save(pass: Int, on storage: FileRestorationStorage) throws {
        let app = ProbeApp(pass: pass)
        try app.engine(on: storage, scheduler: ManualScheduler()).preserve(reason: .requested)
    }
}
