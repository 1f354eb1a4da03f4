import Foundation
import RestorationTesting
@_spi(Testing) import StateRestoration
import Testing

#if canImport(Glibc)
    import Glibc
#endif

/// One way a save can fail, injected at the system call where the kernel would report it.
struct SaveFault: Sendable, CustomTestStringConvertible {
    var name: String
    var step: StorageStep
    var code: Int32
    var message: String

    var testDescription: String { name }

    init(_ name: String, _ step: StorageStep, _ code: Int32, _ message: String) {
        self.name = name
        self.step = step
        self.code = code
        self.message = message
    }

    /// One a line: the name, the step that fails, the error number, and the message the
    /// error reaching the app must carry.
    static let all = [
        SaveFault("read-only state directory (EROFS)", .createTemporary, EROFS, "Read-only file system"),
        SaveFault("state directory not writable (EACCES)", .createTemporary, EACCES, "Permission denied"),
        SaveFault("full disk while writing (ENOSPC)", .write, ENOSPC, "No space left on device"),
        SaveFault("quota exceeded while writing (EDQUOT)", .write, EDQUOT, "Disk quota exceeded"),
        SaveFault("full disk found at fsync (ENOSPC)", .fsync, ENOSPC, "No space left on device"),
        SaveFault("failing device at fsync (EIO)", .fsync, EIO, "Input/output error"),
        SaveFault("rename refused (EBUSY)", .rename, EBUSY, "Device or resource busy"),
        SaveFault("rename on a read-only file system (EROFS)", .rename, EROFS, "Read-only file system"),
    ]
}

@Suite("R10: faults on save: the error reaches the app, the previous archive stays, nothing is left behind")
@MainActor
struct SaveFaultTests {
    let scratch = Scratch()
    var directory: String { scratch.file("state") }
    var archive: String { directory + "/restoration.archive" }
    /// Switches faults on and off in the storage of ``appEngine(scheduler:continuous:)``.
    let faults = FaultSwitch()
    /// The app whose state the tests save: one page, "first" until a test changes it.
    let app = FaultApp(value: "first")

    /// The app's engine, saving into `directory` through file storage that fails as
    /// ``faults`` says (nothing fails until a test switches a fault on).
    func appEngine(scheduler: ManualScheduler = ManualScheduler(), continuous: Bool = false)
        -> RestorationEngine
    {
        app.engine(
            FileRestorationStorage(directory: directory, faults: faults.faults), scheduler: scheduler,
            continuous: continuous)
    }

    /// Saves through `engine`, which must now go through, and expects the archive in
    /// `directory` to restore the page as `value`.
    func expectSaves(
        _ engine: RestorationEngine, into directory: String, restoring value: String,
        sourceLocation: SourceLocation = #_sourceLocation
    ) throws {
        try engine.preserve(reason: .requested)
        #expect(FaultApp.restoredValue(from: directory) == value, sourceLocation: sourceLocation)
    }

    @Test(
        "R10: a failed save throws a clear error, says so in a diagnostic, keeps the previous archive and no temporary file, and the app saves again once the fault is gone",
        arguments: SaveFault.all)
    func failedSave(fault: SaveFault) throws {
        let engine = appEngine()
        try engine.preserve(reason: .requested)
        let previous = try #require(Scratch.bytes(of: archive))

        app.page.value = "second"
        faults.fail(fault.step, with: fault.code)
        let error = try #require(throws: RestorationError.self) { try engine.preserve(reason: .requested) }
        guard case .io(let operation, let path, let code, let message) = error else {
            Issue.record("expected an I/O error, got \(error)")
            return
        }
        #expect(operation == fault.step.rawValue)
        #expect(code == fault.code)
        #expect(message == fault.message)
        #expect(path.hasPrefix(directory + "/"))
        #expect(error.description == "\(operation) '\(path)' failed: \(fault.message)")
        #expect(
            engine.diagnostics.last?.description == "save failed: \(error); the previous archive is intact")

        #expect(Scratch.bytes(of: archive) == previous)
        #expect(FaultApp.restoredValue(from: directory) == "first")
        #expect(Scratch.listing(directory) == ["restoration.archive"])
        #expect(Scratch.mode(of: archive) == 0o600)

        // The app keeps running: once the fault is gone, the next save goes through.
        faults.clear()
        try expectSaves(engine, into: directory, restoring: "second")
        #expect(Scratch.listing(directory) == ["restoration.archive"])
    }

    @Test(
        "R10, R20: a continuous save that fails is reported to didFailToPreserveState; the previous archive stays",
        arguments: SaveFault.all)
    func failedContinuousSave(fault: SaveFault) throws {
        let scheduler = ManualScheduler()
        let engine = appEngine(scheduler: scheduler, continuous: true)
        try engine.preserve(reason: .requested)
        let previous = try #require(Scratch.bytes(of: archive))

        app.page.value = "second"
        faults.fail(fault.step, with: fault.code)
        engine.stateDidChange()
        scheduler.advance(by: .milliseconds(10))
        engine.waitForPendingWrites()
        let failure = try #require(app.failures.first)
        #expect(app.failures.count == 1)
        guard case .io(let operation, _, let code, _) = failure else {
            Issue.record("expected an I/O error, got \(failure)")
            return
        }
        #expect(operation == fault.step.rawValue && code == fault.code)
        #expect(
            engine.diagnostics.last?.description == "save failed: \(failure); the previous archive is intact")
        #expect(Scratch.bytes(of: archive) == previous)
        #expect(Scratch.listing(directory) == ["restoration.archive"])

        faults.clear()
        app.page.value = "third"
        engine.stateDidChange()
        scheduler.advance(by: .milliseconds(10))
        engine.waitForPendingWrites()
        #expect(app.failures.count == 1)
        #expect(FaultApp.restoredValue(from: directory) == "third")
    }

    @Test("R10: a state directory deleted while the app runs is created again, mode 0700, by the next save")
    func deletedDirectory() throws {
        let engine = appEngine()
        try engine.preserve(reason: .requested)
        try FileManager.default.removeItem(atPath: scratch.path)
        app.page.value = "second"
        try engine.preserve(reason: .requested)
        #expect(Scratch.mode(of: directory) == 0o700)
        #expect(Scratch.mode(of: archive) == 0o600)
        #expect(FaultApp.restoredValue(from: directory) == "second")
    }

    @Test(
        "R10: a missing state directory that cannot be created (a file is in the way) fails the save clearly; the app goes on"
    )
    func uncreatableDirectory() throws {
        let blocker = scratch.file("blocker")
        #expect(FileManager.default.createFile(atPath: blocker, contents: Data("not a directory".utf8)))
        let directory = blocker + "/state"
        let engine = app.engine(FileRestorationStorage(directory: directory))
        let error = try #require(throws: RestorationError.self) { try engine.preserve(reason: .requested) }
        #expect(error.description == "create directory '\(directory)' failed: Not a directory")
        #expect(
            engine.diagnostics.last?.description == "save failed: \(error); the previous archive is intact")
        #expect(Scratch.listing(scratch.path) == ["blocker"])
        #expect(Scratch.bytes(of: blocker) == Array("not a directory".utf8))

        try FileManager.default.removeItem(atPath: blocker)
        try expectSaves(engine, into: directory, restoring: "first")
    }

    @Test(
        "R10: a missing state directory whose creation is refused (EACCES) fails the save clearly and creates nothing"
    )
    func refusedDirectory() throws {
        faults.fail(.createDirectory, with: EACCES, onPathsEndingWith: "/state")
        let engine = appEngine()
        let error = try #require(throws: RestorationError.self) { try engine.preserve(reason: .requested) }
        #expect(error.description == "create directory '\(directory)' failed: Permission denied")
        #expect(Scratch.listing(scratch.path) == [])
        faults.clear()
        try expectSaves(engine, into: directory, restoring: "first")
    }

    @Test(
        "R10: a real rename failure (a non-empty directory where the archive goes) is reported and leaves no temporary file"
    )
    func realRenameFailure() throws {
        let engine = appEngine()
        try FileManager.default.createDirectory(
            atPath: archive + "/occupied", withIntermediateDirectories: true)
        let error = try #require(throws: RestorationError.self) { try engine.preserve(reason: .requested) }
        guard case .io(let operation, let path, _, _) = error else {
            Issue.record("expected an I/O error, got \(error)")
            return
        }
        #expect(operation == "rename" && path == archive)
        #expect(engine.diagnostics.last?.kind == .saveFailed)
        #expect(Scratch.listing(directory) == ["restoration.archive"])
        #expect(Scratch.listing(archive) == ["occupied"])

        try FileManager.default.removeItem(atPath: archive)
        try expectSaves(engine, into: directory, restoring: "first")
    }

    /// After the rename, the new archive is in place; only its durability is in doubt.
    @Test(
        "R10: a failed fsync of the directory after the rename is reported; the archive is the new one, whole"
    )
    func failedDirectorySync() throws {
        let engine = appEngine()
        try engine.preserve(reason: .requested)
        app.page.value = "second"
        faults.fail(.syncDirectory, with: EIO)
        let error = try #require(throws: RestorationError.self) { try engine.preserve(reason: .requested) }
        #expect(error.description == "fsync directory '\(directory)' failed: Input/output error")
        #expect(
            engine.diagnostics.last?.description
                == "save failed: \(error); the new archive is in place, but a power cut could still undo its rename"
        )
        #expect(FaultApp.restoredValue(from: directory) == "second")
        #expect(Scratch.listing(directory) == ["restoration.archive"])
    }

    /// Saves "kept" into `directory` (as on quitting), then relaunches the app there with
    /// `step` failing (EIO) on paths ending with `suffix`, and expects the relaunch to restore
    /// nothing, to say why (`reason`) and where the archive went, and to have set the archive
    /// aside whole. Returns the relaunched engine and the archive's bytes as saved.
    @discardableResult
    private func expectRelaunchSetsArchiveAside(
        failing step: StorageStep, onPathsEndingWith suffix: String, because reason: String,
        sourceLocation: SourceLocation = #_sourceLocation
    ) throws -> (engine: RestorationEngine, saved: [UInt8]) {
        let saver = FaultApp(value: "kept")
        try saver.engine(FileRestorationStorage(directory: directory)).preserve(reason: .termination)
        let saved = try #require(Scratch.bytes(of: archive), sourceLocation: sourceLocation)
        faults.fail(step, with: EIO, onPathsEndingWith: suffix)
        let engine = appEngine()
        let report = engine.restoreApplicationState()
        #expect(report.restored == false, sourceLocation: sourceLocation)
        #expect(
            report.diagnostics.map(\.description) == [
                "not restored: \(reason); it was set aside as restoration.archive.discarded in \(directory)"
            ], sourceLocation: sourceLocation)
        #expect(
            Scratch.listing(directory) == ["restoration.archive.discarded"], sourceLocation: sourceLocation)
        #expect(
            Scratch.bytes(of: archive + ".discarded") == saved, "what the message promised",
            sourceLocation: sourceLocation)
        return (engine, saved)
    }

    @Test(
        "R35: an archive that cannot be read at launch means a fresh launch; it is set aside, as the diagnostic says, and outlives the next save"
    )
    func unreadableArchive() throws {
        let (engine, saved) = try expectRelaunchSetsArchiveAside(
            failing: .read, onPathsEndingWith: "/restoration.archive",
            because: "cannot read the archive: read '\(archive)' failed: Input/output error")
        faults.clear()
        try engine.preserve(reason: .termination)
        #expect(Scratch.listing(directory) == ["restoration.archive", "restoration.archive.discarded"])
        #expect(Scratch.bytes(of: archive + ".discarded") == saved, "what the message promised")
    }

    @Test(
        "R35: launch markers that cannot be read fail closed: nothing is restored, and the archive is set aside, not overwritten"
    )
    func unreadableMarkers() throws {
        try expectRelaunchSetsArchiveAside(
            failing: .open, onPathsEndingWith: "/restoration.restoring",
            because: "the launch markers cannot be read (open '\(directory)/restoration.restoring' failed: "
                + "Input/output error), so a crash loop could not be caught; starting fresh")
    }
}
