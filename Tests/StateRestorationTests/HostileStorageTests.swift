import Dispatch
import Foundation
import RestorationTesting
import TestSupport
import Testing

@_spi(Testing) @testable import StateRestoration

/// Files and directories as an attacker, a full disk or a failing device leave them, under
/// the real ``FileRestorationStorage`` (rules R32, R35, R36).
@Suite("R32, R35, R36: special files, huge files, failing markers and untrusted directories")
@MainActor
struct HostileStorageTests {
    /// A fresh private directory, removed by `cleanUp`.
    func scratch() -> String {
        let path = NSTemporaryDirectory() + "sr-hostile-\(UUID().uuidString)"
        mkdir(path, 0o700)
        return path
    }

    func cleanUp(_ path: String) {
        chmod(path, 0o700)
        try? FileManager.default.removeItem(atPath: path)
    }

    /// An engine on `directory` whose one root restores from the archive.
    func launch(
        _ directory: String, storage: (any RestorationStorage)? = nil
    ) -> (TestApp, RestorationEngine, RestorationReport) {
        let app = TestApp()
        app.factory = { _ in Node("Root") }
        let engine = app.engine(storage: storage ?? FileRestorationStorage(directory: directory))
        return (app, engine, app.launch(on: engine))
    }

    /// ``launch(_:storage:)``, expecting that nothing is restored; the restore's diagnostics
    /// as text.
    func launchRestoringNothing(
        _ directory: String, storage: (any RestorationStorage)? = nil,
        sourceLocation: SourceLocation = #_sourceLocation
    ) -> (app: TestApp, engine: RestorationEngine, diagnostics: [String]) {
        let (app, engine, report) = launch(directory, storage: storage)
        #expect(app.root == nil, "nothing is restored", sourceLocation: sourceLocation)
        return (app, engine, report.diagnostics.map(\.description))
    }

    /// The diagnostic of an archive in `directory` that could not be read, for `reason`, and
    /// was set aside.
    func cannotRead(_ reason: String, in directory: String) -> String {
        "not restored: cannot read the archive: \(reason); it was set aside as restoration.archive.discarded in "
            + directory
    }

    /// Saves an archive whose root holds "saved" into `directory`.
    func save(into directory: String) throws {
        let app = TestApp()
        app.root = Node("Root", value: "saved")
        try app.engine(storage: FileRestorationStorage(directory: directory), scheduler: nil).preserve(
            reason: .background)
    }

    /// A fresh directory (for `cleanUp`) after ``save(into:)``, and the archive's bytes as the
    /// file storage reads them.
    func savedScratch(sourceLocation: SourceLocation = #_sourceLocation) throws -> (
        directory: String, saved: [UInt8]
    ) {
        let directory = scratch()
        try save(into: directory)
        let saved = try #require(
            try FileRestorationStorage(directory: directory).load(.archive), sourceLocation: sourceLocation)
        return (directory, saved)
    }

    /// Runs `body` off the main thread and fails the test if it has not returned within
    /// `seconds`: what a blocked `open` or `read` would do to a launch.
    nonisolated func returnsPromptly<T: Sendable>(
        within seconds: Int = 20, _ body: @escaping @Sendable () -> T
    ) -> T? {
        let result = LockedBox<T?>(nil)
        let done = DispatchSemaphore(value: 0)
        DispatchQueue.global().async {
            let value = body()
            result.withLock { $0 = value }
            done.signal()
        }
        guard done.wait(timeout: .now() + .seconds(seconds)) == .success else { return nil }
        return result.withLock { $0 }
    }

    @Test("R32: a FIFO at the archive path is refused at once, not waited on, and set aside")
    func fifoArchive() throws {
        let directory = scratch()
        defer { cleanUp(directory) }
        let path = directory + "/restoration.archive"
        #expect(mkfifo(path, 0o600) == 0)
        let outcome = returnsPromptly {
            Result { () throws(RestorationError) in
                try FileRestorationStorage(directory: directory).load(.archive, atMost: 1 << 20)
            }
        }
        let result = try #require(outcome, "reading a FIFO blocked")
        #expect(throws: RestorationError.refused(path: path, reason: "is a FIFO, not a regular file")) {
            try result.get()
        }
        #expect(
            launchRestoringNothing(directory).diagnostics == [
                cannotRead("'\(path)' is a FIFO, not a regular file", in: directory)
            ])
        var status = stat()
        #expect(lstat(directory + "/restoration.archive.discarded", &status) == 0)
        #expect(status.st_mode & S_IFMT == S_IFIFO, "the FIFO itself was moved, not read")
        #expect(lstat(path, &status) != 0, "the archive path is free for the next save")
    }

    @Test("R32: a symbolic link at the archive path is not followed, even to /dev/zero or a good archive")
    func symlinkArchive() throws {
        let directory = scratch()
        defer { cleanUp(directory) }
        let elsewhere = scratch()
        defer { cleanUp(elsewhere) }
        try save(into: elsewhere)
        for target in ["/dev/zero", elsewhere + "/restoration.archive"] {
            let path = directory + "/restoration.archive"
            unlink(path)
            #expect(symlink(target, path) == 0)
            let outcome = returnsPromptly {
                Result { () throws(RestorationError) in
                    try FileRestorationStorage(directory: directory).load(.archive, atMost: 256 << 20)
                }
            }
            let result = try #require(outcome, "reading through the link to \(target) did not return")
            #expect(
                throws: RestorationError.refused(path: path, reason: "is a symbolic link, not a regular file")
            ) { try result.get() }
            let diagnostics = launchRestoringNothing(directory).diagnostics
            #expect(diagnostics.first?.contains("is a symbolic link") == true)
        }
    }

    @Test("R32: a 300 MiB sparse archive is refused from its size, unread, and set aside by rename")
    func hugeArchive() throws {
        let directory = scratch()
        defer { cleanUp(directory) }
        let path = directory + "/restoration.archive"
        let descriptor = open(path, O_WRONLY | O_CREAT, 0o600)
        #expect(ftruncate(descriptor, 300 << 20) == 0)
        close(descriptor)
        var before = stat()
        #expect(stat(path, &before) == 0)
        #expect(
            launchRestoringNothing(directory).diagnostics == [
                cannotRead("'\(path)' holds 314572800 bytes, over the limit of 268435456", in: directory)
            ])
        var after = stat()
        #expect(stat(directory + "/restoration.archive.discarded", &after) == 0)
        #expect(after.st_ino == before.st_ino, "renamed, not copied")
        #expect(after.st_blocks == before.st_blocks, "still sparse: nothing was written")
    }

    @Test("R32: a FIFO at the in-progress marker fails closed without blocking, and is cleared")
    func fifoMarker() throws {
        let directory = scratch()
        defer { cleanUp(directory) }
        try save(into: directory)
        #expect(mkfifo(directory + "/restoration.restoring", 0o600) == 0)
        let (_, engine, diagnostics) = launchRestoringNothing(directory)
        let note = try #require(diagnostics.first)
        #expect(note.hasPrefix("not restored: the launch markers cannot be read ("))
        #expect(note.contains("is a FIFO, not a regular file"))
        #expect(note.hasSuffix("it was set aside as restoration.archive.discarded in \(directory)"))
        _ = engine
        let (again, _, _) = launch(directory)
        #expect(
            again.root == nil, "the archive was set aside, so nothing restores, but nothing blocks either")
        var status = stat()
        #expect(lstat(directory + "/restoration.restoring", &status) != 0, "the FIFO is gone")
    }

    @Test("R35: when the launch markers cannot be written, nothing is restored and a diagnostic says why")
    func markersUnwritable() throws {
        let (directory, saved) = try savedScratch()
        defer { cleanUp(directory) }
        // A full disk: every new file fails; a rename still works.
        let storage = FileRestorationStorage(
            directory: directory, faults: .failing(.createTemporary, with: ENOSPC))
        let note = try #require(launchRestoringNothing(directory, storage: storage).diagnostics.first)
        #expect(note.hasPrefix("not restored: the launch markers cannot be written (create '"))
        #expect(note.contains("No space left on device"))
        #expect(
            note.contains("so a crash while restoring could not be caught at the next launch; starting fresh")
        )
        #expect(note.hasSuffix("it was set aside as restoration.archive.discarded in \(directory)"))
        #expect(try FileRestorationStorage(directory: directory).load(.discardedArchive) == saved)
        #expect(try FileRestorationStorage(directory: directory).load(.restoringMarker) == nil)
    }

    @Test("R35: a read error (EIO) sets the archive aside, so the message's promise is kept after a save")
    func readErrorKeepsTheArchive() throws {
        let (directory, saved) = try savedScratch()
        defer { cleanUp(directory) }
        let storage = FileRestorationStorage(
            directory: directory,
            faults: StorageFaults { step, path in step == .read && path.hasSuffix(".archive") ? EIO : nil })
        let (app, engine, diagnostics) = launchRestoringNothing(directory, storage: storage)
        #expect(
            diagnostics == [
                cannotRead(
                    "read '\(directory)/restoration.archive' failed: Input/output error", in: directory)
            ])
        app.root = Node("Root", value: "new")
        try engine.preserve(reason: .background)
        #expect(try FileRestorationStorage(directory: directory).load(.discardedArchive) == saved)
    }

    @Test("R36: a state directory that others can write is refused, for reading and for writing")
    func groupWritableDirectory() throws {
        let directory = scratch()
        defer { cleanUp(directory) }
        try save(into: directory)
        #expect(chmod(directory, 0o777) == 0)
        let (app, engine, diagnostics) = launchRestoringNothing(directory)
        #expect(
            diagnostics == [
                "not restored: '\(directory)' can be written by its group or others (mode 777), who could "
                    + "plant files in it; run: chmod go-w '\(directory)'; nothing in it was read or changed"
            ])
        app.root = Node("Root", value: "new")
        #expect(throws: RestorationError.self) { try engine.preserve(reason: .background) }
        #expect(FileManager.default.fileExists(atPath: directory + "/restoration.archive"), "untouched")
        #expect(TemporaryDirectory.mode(of: directory) == 0o777, "not silently changed: the user decides")
    }

    @Test("R36: a state directory that another user owns is refused")
    func foreignDirectory() throws {
        let directory = scratch()
        defer { cleanUp(directory) }
        try save(into: directory)
        guard geteuid() == 0 else { return }  // Only root can give a directory away.
        #expect(chown(directory, 12345, 12345) == 0)
        #expect(
            throws: RestorationError.refused(
                path: directory,
                reason:
                    "belongs to another user (uid 12345), who could plant files in it; use a directory of your own"
            )
        ) { try FileRestorationStorage(directory: directory).load(.archive) }
        _ = launchRestoringNothing(directory)
    }

    @Test("R36: a directory of one's own that others can only read is made private, and used")
    func readableDirectoryTightened() throws {
        let directory = scratch()
        defer { cleanUp(directory) }
        #expect(chmod(directory, 0o755) == 0)
        try save(into: directory)
        #expect(TemporaryDirectory.mode(of: directory) == 0o700)
        let (app, _, report) = launch(directory)
        #expect(report.diagnostics.map(\.description) == [])
        #expect(app.root?.value == "saved")
    }

    @Test("R33: the debug log is not followed through a symbolic link, and a FIFO log does not block")
    func hostileLog() throws {
        let directory = scratch()
        defer { cleanUp(directory) }
        let victim = directory + "/victim"
        #expect(FileManager.default.createFile(atPath: victim, contents: Data("keep".utf8)))
        #expect(symlink(victim, directory + "/link.log") == 0)
        #expect(mkfifo(directory + "/fifo.log", 0o600) == 0)
        for log in ["link.log", "fifo.log"] {
            let path = directory + "/" + log
            let returned = returnsPromptly {
                DiagnosticOutput(.file(path)).write(
                    [RestorationDiagnostic(.notRestored, path: nil, reason: "x")])
                return true
            }
            #expect(returned == true, "writing the log \(log) blocked")
        }
        #expect(try String(contentsOfFile: victim, encoding: .utf8) == "keep")
    }
}

/// A lock-protected box for a value handed back from another thread.
private final class LockedBox<Value: Sendable>: @unchecked Sendable {
    // Safe: every access goes through `lock`.
    private var value: Value
    private let lock = NSLock()

    init(_ value: Value) { self.value = value }

    func withLock<R>(_ body: (inout Value) -> R) -> R {
        lock.lock()
        defer { lock.unlock() }
        return body(&value)
    }
}
