import Foundation
import Synchronization
import Testing

@_spi(Testing) @testable import StateRestoration

/// What a restored launch asks of the disk (rule P2): its launch markers survive the
/// process's death without an `fsync`, so the restore does not wait for the disk.
@Suite("P2: the launch markers and the disk")
@MainActor
struct LaunchMarkerCostTests {
    /// A new directory holding an archive whose root holds "saved".
    private func savedDirectory() throws -> String {
        let directory = NSTemporaryDirectory() + "sr-markers-\(UUID().uuidString)"
        let saving = TestApp()
        saving.root = Node("Root", value: "saved")
        try saving.engine(storage: FileRestorationStorage(directory: directory), scheduler: nil).preserve(
            reason: .background)
        return directory
    }

    /// Restores from an archive saved in a new directory, recording what the storage did.
    private func restoreRecording() throws -> (operations: [StorageOperation], restored: String?) {
        let directory = try savedDirectory()
        defer { try? FileManager.default.removeItem(atPath: directory) }
        let operations = Mutex<[StorageOperation]>([])
        var faults = StorageFaults { _, _ in nil }
        faults.record = { operation in operations.withLock { $0.append(operation) } }
        let app = TestApp()
        app.factory = { _ in Node("Root") }
        let report = app.launch(
            on: app.engine(storage: FileRestorationStorage(directory: directory, faults: faults)))
        #expect(report.restored)
        return (operations.withLock { $0 }, app.root?.value)
    }

    @Test("P2: a restore writes and removes its launch markers with no fsync of a file or the directory")
    func markersWithoutSync() throws {
        let (operations, restored) = try restoreRecording()
        #expect(restored == "saved")
        let names = operations.map { "\($0)" }
        #expect(names.contains { $0.contains(StorageItem.restoringMarker.rawValue) }, "\(names)")
        #expect(names.contains { $0.contains(StorageItem.launchHistory.rawValue) }, "\(names)")
        let syncs = operations.filter {
            switch $0 {
            case .fsync, .syncDirectory: true
            default: false
            }
        }
        #expect(syncs.isEmpty, "\(syncs)")
    }

    @Test(
        "P2: the markers' writes still survive the process: the in-progress marker is there while a restore runs"
    )
    func markerPresentDuringRestore() throws {
        let directory = try savedDirectory()
        defer { try? FileManager.default.removeItem(atPath: directory) }
        let app = TestApp()
        var seenDuringRestore = false
        app.factory = { _ in
            seenDuringRestore = FileManager.default.fileExists(
                atPath: directory + "/" + StorageItem.restoringMarker.rawValue)
            return Node("Root")
        }
        #expect(app.launch(on: app.engine(storage: FileRestorationStorage(directory: directory))).restored)
        #expect(seenDuringRestore)
        #expect(
            !FileManager.default.fileExists(atPath: directory + "/" + StorageItem.restoringMarker.rawValue))
    }
}
