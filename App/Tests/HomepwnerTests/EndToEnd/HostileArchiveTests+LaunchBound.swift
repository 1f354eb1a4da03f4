import Foundation
import HomepwnerCore
import StateRestoration
import Testing
import TmuxTesting

/// Archives within every reader limit whose records ask Homepwner's restoration classes for
/// many objects, each of which costs real work (a list reads the store, a detail screen its
/// item and its photo): the first frame comes at once, and the log names the bound that cut
/// the archive (rule P3).
extension HostileArchiveTests {
    /// A record asking restoration class `name` (Homepwner's type of that name) for an
    /// object at `path`, under record `parent`.
    private func record(
        _ name: String, parent: Int, path: RestorationPath, _ entries: [ArchiveEntry] = []
    ) -> ArchiveRecord {
        ArchiveRecord(
            parentIndex: parent, path: path, typeName: "Homepwner.\(name)", restorationClassName: name,
            stateVersion: 0, entries: entries)
    }

    /// The session's items, each given a 320x240 photo: what a detail screen decodes.
    private func itemsWithPhotos(_ session: HomepwnerTmux) throws -> [UUID] {
        let store = try ItemStore(paths: session.paths)
        let photo = session.directory + "/photo.png"
        try Data(ImageFiles.png(width: 320, height: 240) { x, y in [UInt8(x % 256), UInt8(y % 256), 90] })
            .write(to: URL(fileURLWithPath: photo))
        let keys = try store.allItems().map(\.key)
        for key in keys { _ = try store.attachPhoto(fromPath: photo, to: key) }
        return keys
    }

    /// Launches on `archive`, and returns the log and the seconds to the first frame (shown
    /// in the test's output; docs/PERFORMANCE.md, "Other limits", rule P3).
    private func launchTimed(_ session: HomepwnerTmux, _ archive: Archive, shape: String) async throws
        -> [String]
    {
        let bytes = archive.encodedBytes().count
        let start = ContinuousClock.now
        let (screen, log) = try await launch(session, archive, ready: "New Item")
        print("P3 \(shape): \(bytes) bytes, first frame after \(ContinuousClock.now - start)")
        #expect(screen.contains("Half a name"), "the golden New Item screen is restored")
        #expect(try session.childPID() != nil)
        return log
    }

    @Test(
        "P3: 20,000 detail screens of items with photos (a 560 KB archive): the first frame comes, and the log names DetailViewController's bound"
    )
    func manyDetailScreens() async throws {
        try await withGolden { session, archive in
            let keys = try itemsWithPhotos(session)
            for index in 0..<20_000 {
                let path = RestorationPath([
                    .init("NavigationController"), .init("DetailViewController", occurrence: index),
                ])
                archive.records.append(
                    record(
                        "DetailViewController", parent: 0, path: path,
                        [ArchiveEntry(key: "item.itemKey", value: .uuid(keys[index % keys.count]))]))
            }
            let log = try await launchTimed(session, archive, shape: "20,000 detail screens")
            #expect(
                log.contains(
                    "restoration: not restored: restoration class 'DetailViewController' creates at most 8 objects in "
                        + "one restore (its maximumRestoredObjects, rule P3); the archive asked for 20001, so the 19993 "
                        + "after the first 8 are left out, with what is below them"),
                "\(log.prefix(20))")
        }
    }

    @Test(
        "P3: 20,000 lists side by side under the root: the first frame comes, and the log names the list's bound"
    )
    func manyLists() async throws {
        try await withGolden { session, archive in
            for index in 0..<20_000 {
                let path = RestorationPath([
                    .init("NavigationController"), .init("ItemsViewController", occurrence: index + 1),
                ])
                archive.records.append(record("ItemsViewController", parent: 0, path: path))
            }
            let log = try await launchTimed(session, archive, shape: "20,000 lists")
            #expect(
                log.contains(
                    "restoration: not restored: restoration class 'ItemsViewController' creates at most 4 objects in "
                        + "one restore (its maximumRestoredObjects, rule P3); the archive asked for 20001, so the 19997 "
                        + "after the first 4 are left out, with what is below them"),
                "\(log.prefix(20))")
        }
    }

    @Test(
        "P3: a chain of detail screens 60 deep, each under the last: the first frame comes, cut at the bound")
    func deepChainOfDetailScreens() async throws {
        try await withGolden { session, archive in
            let keys = try itemsWithPhotos(session)
            var parent = 0
            var path = RestorationPath([.init("NavigationController")])
            for level in 0..<60 {
                path = path.appending("DetailViewController", occurrence: level == 0 ? 1 : 0)
                archive.records.append(
                    record(
                        "DetailViewController", parent: parent, path: path,
                        [ArchiveEntry(key: "item.itemKey", value: .uuid(keys[level % keys.count]))]))
                parent = archive.records.count - 1
            }
            // The New Item screen's detail and seven links are made; the eighth link is refused,
            // and the 52 below it are not asked for.
            let log = try await launchTimed(session, archive, shape: "a chain of 60 detail screens")
            #expect(
                log.contains(
                    "restoration: not restored: restoration class 'DetailViewController' creates at most 8 objects in "
                        + "one restore (its maximumRestoredObjects, rule P3); the archive asked for 9, so the 1 "
                        + "after the first 8 are left out, with what is below them"),
                "\(log.prefix(20))")
        }
    }
}
