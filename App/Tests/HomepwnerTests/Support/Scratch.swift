import Foundation
import HomepwnerCore
import TestSupport
import Testing

/// A fresh temporary directory for one test, removed when the test lets go of it
/// (TestSupport's ``TemporaryDirectory``), with Homepwner's paths inside it.
final class Scratch: TemporaryDirectory {
    init() {
        super.init(prefix: "homepwner-tests")
    }

    /// Paths with both directories inside this scratch directory.
    var paths: HomepwnerPaths {
        HomepwnerPaths(dataDirectory: file("data/homepwner"), stateDirectory: file("state/homepwner"))
    }
}

extension Scratch {
    /// Writes a 2 × 2 red PNG here and attaches it to the item at `index` in the store's
    /// order; returns that item.
    @discardableResult
    func attachRedPhoto(toItemAt index: Int) throws -> Item {
        let png = try write(ImageFiles.png(width: 2, height: 2) { _, _ in [255, 0, 0] }, to: "red.png")
        let store = try ItemStore(paths: paths)
        let item = try #require(try store.allItems().dropFirst(index).first, "no item at \(index)")
        return try store.attachPhoto(fromPath: png, to: item.key)
    }
}

extension Scratch {
    /// Makes the data directory, empty, and returns where the store's database goes: for a
    /// test to put a file there first, as another program or another version would leave it.
    @discardableResult
    func emptyDataDirectory() throws -> String {
        try FileManager.default.createDirectory(
            atPath: paths.dataDirectory, withIntermediateDirectories: true)
        return paths.databasePath
    }

    /// Makes the data directory and there, where the store's database goes, an SQLite file
    /// that `script` makes, as another program or another version would leave it; returns
    /// its path. The connection that made it is closed.
    @discardableResult
    func databaseFile(madeBy script: String) throws -> String {
        let path = try emptyDataDirectory()
        try RawDatabase(path).execute(script)
        return path
    }
}
