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

    static let all = [
        SaveFault(
            name: "read-only state directory (EROFS)", step: .createTemporary, code: EROFS,
            message: "Read-only file system"),
        SaveFault(
            name: "state directory without write permission (EACCES)", step: .createTemporary, code: EACCES,
            message: "Permission denied"),
        SaveFault(
            name: "full disk while writing (ENOSPC)", step: .write, code: ENOSPC,
            message: "No space left on device"),
        SaveFault(
            name: "quota exceeded while writing (EDQUOT)", step: .write, code: EDQUOT,
            message: "Disk quota exceeded"),
        SaveFault(
            name: "full disk found at fsync (ENOSPC)", step: .fsync, code: ENOSPC,
            message: "No space left on device"),
        SaveFault(
            name: "failing device at fsync (EIO)", step: .fsync, code: EIO, message: "Input/output error"),
        SaveFault(
            name: "rename refused (EBUSY)", step: .rename, code: EBUSY, message: "Device or resource busy"),
        SaveFault(
            name: "rename on a read-only file system (EROFS)", step: .rename, code: EROFS,
            message: "Read-only file system"),
    ]
}

@Suite("R10: faults on save: the error reaches the app, the previous archive stays, nothing is left behind")
@MainActor
struct SaveFaultTests {
    let scratch = Scratch()
    var directory: String { scratch.file("state") }
    var archive: String { directory + "/restoration.archive" }

    @Test(
        "R10: a failed save throws a clear error, says so in a diagnostic, keeps the previous archive and no temporary file, and the app saves again once the fault is gone",
        arguments: SaveFault.all)
    func failedSave(fault: SaveFault) throws {
        let faults = FaultSwitch()
        let app = FaultApp(value: "first")
        let engine = app.engine(FileRestorationStorage(directory: directory, faults: faults.faults))
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
        try engine.preserve(reason: .requested)
        #expect(FaultApp.restoredValue(from: directory) == "second")
        #expect(Scratch.listing(directory) == ["restoration.archive"])
    }

    @Test(
        "R10, R20: a continuous save that fails is reported to didFailToPreserveState; the previous archive stays",
        arguments: SaveFault.all)
    func failedContinuousSave(fault: SaveFault) throws {
        let faults = FaultSwitch()
        let scheduler = ManualScheduler()
        let app = FaultApp(value: "first")
        let engine = app.engine(
            FileRestorationStorage(directory: directory, faults: faults.faults), scheduler: scheduler,
            continuous: true)
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
        let app = FaultApp(value: "first")
        let engine = app.engine(FileRestorationStorage(directory: directory))
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
        let app = FaultApp(value: "first")
        let engine = app.engine(FileRestorationStorage(directory: directory))
        let error = try #require(throws: RestorationError.self) { try engine.preserve(reason: .requested) }
        #expect(error.description == "create directory '\(directory)' failed: Not a directory")
        #expect(
            engine.diagnostics.last?.description == "save failed: \(error); the previous archive is intact")
        #expect(Scratch.listing(scratch.path) == ["blocker"])
        #expect(Scratch.bytes(of: blocker) == Array("not a directory".utf8))

        try FileManager.default.removeItem(atPath: blocker)
        try engine.preserve(reason: .requested)
        #expect(FaultApp.restoredValue(from: directory) == "first")
    }

    @Test(
        "R10: a missing state directory whose creation is refused (EACCES) fails the save clearly and creates nothing"
    )
    func refusedDirectory() throws {
        let faults = FaultSwitch()
        faults.fail(.createDirectory, with: EACCES, onPathsEndingWith: "/state")
        let app = FaultApp(value: "first")
        let engine = app.engine(FileRestorationStorage(directory: directory, faults: faults.faults))
        let error = try #require(throws: RestorationError.self) { try engine.preserve(reason: .requested) }
        #expect(error.description == "create directory '\(directory)' failed: Permission denied")
        #expect(Scratch.listing(scratch.path) == [])
        faults.clear()
        try engine.preserve(reason: .requested)
        #expect(FaultApp.restoredValue(from: directory) == "first")
    }

    @Test(
        "R10: a real rename failure (a non-empty directory where the archive goes) is reported and leaves no temporary file"
    )
    func realRenameFailure() throws {
        let app = FaultApp(value: "first")
        let engine = app.engine(FileRestorationStorage(directory: directory))
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
        try engine.preserve(reason: .requested)
        #expect(FaultApp.restoredValue(from: directory) == "first")
    }

    /// After the rename, the new archive is in place; only its durability is in doubt.
    @Test(
        "R10: a failed fsync of the directory after the rename is reported; the archive is the new one, whole"
    )
    func failedDirectorySync() throws {
        let faults = FaultSwitch()
        let app = FaultApp(value: "first")
        let engine = app.engine(FileRestorationStorage(directory: directory, faults: faults.faults))
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

    /// Saves "kept" (as on quitting) through file storage in `directory` whose faults a test
    /// switches on: the storage, its switch, and the archive's bytes as saved.
    private func keptOnFaultyStorage() throws -> (
        storage: FileRestorationStorage, faults: FaultSwitch, saved: [UInt8]?
    ) {
        let faults = FaultSwitch()
        let storage = FileRestorationStorage(directory: directory, faults: faults.faults)
        let saver = FaultApp(value: "kept")
        try saver.engine(storage).preserve(reason: .termination)
        return (storage, faults, Scratch.bytes(of: archive))
    }

    @Test(
        "R35: an archive that cannot be read at launch means a fresh launch; it is set aside, as the diagnostic says, and outlives the next save"
    )
    func unreadableArchive() throws {
        let (storage, faults, saved) = try keptOnFaultyStorage()
        faults.fail(.read, with: EIO, onPathsEndingWith: "/restoration.archive")

        let app = FaultApp()
        let engine = app.engine(storage)
        let report = engine.restoreApplicationState()
        #expect(report.restored == false)
        #expect(
            report.diagnostics.map(\.description) == [
                "not restored: cannot read the archive: read '\(archive)' failed: Input/output error; "
                    + "it was set aside as restoration.archive.discarded in \(directory)"
            ])
        #expect(Scratch.listing(directory) == ["restoration.archive.discarded"])
        faults.clear()
        try engine.preserve(reason: .termination)
        #expect(Scratch.listing(directory) == ["restoration.archive", "restoration.archive.discarded"])
        #expect(Scratch.bytes(of: archive + ".discarded") == saved, "what the message promised")
    }

    @Test(
        "R35: launch markers that cannot be read fail closed: nothing is restored, and the archive is set aside, not overwritten"
    )
    func unreadableMarkers() throws {
        let (storage, faults, saved) = try keptOnFaultyStorage()
        faults.fail(.open, with: EIO, onPathsEndingWith: "/restoration.restoring")

        let app = FaultApp()
        let report = app.engine(storage).restoreApplicationState()
        #expect(report.restored == false)
        #expect(
            report.diagnostics.map(\.description) == [
                "not restored: the launch markers cannot be read (open '\(directory)/restoration.restoring' "
                    + "failed: Input/output error), so a crash loop could not be caught; starting fresh; "
                    + "it was set aside as restoration.archive.discarded in \(directory)"
            ])
        #expect(Scratch.listing(directory) == ["restoration.archive.discarded"])
        #expect(Scratch.bytes(of: archive + ".discarded") == saved)
    }
}
