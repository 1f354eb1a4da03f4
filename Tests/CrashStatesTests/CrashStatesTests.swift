@_spi(Testing) import CrashStates
@_spi(Testing) import StateRestoration
import Testing

@Suite("X2: power loss during the engine's writes")
@MainActor
struct CrashStatesTests {
    @Test("X2: every power-loss state of every engine write gives the old or the new files, whole")
    func everyStateIsOldOrNew() throws {
        var explored = 0
        for scenario in CrashScenario.all {
            for model in CrashModel.allCases {
                let report = try CrashStateExplorer.explore(scenario, model: model)
                #expect(report.bad.isEmpty, "\(report.bad.first.map(String.init(describing:)) ?? "")")
                #expect(report.explored > 1, "\(report.summary)")
                explored += report.explored
            }
        }
        #expect(explored > 100)
    }

    @Test("X2: negative control: without the temporary file's fsync, power loss tears the archive")
    func withoutFileSyncArchivesTear() throws {
        let options = CrashStateExplorer.Options(dropFileSyncs: true)
        var bad: [BadCrashState] = []
        for model in CrashModel.allCases {
            bad += try CrashStateExplorer.explore(CrashScenario.all[0], model: model, options: options).bad
        }
        #expect(
            bad.contains { $0.model == .posix && $0.problem.contains("restoration.archive holds 0 bytes") })
        #expect(bad.contains { $0.model == .ext4Ordered })
    }

    @Test("X2: the session files (S1–S4) are explored in directories below the state directory")
    func sessionScenarios() throws {
        #expect(CrashScenario.sessions.count == 4)
        let report = try CrashStateExplorer.explore(CrashScenario.sessions[0], model: .posix)
        #expect(report.bad.isEmpty)
        #expect(report.operationCount > 20, "the migration, its markers and a save: \(report.summary)")
    }

    @Test("X2: negative control: without the directory fsyncs, a power loss loses the migrated archive")
    func withoutDirectorySyncSessionsLoseTheArchive() throws {
        let options = CrashStateExplorer.Options(dropDirectorySyncs: true)
        let bad = try CrashStateExplorer.explore(CrashScenario.sessions[0], model: .posix, options: options)
            .bad
        #expect(
            bad.contains { $0.problem.contains("the archive was lost") },
            "\(bad.first.map(String.init(describing:)) ?? "none")")
    }
}

@Suite("X2: the power-loss model")
struct PowerLossModelTests {
    static let old = DirectoryImage(files: ["item": [1, 2, 3]])
    static let new = [UInt8](repeating: 9, count: 9000)

    static func save(fsync: Bool, syncDirectory: Bool) -> [StorageOperation] {
        var operations: [StorageOperation] = [
            .create(path: "/d/.item.tmp"), .write(path: "/d/.item.tmp", offset: 0, bytes: new),
        ]
        if fsync { operations.append(.fsync(path: "/d/.item.tmp")) }
        operations.append(.rename(from: "/d/.item.tmp", to: "/d/item"))
        if syncDirectory { operations.append(.syncDirectory(path: "/d")) }
        return operations
    }

    /// What `item` holds in each state, in words: old, new, absent, or N bytes of the new
    /// data, followed by zeros or not.
    static func items(_ states: Set<DirectoryImage>) -> Set<String> {
        Set(
            states.map { state in
                guard let bytes = state.files["item"] else { return "absent" }
                if bytes == old.files["item"] { return "old" }
                if bytes == new { return "new" }
                let data = bytes.prefix { $0 == 9 }.count
                return data == bytes.count ? "\(data) new" : "\(data) new, \(bytes.count - data) zeros"
            })
    }

    @Test(
        "X2: a complete atomic save leaves only the new file; before the directory's fsync, the old one too")
    func atomicSave() {
        let operations = Self.save(fsync: true, syncDirectory: true)
        for model in CrashModel.allCases {
            let simulator = PowerLossSimulator(initial: Self.old, operations: operations, model: model)
            #expect(Self.items(simulator.crashStates(after: 5)) == ["new"])
            #expect(Self.items(simulator.crashStates(after: 4)) == ["old", "new"])
            #expect(Self.items(simulator.crashStates(after: 3)) == ["old"])
        }
    }

    @Test("X2: without the file's fsync, POSIX tears the file (empty, prefix, zeros); ext4 writes it first")
    func tornWithoutFsync() {
        let operations = Self.save(fsync: false, syncDirectory: true)
        let posix = PowerLossSimulator(initial: Self.old, operations: operations, model: .posix)
        let torn = Self.items(posix.crashStates(after: 4))
        #expect(torn.isSuperset(of: ["0 new", "4096 new", "4096 new, 4904 zeros", "8192 new", "new"]))
        #expect(!torn.contains("old"))
        // Replacing an existing file: auto_da_alloc writes the data before the rename commits.
        let ext4 = PowerLossSimulator(initial: Self.old, operations: operations, model: .ext4Ordered)
        #expect(Self.items(ext4.crashStates(after: 4)) == ["new"])
        // A new file has no such luck.
        let fresh = PowerLossSimulator(initial: DirectoryImage(), operations: operations, model: .ext4Ordered)
        #expect(Self.items(fresh.crashStates(after: 4)).isSuperset(of: ["0 new", "4096 new", "new"]))
    }

    @Test("X2: unsynced entry changes survive in any subset under POSIX, in order under ext4")
    func entryOrder() {
        let operations: [StorageOperation] = [.remove(path: "/d/a"), .create(path: "/d/b")]
        let initial = DirectoryImage(files: ["a": [1]])
        let posix = PowerLossSimulator(initial: initial, operations: operations, model: .posix)
        let ext4 = PowerLossSimulator(initial: initial, operations: operations, model: .ext4Ordered)
        let names = { (states: Set<DirectoryImage>) in Set(states.map { $0.files.keys.sorted() }) }
        #expect(names(posix.crashStates(after: 2)) == [["a"], [], ["a", "b"], ["b"]])
        #expect(names(ext4.crashStates(after: 2)) == [["a"], [], ["b"]])
    }
}
