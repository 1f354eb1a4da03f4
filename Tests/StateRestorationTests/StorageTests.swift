import Foundation
import RestorationTesting
import TestSupport
import Testing

@testable import StateRestoration

@Suite("R10: writing the archive")
@MainActor
struct StorageTests {
    func mode(_ path: String) throws -> Int {
        let attributes = try FileManager.default.attributesOfItem(atPath: path)
        return (attributes[.posixPermissions] as? Int) ?? -1
    }

    @Test("R10: the archive is written with mode 0600 inside a directory of mode 0700")
    func modes() throws {
        let scratch = TemporaryDirectory(prefix: "sr")
        let root = scratch.file("state")
        let storage = FileRestorationStorage(directory: root + "/state/app")
        try storage.store(Array("hello".utf8), as: .archive)
        #expect(try mode(root + "/state/app") == 0o700)
        #expect(try mode(storage.path(of: .archive)) == 0o600)
        #expect(try storage.load(.archive) == Array("hello".utf8))
        #expect(try storage.load(.restoringMarker) == nil)
    }

    @Test("R10: a state directory made earlier with a looser mode is tightened to 0700")
    func tightensDirectory() throws {
        let scratch = TemporaryDirectory(prefix: "sr")
        let root = scratch.file("state")
        try FileManager.default.createDirectory(
            atPath: root, withIntermediateDirectories: true, attributes: [.posixPermissions: 0o755])
        try FileRestorationStorage(directory: root).store([1], as: .archive)
        #expect(try mode(root) == 0o700)
    }

    @Test("R10: replacing is atomic and leaves no temporary files")
    func atomicReplace() throws {
        let scratch = TemporaryDirectory(prefix: "sr")
        let root = scratch.file("state")
        let storage = FileRestorationStorage(directory: root)
        try storage.store(Array(repeating: 1, count: 100_000), as: .archive)
        try storage.store(Array("new".utf8), as: .archive)
        #expect(try storage.load(.archive) == Array("new".utf8))
        #expect(try FileManager.default.contentsOfDirectory(atPath: root) == ["restoration.archive"])
    }

    @Test(
        "R36: temporary files left by a killed writer are removed by the next write; a live writer's, locked, stay, whatever its pid"
    )
    func staleTemporaries() throws {
        let scratch = TemporaryDirectory(prefix: "sr")
        let root = scratch.file("state")
        let storage = FileRestorationStorage(directory: root)
        try storage.store([1], as: .archive)
        // Neither process id is visible here: the live writer runs in another pid namespace
        // (a container, a shared home), and only its lock tells that it is alive.
        let stale = root + "/.restoration.archive.tmp-99999999-1234"
        let live = root + "/.restoration.archive.tmp-99999998-1"
        #expect(FileManager.default.createFile(atPath: stale, contents: Data([0])))
        #expect(FileManager.default.createFile(atPath: live, contents: Data([0])))
        let writer = open(live, O_RDWR)
        #expect(writer >= 0)
        defer { close(writer) }
        #expect(flock(writer, LOCK_EX) == 0)
        try storage.store([2], as: .archive)
        let names = try FileManager.default.contentsOfDirectory(atPath: root).sorted()
        #expect(names == [".restoration.archive.tmp-99999998-1", "restoration.archive"])
        #expect(try storage.load(.archive) == [2])
    }

    @Test("R10: a failed rename leaves the previous file, reports the error, and removes the temporary file")
    func failedRename() throws {
        let scratch = TemporaryDirectory(prefix: "sr")
        let root = scratch.file("state")
        let storage = FileRestorationStorage(directory: root)
        try storage.store(Array("old".utf8), as: .launchHistory)
        // A non-empty directory where the archive should go makes rename(2) fail.
        try FileManager.default.createDirectory(
            atPath: storage.path(of: .archive) + "/occupied", withIntermediateDirectories: true)
        let error = try #require(throws: RestorationError.self) {
            try storage.store(Array("new".utf8), as: .archive)
        }
        guard case .io(let operation, _, _, _) = error else {
            Issue.record("expected an I/O error, got \(error)")
            return
        }
        #expect(operation == "rename")
        #expect(try storage.load(.launchHistory) == Array("old".utf8))
        #expect(
            try FileManager.default.contentsOfDirectory(atPath: root).sorted() == [
                "restoration.archive", "restoration.launches",
            ])
    }

    @Test("R10: a directory that cannot be created is a clear error")
    func missingDirectory() throws {
        let scratch = TemporaryDirectory(prefix: "sr")
        let root = scratch.file("state")
        try FileManager.default.createDirectory(atPath: root, withIntermediateDirectories: true)
        #expect(FileManager.default.createFile(atPath: root + "/file", contents: Data()))
        let storage = FileRestorationStorage(directory: root + "/file/state")
        let error = try #require(throws: RestorationError.self) { try storage.store([1], as: .archive) }
        #expect(error.description.contains("create directory '\(root)/file/state' failed: Not a directory"))
    }

    @Test("R10: if writing fails, the previous archive stays and the error reaches the app")
    func failedSave() throws {
        let harness = RestorationHarness.standard()
        let root = Node("Root", value: "first")
        let launch = harness.launch(root: root)
        try launch.save()
        let previous = try #require(harness.storage[.archive])
        harness.storage.failingWrites = InMemoryStorage.diskFull
        root.value = "second"
        #expect(throws: RestorationError.self) { try launch.save() }
        #expect(harness.storage[.archive] == previous)
        harness.storage.failingWrites = nil
        launch.kill()
        #expect(harness.restoredRootValue() == "first")
    }

    @Test("R10: the engine writes through the real file storage end to end")
    func engineOnDisk() throws {
        let scratch = TemporaryDirectory(prefix: "sr")
        let root = scratch.file("state")
        let storage = FileRestorationStorage(directory: root)
        let app = TestApp()
        app.root = Node("Root", value: "on disk")
        let engine = app.engine(
            storage: storage,
            configuration: RestorationConfiguration(appName: "T", appVersion: "1", debugOutput: .off))
        try engine.preserve(reason: .termination)
        let next = TestApp()
        next.factory = { _ in Node("Root") }
        let report = next.engine(storage: storage, configuration: engine.configuration)
            .restoreApplicationState()
        #expect((report.roots.first as? Node)?.value == "on disk")
    }
}
