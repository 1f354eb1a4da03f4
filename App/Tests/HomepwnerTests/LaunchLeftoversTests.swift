import Foundation
import HomepwnerCore
import Testing

@testable import Homepwner

/// A launch that fails before the app runs leaves nothing behind: the directories
/// and the database it made for the occasion are removed again.
@Suite("H10: a failed launch leaves no files")
@MainActor
struct LaunchLeftoversTests {
    @Test(
        "H10: --open of an unknown item, or no terminal, in new directories: nothing is left",
        arguments: [
            ["--open", "UNKNOWN"], [],
        ])
    func nothingLeft(arguments: [String]) {
        let scratch = Scratch()
        let root = scratch.file("fresh")
        let run = CommandRun(
            arguments + ["--data-dir", root + "/data/homepwner", "--state-dir", root + "/state/homepwner"],
            in: scratch)
        #expect(run.status != 0)
        #expect(!FileManager.default.fileExists(atPath: root), "left: \(TemporaryDirectoryListing.of(root))")
    }

    @Test("H10: a failed --open in directories that existed leaves their files alone")
    func existingKept() throws {
        let scratch = Scratch()
        let store = try HomepwnerCore.ItemStore(paths: scratch.paths)
        _ = try store.createItem(name: "Kept")
        let run = CommandRun(
            [
                "--open", "UNKNOWN", "--data-dir", scratch.paths.dataDirectory, "--state-dir",
                scratch.paths.stateDirectory,
            ],
            in: scratch)
        #expect(run.status == 65)
        #expect(FileManager.default.fileExists(atPath: scratch.paths.databasePath))
        #expect(try HomepwnerCore.ItemStore(paths: scratch.paths).count() == 1)
    }
}

/// What is under a path, for a failure message.
enum TemporaryDirectoryListing {
    static func of(_ path: String) -> [String] {
        (FileManager.default.enumerator(atPath: path)?.allObjects as? [String]) ?? []
    }
}
