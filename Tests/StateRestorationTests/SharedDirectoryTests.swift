import Foundation
import TestSupport
import Testing

@testable import StateRestoration

/// Rule R36 against a shared directory: one that others can write is refused, sticky or
/// not, and a file that another user owns is never read, wherever it lies.
@Suite("R36: shared directories and other users' files")
struct SharedDirectoryTests {
    @Test(
        "R36: a directory others can write is refused even with the sticky bit, as on /tmp, and the message says what to do"
    )
    func stickyDirectoryRefused() throws {
        let scratch = TemporaryDirectory(prefix: "shared")
        let shared = scratch.file("shared")
        #expect(mkdir(shared, 0o700) == 0)
        #expect(chmod(shared, 0o1777) == 0)
        #expect(throws: RestorationError.self) { try DirectoryTrust.check(shared) }
        do {
            try DirectoryTrust.check(shared)
        } catch {
            #expect("\(error)".contains("can be written by its group or others (mode 1777)"), "\(error)")
            #expect("\(error)".contains("mkdir -m 700"), "\(error)")
        }
        // The storage neither reads from it nor writes to it.
        let storage = FileRestorationStorage(directory: shared)
        #expect(throws: RestorationError.self) { try storage.store([1, 2, 3], as: .archive) }
        #expect(TemporaryDirectory.listing(shared).isEmpty)
        // /tmp itself, as it is on every Linux machine.
        #expect(throws: RestorationError.self) { try DirectoryTrust.check("/tmp") }
    }

    @Test("R36: an archive or a marker another user owns is refused, not read", .enabled(if: geteuid() == 0))
    func otherUsersFileRefused() throws {
        let scratch = TemporaryDirectory(prefix: "planted")
        let storage = FileRestorationStorage(directory: scratch.path)
        try storage.store(Array("restoring\n".utf8), as: .restoringMarker)
        try storage.store([0x89, 0x52], as: .archive)
        for item in [StorageItem.archive, .restoringMarker] {
            #expect(chown(storage.path(of: item), 65534, 65534) == 0)
            #expect(throws: RestorationError.self) { _ = try storage.load(item) }
            do {
                _ = try storage.load(item)
            } catch {
                #expect("\(error)".contains("belongs to another user (uid 65534)"), "\(error)")
            }
        }
    }
}
